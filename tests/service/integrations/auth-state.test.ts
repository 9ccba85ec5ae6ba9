// @module-tag engine-parity
// The OAuth state of a provider authorization, in process against this file's own database (the
// service tier's clone, tests/service/support/database.ts): bound to one person and integration,
// single use, expiring, hashed.
import { beforeAll, describe, expect, it } from 'vitest';
import * as db from '@/lib/database/client';
import * as state from '@/lib/integrations/auth-state';

let userId: string;
const lib = { db, state };

beforeAll(async () => {
  const prisma = await lib.db.db();
  userId = (await prisma.user.create({ data: { email: `state-${Date.now()}@example.com`, passwordHash: 'not-used-here' } })).id;
}, 120_000);

describe('integration authorization state', () => {
  it('names the person it was issued to, once', async () => {
    const { state, expiresAt } = await lib.state.createAuthState(userId, 'strava');
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await lib.state.consumeAuthState(state, 'strava')).toEqual({ userId });
    expect(await lib.state.consumeAuthState(state, 'strava')).toBeNull();
  });

  it('is stored only as a hash', async () => {
    const { state } = await lib.state.createAuthState(userId, 'strava');
    const rows = await (await lib.db.db()).integrationAuthState.findMany();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(state);
  });

  it('expires after 15 minutes', async () => {
    const { state } = await lib.state.createAuthState(userId, 'strava', new Date(Date.now() - 15 * 60_000 - 1000));
    expect(await lib.state.consumeAuthState(state, 'strava')).toBeNull();
  });

  it('is refused for another integration, and then spent', async () => {
    const { state } = await lib.state.createAuthState(userId, 'strava');
    expect(await lib.state.consumeAuthState(state, 'other')).toBeNull();
    expect(await lib.state.consumeAuthState(state, 'strava')).toBeNull();
  });

  it('parallel uses of one state: exactly one wins', async () => {
    const { state } = await lib.state.createAuthState(userId, 'strava');
    const results = await Promise.all(Array.from({ length: 8 }, () => lib.state.consumeAuthState(state, 'strava')));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
  });

  it('rejects malformed values without a lookup', async () => {
    expect(await lib.state.consumeAuthState('', 'strava')).toBeNull();
    expect(await lib.state.consumeAuthState('x'.repeat(500), 'strava')).toBeNull();
  });
});
