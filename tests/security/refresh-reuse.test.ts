// @module-tag engine-parity
// The seed's rule (issue 24, "Done when"): reusing a consumed refresh token revokes the whole token
// family, and so does a race of two refreshes with one token: one wins, the loser is a reuse, and
// the winner's new pair dies with the family. Run each way several times (a race is a race).
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createPerson } from '../../harness/oauth';
import { connectDevice, mcpStatus, refresh } from '../integration/oauth/flows';

const baseUrl = inject('baseUrl');
let person: Awaited<ReturnType<typeof createPerson>>;

beforeAll(async () => {
  person = await createPerson(baseUrl, 'refresh-reuse');
});

describe('refresh token reuse revokes the family', () => {
  it.each([1, 2, 3])('replay after rotation (round %i)', async () => {
    const t = await connectDevice(baseUrl, person.session);
    const rotated = await refresh(baseUrl, t.clientId, t.refreshToken);
    expect(rotated.status).toBe(200);
    const replay = await refresh(baseUrl, t.clientId, t.refreshToken);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    expect((await refresh(baseUrl, t.clientId, String(rotated.body.refresh_token))).status).toBe(400);
    expect(await mcpStatus(baseUrl, String(rotated.body.access_token))).toBe(401);
  });

  it.each([2, 2, 2, 5, 10])('%i refreshes racing with one token: one wins, then the whole family is dead', async (racers) => {
    const t = await connectDevice(baseUrl, person.session);
    const results = await Promise.all(Array.from({ length: racers }, () => refresh(baseUrl, t.clientId, t.refreshToken)));
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === 400 && r.body.error === 'invalid_grant')).toHaveLength(racers - 1);
    const won = winners[0]!.body;
    // The losers were reuses: the pair the winner got is revoked with the family.
    const again = await refresh(baseUrl, t.clientId, String(won.refresh_token));
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    expect(await mcpStatus(baseUrl, String(won.access_token))).toBe(401);
    expect(await mcpStatus(baseUrl, t.accessToken)).toBe(401);
  });
});
