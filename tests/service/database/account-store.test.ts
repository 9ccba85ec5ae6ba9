// @module-tag engine-parity
// The account's one door to the database (lib/account/store.ts): the deletion page's counts and the
// grants deletion revokes, typed statements on this run's engine (counts come back as bigint text on
// PostgreSQL), for a person with sessions, health data, a plan and two agents against one with none; then
// the deletion's one transaction, which leaves nothing of the first person and all of the second. The
// whole path over HTTP (export, deletion, every table counted): tests/integration/account/own-data.test.ts.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { deletePerson, deletionCounts, emailOf, grantIdsOf, passwordHashOf } from '@/lib/account/store';
import { database } from '@/lib/database/client';
import { PrismaOidcAdapter } from '@/lib/oauth/oidc-adapter';
import { newAccount, newAthlete, todayUtc, type Athlete } from '../support/athlete';

let full: Athlete;
let empty: { userId: string; email: string };
const grants: string[] = [];

/** A grant to an agent and two access tokens of it, stored by the OAuth server's own adapter. */
async function connectAgent(userId: string, clientId: string): Promise<string> {
  const grantId = `grant-${crypto.randomBytes(6).toString('hex')}`;
  await new PrismaOidcAdapter('Grant').upsert(grantId, { accountId: userId, clientId }, 86_400);
  for (let i = 0; i < 2; i++)
    await new PrismaOidcAdapter('AccessToken').upsert(
      crypto.randomBytes(32).toString('base64url'),
      { accountId: userId, clientId, grantId, scope: 'profile:read', aud: 'https://pacewise.example/mcp' },
      3_600,
    );
  return grantId;
}

beforeAll(async () => {
  full = await newAthlete('account-store');
  const other = await newAccount('account-store-empty');
  empty = { userId: other.userId, email: other.person.email };
  await full.agent.call('create_training_plan', { goal: 'strength', weeks: 4, daysPerWeek: 3 });
  await full.agent.call('record_health_data', {
    records: [
      { type: 'steps', value: 8000, unit: 'count', start: todayUtc() },
      { type: 'resting_heart_rate', value: 52, unit: 'bpm', start: `${todayUtc()}T06:30:00Z` },
    ],
  });
  grants.push(await connectAgent(full.userId, 'agent-a'), await connectAgent(full.userId, 'agent-b'));
});

describe('the account store', () => {
  it('counts what the deletion page lists, as numbers, for a person with data and one without', async () => {
    const { raw } = await database();
    const [sessions] = await raw.query<{ n: string | number }>(`SELECT count(*) AS n FROM "Workout" WHERE "userId" = $1`, [full.userId]);
    expect(await deletionCounts(full.userId)).toEqual({ sessions: Number(sessions!.n), healthRecords: 2, plans: 1, agents: 2 });
    expect(Number(sessions!.n)).toBeGreaterThan(0);
    expect(await deletionCounts(empty.userId)).toEqual({ sessions: 0, healthRecords: 0, plans: 0, agents: 0 });
  });

  it('lists each grant once however many tokens name it, and none for a person without agents', async () => {
    expect((await grantIdsOf(full.userId)).sort()).toEqual([...grants].sort());
    expect(await grantIdsOf(empty.userId)).toEqual([]);
  });

  it('reads the e-mail and password hash of an account, null without one', async () => {
    expect(await emailOf(empty.userId)).toBe(empty.email);
    expect(await passwordHashOf(empty.userId)).toMatch(/^\$argon2/);
    expect(await emailOf('no-such-person')).toBeNull();
    expect(await passwordHashOf('no-such-person')).toBeNull();
  });

  it('deletes the person and every row they own in one transaction, and nothing of anyone else', async () => {
    const { raw } = await database();
    const owned = async (userId: string) => {
      const [row] = await raw.query<Record<string, string | number>>(
        `SELECT (SELECT count(*) FROM "User" WHERE "id" = $1) AS users, (SELECT count(*) FROM "Workout" WHERE "userId" = $1) AS workouts,
                (SELECT count(*) FROM "HealthRecord" WHERE "userId" = $1) AS health, (SELECT count(*) FROM "OAuthRecord" WHERE "accountId" = $1) AS oauth,
                (SELECT count(*) FROM "AdaptationTotals" WHERE "userId" = $1) AS totals`,
        [userId],
      );
      return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
    };
    const before = await owned(empty.userId);
    expect((await owned(full.userId)).workouts).toBeGreaterThan(0);
    await deletePerson(full.userId, 'sign-in-key-of-nobody');
    expect(await owned(full.userId)).toEqual({ users: 0, workouts: 0, health: 0, oauth: 0, totals: 0 });
    expect(await owned(empty.userId)).toEqual(before);
    expect(before.users).toBe(1);
  });
});
