// @module-tag engine-parity
// The account's one door to the database (lib/account/store.ts): the deletion page's counts and the
// grants deletion revokes, typed statements on this run's engine (counts come back as bigint text on
// PostgreSQL), for a person with sessions, health data, a plan and two agents against one with none; the
// export's fourteen typed reads against the Prisma selects they replaced (tests/service/support/prisma-export.ts),
// equal row for row and key for key, for a person with a long history and for one with none, with this
// process and the database session at UTC+13 (a timestamp read as local time would move by 13 hours); then
// the deletion's one transaction, which leaves nothing of the first person and all of the second. The
// whole path over HTTP (export, deletion, every table counted): tests/integration/account/own-data.test.ts.
import { atUtc13, ZONE } from './at-utc13';
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ExportedProfile } from '@/lib/account/export-format';
import { clientMetadataOf, deletePerson, deletionCounts, emailOf, exportRows, grantIdsOf, passwordHashOf } from '@/lib/account/store';
import { database } from '@/lib/database/client';
import { PrismaOidcAdapter } from '@/lib/oauth/oidc-adapter';
import { newAccount, newAthlete, todayUtc, type Athlete } from '../support/athlete';
import { addDays } from '@/lib/training/dates';
import { prismaExportRows } from '../support/prisma-export';

atUtc13();

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
      // Yesterday: 06:30 UTC today is still ahead for the first hours of a UTC day, and a future reading is refused.
      { type: 'steps', value: 8000, unit: 'count', start: addDays(todayUtc(), -1) },
      { type: 'resting_heart_rate', value: 52, unit: 'bpm', start: `${addDays(todayUtc(), -1)}T06:30:00Z` },
    ],
  });
  grants.push(await connectAgent(full.userId, 'agent-a'), await connectAgent(full.userId, 'agent-b'));
  const { raw } = await database();
  // PGlite has one session: set its zone here. PostgreSQL's connections got it from the URL.
  if (raw.engine === 'pglite') await raw.query(`SET TIME ZONE '${ZONE}'`);
  await seedLongHistory(full.userId);
});

const HISTORY_DAYS = 400;

/**
 * A long history beside what the tools wrote: a record every day for 400 days with 0 to 3 field changes,
 * a health record a day, time off, a benchmark, an integration and an imported activity, a finished
 * session, and list columns holding NULL (a record's notes, a profile's and a plan's days and equipment).
 */
async function seedLongHistory(userId: string): Promise<void> {
  const { raw } = await database();
  await raw.query(
    `INSERT INTO "AdaptationEvent" ("id", "userId", "trigger", "workoutId", "notes", "stateBefore", "stateAfter", "createdAt")
     SELECT $1 || '-e' || d, $1, 'completed', 'w-' || d, CASE WHEN d % 5 > 0 THEN ARRAY['note ' || d, 'second'] END, '{"e1rm":{"squat":100}}', '{"e1rm":{"squat":102.5}}',
            timestamp '2025-01-01 23:30:05.123' + d * interval '1 day'
       FROM generate_series(1, $2::int) AS d`,
    [userId, HISTORY_DAYS],
  );
  await raw.query(
    `INSERT INTO "WorkoutChange" ("id", "eventId", "workoutId", "date", "path", "before", "after", "reason", "position")
     SELECT $1 || '-c' || d || '-' || p, $1 || '-e' || d, 'w-' || d, '2025-01-02', 'strength[0].sets[' || p || '].loadKg', 100.1, 102.5 + p, 'linear step', 2 - p
       FROM generate_series(1, $2::int) AS d, generate_series(0, 2) AS p WHERE p < d % 4`,
    [userId, HISTORY_DAYS],
  );
  await raw.query(
    `INSERT INTO "HealthRecord" ("id", "userId", "type", "value", "unit", "date", "startAt", "endAt", "source", "sourceId", "createdAt", "updatedAt")
     SELECT $1 || '-h' || d, $1, 'steps', 8000.5 + d, 'count', to_char(date '2025-01-01' + d, 'YYYY-MM-DD'),
            timestamp '2025-01-01 11:00:00' + d * interval '1 day', CASE WHEN d % 2 = 0 THEN timestamp '2025-01-01 12:00:00.5' + d * interval '1 day' END,
            'agent', 'seed', now(), now()
       FROM generate_series(1, $2::int) AS d`,
    [userId, HISTORY_DAYS],
  );
  await raw.query(
    `INSERT INTO "TimeOff" ("id", "userId", "fromDate", "toDate", "kind", "note", "createdAt") VALUES ($1 || '-t', $1, '2025-03-01', '2025-03-09', 'illness', NULL, now())`,
    [userId],
  );
  await raw.query(
    `INSERT INTO "Benchmark" ("id", "userId", "kind", "exercise", "reps", "loadKg", "date", "createdAt") VALUES ($1 || '-b', $1, 'strength', 'back_squat', 5, 102.5, '2025-02-01', now())`,
    [userId],
  );
  await raw.query(
    `INSERT INTO "IntegrationConnection" ("id", "userId", "integrationId", "status", "externalAccountId", "scopes", "accessToken", "connectedAt", "lastSyncAt", "createdAt", "updatedAt")
     VALUES ($1 || '-i', $1, 'strava', 'connected', '42', 'read,activity:read', 'never-exported', timestamp '2025-01-05 00:00:00.001', NULL, now(), now())`,
    [userId],
  );
  await raw.query(
    `INSERT INTO "ImportedActivity" ("id", "userId", "integrationId", "externalId", "sportType", "name", "date", "startAt", "distanceM", "movingTimeS", "elapsedTimeS", "avgHr", "importedAt")
     VALUES ($1 || '-a', $1, 'strava', '9001', 'Run', 'Easy run', '2025-01-06', timestamp '2025-01-06 06:00:00', 8012.4, 2400, 2460, 141.5, now())`,
    [userId],
  );
  await raw.query(
    `UPDATE "Workout" SET "status" = 'completed', "actual" = '{"rpe":7}', "completedAt" = timestamp '2025-01-07 23:59:59.999'
      WHERE "id" = (SELECT "id" FROM "Workout" WHERE "userId" = $1 ORDER BY "date", "id" LIMIT 1)`,
    [userId],
  );
  await raw.query(`UPDATE "Profile" SET "trainingDays" = NULL, "equipment" = NULL WHERE "userId" = $1`, [userId]);
  await raw.query(`UPDATE "TrainingPlan" SET "trainingDays" = NULL, "equipment" = NULL WHERE "userId" = $1`, [userId]);
}

describe('the account store', () => {
  it('counts what the deletion page lists, as numbers, for a person with data and one without', async () => {
    const { raw } = await database();
    const [sessions] = await raw.query<{ n: string | number }>(`SELECT count(*) AS n FROM "Workout" WHERE "userId" = $1`, [full.userId]);
    expect(await deletionCounts(full.userId)).toEqual({
      sessions: Number(sessions!.n),
      healthRecords: 2 + HISTORY_DAYS,
      plans: 1,
      agents: 2,
    });
    expect(Number(sessions!.n)).toBeGreaterThan(0);
    expect(await deletionCounts(empty.userId)).toEqual({ sessions: 0, healthRecords: 0, plans: 0, agents: 0 });
  });

  it('lists each grant once however many tokens name it, and none for a person without agents', async () => {
    expect((await grantIdsOf(full.userId)).sort()).toEqual([...grants].sort());
    expect(await grantIdsOf(empty.userId)).toEqual([]);
  });

  it('reads the export as the Prisma selects did, row for row and key for key: a long history and none', async () => {
    const now = new Date();
    for (const userId of [full.userId, empty.userId]) {
      const typed = await exportRows(userId, now);
      const reference = await prismaExportRows(userId, now);
      // Same values and types (a Date stays a Date, an array an array, JSON parsed) and the same keys in the same order.
      expect(typed).toEqual(reference);
      expect(JSON.stringify(typed)).toBe(JSON.stringify(reference));
    }
    const rows = (await exportRows(full.userId, now))!;
    expect(rows.events.length).toBeGreaterThanOrEqual(HISTORY_DAYS);
    const seeded = rows.events.find((e) => e.id === `${full.userId}-e3`)!;
    // Instants: the stored UTC wall time, whatever this process's and the session's zone.
    expect(seeded.createdAt.toISOString()).toBe('2025-01-04T23:30:05.123Z');
    expect(seeded.changes).toEqual([
      { workoutId: 'w-3', date: '2025-01-02', path: 'strength[0].sets[2].loadKg', before: 100.1, after: 104.5, reason: 'linear step' },
      { workoutId: 'w-3', date: '2025-01-02', path: 'strength[0].sets[1].loadKg', before: 100.1, after: 103.5, reason: 'linear step' },
      { workoutId: 'w-3', date: '2025-01-02', path: 'strength[0].sets[0].loadKg', before: 100.1, after: 102.5, reason: 'linear step' },
    ]);
    expect(rows.events.find((e) => e.id === `${full.userId}-e4`)!.changes).toEqual([]);
    expect(rows.events.find((e) => e.id === `${full.userId}-e5`)!.notes).toEqual([]);
    expect([rows.profile!.trainingDays, rows.plans[0]!.equipment]).toEqual([[], []]);
    expect(rows.healthRecords.length).toBe(HISTORY_DAYS + 2);
    expect(rows.healthRecords.find((h) => h.id === `${full.userId}-h2`)!.endAt!.toISOString()).toBe('2025-01-03T12:00:00.500Z');
    expect(rows.workouts.find((w) => w.status === 'completed')!.completedAt!.toISOString()).toBe('2025-01-07T23:59:59.999Z');
    expect(rows.connections).toEqual([
      expect.objectContaining({ integrationId: 'strava', connectedAt: new Date('2025-01-05T00:00:00.001Z') }),
    ]);
    expect(JSON.stringify(rows)).not.toContain('never-exported');

    const none = (await exportRows(empty.userId, now))!;
    expect(none.user.email).toBe(empty.email);
    expect([none.profile, none.subscription, none.athleteState]).toEqual([null, null, null]);
    expect([none.events, none.workouts, none.healthRecords, none.checkouts, none.connections, none.activities]).toEqual([
      [],
      [],
      [],
      [],
      [],
      [],
    ]);
    expect(await exportRows('no-such-person', now)).toBeNull();
    expect(await clientMetadataOf([])).toEqual([]);
  });

  it("exports every column of the person's profile but its key: a column added later fails here until it is exported", async () => {
    // The export names its columns (a secret added to a table must not leak by default); the profile holds
    // nothing secret, and its trainingTime (the calendar's start time) was once left out this way.
    const { raw } = await database();
    const columns = await raw.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'Profile'`,
    );
    const stored = columns.map((c) => c.column_name).filter((c) => c !== 'userId');
    expect(stored.length).toBeGreaterThan(15);
    expect(Object.keys(ExportedProfile.shape).sort()).toEqual(stored.sort());
    await full.agent.call('update_profile', { trainingTime: '06:30' });
    expect((await exportRows(full.userId, new Date()))!.profile!.trainingTime).toBe('06:30');
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
                (SELECT count(*) FROM "AdaptationTotals" WHERE "userId" = $1) AS totals, (SELECT count(*) FROM "HealthWeek" WHERE "userId" = $1) AS weeks`,
        [userId],
      );
      return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
    };
    const before = await owned(empty.userId);
    expect((await owned(full.userId)).workouts).toBeGreaterThan(0);
    expect((await owned(full.userId)).weeks).toBeGreaterThan(0);
    await deletePerson(full.userId, 'sign-in-key-of-nobody');
    expect(await owned(full.userId)).toEqual({ users: 0, workouts: 0, health: 0, oauth: 0, totals: 0, weeks: 0 });
    expect(await owned(empty.userId)).toEqual(before);
    expect(before.users).toBe(1);
  });
});
