// @module-tag engine-parity
// get_training_progress' totals (how many adaptation records and field changes a person has) from one
// row per person, AdaptationTotals, kept by the triggers of migration adaptation_totals in the statement
// that writes a record or a change (lib/coaching/progress.ts totalsStatement). On this run's engine:
// the migration's backfill against a recount, every kind of write against a recount, concurrent writes
// of one person, a person's deletion, and the read's plan for a person with years of history against one
// with none (it touches the totals row only, never the history).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '@/lib/coaching/athlete-store';
import { totalsStatement } from '@/lib/coaching/progress';
import { database, db } from '@/lib/database/client';
import type { RawDatabase } from '@/lib/database/engine';
import { kyselyOver } from '@/lib/database/kysely';
import { migrate, readMigrations } from '@/lib/database/migrations';
import { freshRawDatabase } from '../../../harness/server';
import { newAccount } from '../support/athlete';

type Totals = { events: number; changes: number };

/** What the totals must say: the person's records and their changes, counted row by row. */
async function recount(raw: RawDatabase, userId: string): Promise<Totals> {
  const [row] = await raw.query<{ events: string | number; changes: string | number }>(
    `SELECT (SELECT count(*) FROM "AdaptationEvent" WHERE "userId" = $1) AS events,
            (SELECT count(*) FROM "WorkoutChange" c JOIN "AdaptationEvent" e ON e."id" = c."eventId" WHERE e."userId" = $1) AS changes`,
    [userId],
  );
  return { events: Number(row!.events), changes: Number(row!.changes) };
}

async function stored(raw: RawDatabase, userId: string): Promise<Totals> {
  const row = await totalsStatement(kyselyOver(raw), userId).executeTakeFirstOrThrow();
  return { events: Number(row.events), changes: Number(row.changes) };
}

/** Every event whose stored change count differs from its rows (none, when the triggers hold). */
async function eventsMiscounted(raw: RawDatabase): Promise<string[]> {
  const rows = await raw.query<{ id: string }>(
    `SELECT e."id" FROM "AdaptationEvent" e
      WHERE e."changeCount" <> (SELECT count(*) FROM "WorkoutChange" c WHERE c."eventId" = e."id") ORDER BY 1`,
  );
  return rows.map((r) => r.id);
}

const YEAR_DAYS = 365;

/** `days` of history for `userId`: an adaptation record every other day, each with 0 to 3 field changes (day mod 4). */
async function seedHistory(raw: RawDatabase, userId: string, days: number): Promise<void> {
  await raw.query(
    `INSERT INTO "User" ("id", "email", "passwordHash", "createdAt", "updatedAt") VALUES ($1, $1 || '@example.test', 'x', now(), now())`,
    [userId],
  );
  if (days === 0) return;
  await raw.query(
    `INSERT INTO "AdaptationEvent" ("id", "userId", "trigger", "notes", "createdAt")
     SELECT $1 || '-e' || d, $1, 'completed', '{}', timestamp '2021-01-01 18:30:05.123' + d * interval '1 day'
       FROM generate_series(1, $2::int, 2) AS d`,
    [userId, days],
  );
  await raw.query(
    `INSERT INTO "WorkoutChange" ("id", "eventId", "workoutId", "date", "path", "before", "after", "reason", "position")
     SELECT $1 || '-c' || d || '-' || p, $1 || '-e' || d, 'w-' || d, '2021-01-01', 'strength[0].sets[' || p || '].loadKg', 100, 102.5, 'linear step', p
       FROM generate_series(1, $2::int, 2) AS d, generate_series(0, 2) AS p WHERE p < d % 4`,
    [userId, days],
  );
}

describe('the migration adaptation_totals', () => {
  let raw: RawDatabase;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ raw, close } = await freshRawDatabase());
  });
  afterAll(async () => {
    await close();
  });

  it('backfills every person’s totals and every record’s change count as a recount finds them', async () => {
    const files = readMigrations();
    const index = files.findIndex((f) => f.name.endsWith('_adaptation_totals'));
    expect(index).toBeGreaterThan(0);
    await migrate(raw, files.slice(0, index));
    const people = [
      ['five-years', 5 * YEAR_DAYS],
      ['one-week', 7],
      ['none', 0],
    ] as const;
    for (const [userId, days] of people) await seedHistory(raw, userId, days);

    await migrate(raw, files);
    const expected: Record<string, Totals> = {};
    const got: Record<string, Totals> = {};
    for (const [userId] of people) {
      expected[userId] = await recount(raw, userId);
      got[userId] = await stored(raw, userId);
    }
    expect(got).toEqual(expected);
    expect(got['five-years']!.changes).toBeGreaterThan(1000);
    expect(got.none).toEqual({ events: 0, changes: 0 });
    // A person without records gets no row; the read answers zeros.
    const rows = await raw.query(`SELECT 1 FROM "AdaptationTotals" WHERE "userId" = 'none'`);
    expect(rows).toEqual([]);
    expect(await eventsMiscounted(raw)).toEqual([]);
  });

  // Each write after the migration, then the totals against a recount: whoever writes (here plain SQL).
  const writes: [string, string, (raw: RawDatabase) => Promise<unknown>][] = [
    [
      'a record without changes',
      'one-week',
      (r) => r.query(`INSERT INTO "AdaptationEvent" ("id", "userId", "trigger", "notes") VALUES ('w1', 'one-week', 'skipped', '{}')`),
    ],
    [
      'five changes in one statement to a new record',
      'one-week',
      async (r) => {
        await r.query(`INSERT INTO "AdaptationEvent" ("id", "userId", "trigger", "notes") VALUES ('w2', 'one-week', 'completed', '{}')`);
        await r.query(
          `INSERT INTO "WorkoutChange" ("id", "eventId", "workoutId", "date", "path", "reason", "position")
           SELECT 'w2-' || p, 'w2', 'w', '2026-11-27', 'p' || p, 'r', p FROM generate_series(0, 4) AS p`,
        );
      },
    ],
    [
      'changes to two people’s records in one statement',
      'none',
      async (r) => {
        await r.query(`INSERT INTO "AdaptationEvent" ("id", "userId", "trigger", "notes") VALUES ('w3', 'none', 'completed', '{}')`);
        await r.query(
          `INSERT INTO "WorkoutChange" ("id", "eventId", "workoutId", "date", "path", "reason", "position")
           VALUES ('w3-a', 'w3', 'w', '2026-11-27', 'a', 'r', 0), ('w3-b', 'w3', 'w', '2026-11-27', 'b', 'r', 1),
                  ('w2-x', 'w2', 'w', '2026-11-27', 'x', 'r', 5)`,
        );
      },
    ],
    ['one change deleted', 'one-week', (r) => r.query(`DELETE FROM "WorkoutChange" WHERE "id" = 'w2-0'`)],
    [
      'a change moved to another person’s record',
      'none',
      (r) => r.query(`UPDATE "WorkoutChange" SET "eventId" = 'w3' WHERE "id" = 'w2-1'`),
    ],
    ['a record and its changes deleted (the cascade)', 'one-week', (r) => r.query(`DELETE FROM "AdaptationEvent" WHERE "id" = 'w2'`)],
    [
      'a year of records deleted in one statement',
      'five-years',
      (r) => r.query(`DELETE FROM "AdaptationEvent" WHERE "userId" = 'five-years' AND "createdAt" < timestamp '2022-01-01'`),
    ],
    [
      'a record moved to another person',
      'none',
      (r) => r.query(`UPDATE "AdaptationEvent" SET "userId" = 'none' WHERE "id" = 'five-years-e1001'`),
    ],
  ];
  it.each(writes)('keeps the totals exact after %s', async (_name, userId, write) => {
    const before = await stored(raw, userId);
    await write(raw);
    const after = await stored(raw, userId);
    expect(after).toEqual(await recount(raw, userId));
    expect(after).not.toEqual(before);
    for (const other of ['five-years', 'one-week', 'none']) expect(await stored(raw, other)).toEqual(await recount(raw, other));
    expect(await eventsMiscounted(raw)).toEqual([]);
  });

  it('goes with the person: deleting them deletes their totals with their records, whatever order the cascades run in', async () => {
    await raw.query(`DELETE FROM "User" WHERE "id" = 'five-years'`);
    expect(await raw.query(`SELECT 1 FROM "AdaptationTotals" WHERE "userId" = 'five-years'`)).toEqual([]);
    expect(await stored(raw, 'five-years')).toEqual({ events: 0, changes: 0 });
    expect(await stored(raw, 'one-week')).toEqual(await recount(raw, 'one-week'));
  });
});

describe('the totals under the app’s own writes', () => {
  it('stay exact when twelve records of one person are written at once (recordEvent in Prisma transactions)', async () => {
    const prisma = await db();
    const { raw } = await database();
    const [a, b] = [await newAccount('totals-a'), await newAccount('totals-b')];
    const change = (i: number) => ({ workoutId: `w-${i}`, date: '2026-11-27', path: `p${i}`, before: 1, after: 2, reason: 'r' });
    // Twelve writers of one person and six of another, each with 0..4 changes; no person lock around them,
    // so on PostgreSQL they meet on the totals row.
    const jobs = [
      ...Array.from({ length: 12 }, (_, i) => ({ userId: a.userId, changes: i % 5 })),
      ...Array.from({ length: 6 }, (_, i) => ({ userId: b.userId, changes: i })),
    ];
    await Promise.all(
      jobs.map(({ userId, changes }) =>
        prisma.$transaction((tx) =>
          recordEvent(tx, userId, {
            trigger: 'workout_updated',
            notes: [],
            changes: Array.from({ length: changes }, (_, i) => change(i)),
          }),
        ),
      ),
    );
    const expect12 = { events: 12, changes: [0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1].reduce((s, n) => s + n, 0) };
    expect(await recount(raw, a.userId)).toEqual(expect12);
    expect(await stored(raw, a.userId)).toEqual(expect12);
    expect(await stored(raw, b.userId)).toEqual({ events: 6, changes: 15 });
  });
});

describe('the totals read, for a person with years of history and one with none', () => {
  let raw: RawDatabase;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ raw, close } = await freshRawDatabase());
    await migrate(raw);
    await seedHistory(raw, 'long', 5 * YEAR_DAYS);
    await seedHistory(raw, 'short', 7);
    await raw.query('ANALYZE');
  });
  afterAll(async () => {
    await close();
  });

  /** The tables a statement's plan reads. */
  async function tablesRead(userId: string): Promise<string[]> {
    const compiled = totalsStatement(kyselyOver(raw), userId).compile();
    const [row] = await raw.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]);
    const plan = row!['QUERY PLAN'];
    const text = typeof plan === 'string' ? plan : JSON.stringify(plan);
    return [...new Set([...text.matchAll(/"Relation Name":\s*"(\w+)"/g)].map((m) => m[1]!))].sort();
  }

  it.each(['long', 'short', 'nobody'])('reads only the totals row for %s, and answers what a recount finds', async (userId) => {
    expect(await tablesRead(userId)).toEqual(['AdaptationTotals']);
    expect(await stored(raw, userId)).toEqual(await recount(raw, userId));
  });
});
