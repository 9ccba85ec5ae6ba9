// @module-tag engine-parity
// The typed reads (lib/database/kysely.ts) that replaced the SQL fragments: list_workouts' one
// statement, get_workout's, and get_training_progress' bounded reads, run on this run's engine (PGlite,
// or PostgreSQL when DATABASE_URL is set) with the database session and this process both at UTC+13, for
// a person with years of history beside one with none.
process.env.TZ = 'Pacific/Auckland';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely } from 'kysely';
import { currentChangesFrom } from '@/lib/coaching/changes';
import {
  heldFrom,
  heldSnapshotsStatement,
  latestLoggedStatement,
  progressStatement,
  racePlansQuery,
  totalsStatement,
  trendRowsStatement,
  trainingProgressStatement,
  weeksShown,
} from '@/lib/coaching/progress';
import { compiledOnce, compiledPerShape } from '@/lib/database/compiled-once';
import { athleteShownStatement } from '@/lib/coaching/time-away-view';
import { toTrendSession, toWorkout, workoutColumns } from '@/lib/coaching/records';
import { readWorkoutListRow, workoutListStatement } from '@/lib/coaching/workout-list';
import { byNewest, laterSessionsStatement, pageOf, pageQuery, workoutStatement, type ListFilter } from '@/lib/coaching/workouts';
import type { RawDatabase } from '@/lib/database/engine';
import { kyselyOver, readDialect } from '@/lib/database/kysely';
import { migrate } from '@/lib/database/migrations';
import type { Tables } from '@/lib/database/tables';
import { addDays } from '@/lib/training/dates';
import { heldTrends } from '@/lib/training/held-trends';
import type { AthleteState } from '@/lib/training/types';
import { dayOfInstant } from '@/lib/clock';
import { freshRawDatabase } from '../../../harness/server';

let raw: RawDatabase;
let close: () => Promise<void>;
let k: Kysely<Tables>;

const TODAY = '2026-11-27';
const LONG = 'u-long';
const NONE = 'u-none';
const OTHER = 'u-other';
/** Sessions every 9 h 41 min over 16 weeks: completions at every hour of the day, on both sides of each Monday. */
const DENSE = 'u-dense';
/** Five years of three sessions a week, ending yesterday. */
const YEARS = 5;
const strength = (kg: number) => [
  { exerciseId: 'back-squat', exerciseName: 'Back squat', progression: 'linear', sets: [{ reps: 5, loadKg: kg }] },
];

/** One completed session every other day or so, with its adaptation record and one field change. */
async function seedHistory(userId: string, days: number): Promise<void> {
  const dates: string[] = [];
  for (let d = days; d >= 1; d--) if (d % 7 === 1 || d % 7 === 3 || d % 7 === 5) dates.push(addDays(TODAY, -d));
  // One statement per table: generate_series-free so both engines read the same parameters.
  const ids = dates.map((_, i) => `${userId}-w${String(i).padStart(5, '0')}`);
  await raw.query(
    `INSERT INTO "Workout" ("id", "userId", "date", "status", "kind", "title", "strength", "run", "actual", "completedAt", "createdAt", "updatedAt")
     SELECT id, $1, date, 'completed', 'strength', 'Squat day', $2::jsonb, '[]'::jsonb, NULL,
            (date::date + time '18:30:05.123')::timestamp - interval '13 hours', now(), now()
       FROM unnest($3::text[], $4::text[]) AS t(id, date)`,
    [userId, JSON.stringify(strength(100)), ids, dates],
  );
  await raw.query(
    `INSERT INTO "AdaptationEvent" ("id", "userId", "trigger", "workoutId", "notes", "stateAfter", "createdAt")
     SELECT 'e-' || id, $1, 'completed', id, '{}', jsonb_build_object('unit', 'kg', 'distanceUnit', 'km',
            'lifts', jsonb_build_object('back-squat', jsonb_build_object('e1rmKg', 100 + n, 'failureStreak', 0))),
            (date::date + time '18:30:05.123')::timestamp - interval '13 hours'
       FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(id, date, n)`,
    [userId, ids, dates],
  );
  await raw.query(
    `INSERT INTO "WorkoutChange" ("id", "eventId", "workoutId", "date", "path", "before", "after", "reason", "position")
     SELECT 'c-' || id, 'e-' || id, id, '2000-01-01', 'strength[0].sets[0].loadKg', 100, 102.5, 'linear step', 0
       FROM unnest($1::text[]) AS t(id)`,
    [ids],
  );
}

/** Completed sessions every 9 h 41 min from `from` for `days` days, each with its record and a state. */
async function seedDense(userId: string, from: string, days: number): Promise<void> {
  const step = (9 * 60 + 41) * 60_000;
  const instants: string[] = [];
  for (let t = Date.parse(from); t < Date.parse(from) + days * 86_400_000; t += step) instants.push(new Date(t).toISOString());
  const ids = instants.map((_, i) => `${userId}-w${String(i).padStart(4, '0')}`);
  await raw.query(
    `INSERT INTO "Workout" ("id", "userId", "date", "status", "kind", "title", "strength", "run", "completedAt", "createdAt", "updatedAt")
     SELECT id, $1, left(at, 10), 'completed', 'strength', 'Squat day', $2::jsonb, '[]'::jsonb, at::timestamptz AT TIME ZONE 'UTC', now(), now()
       FROM unnest($3::text[], $4::text[]) AS t(id, at)`,
    [userId, JSON.stringify(strength(100)), ids, instants],
  );
  await raw.query(
    `INSERT INTO "AdaptationEvent" ("id", "userId", "trigger", "workoutId", "notes", "stateAfter", "createdAt")
     SELECT 'e-' || id, $1, 'completed', id, '{}', jsonb_build_object('unit', 'kg', 'distanceUnit', 'km', 'vdot', 40 + n / 10.0,
            'lifts', jsonb_build_object('back-squat', jsonb_build_object('e1rmKg', 100 + n, 'failureStreak', 0))),
            at::timestamptz AT TIME ZONE 'UTC'
       FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(id, at, n)`,
    [userId, ids, instants],
  );
}

/** Every state logged since `bound` (or undated and from `firstMonday`), oldest record first: what heldSnapshotsStatement sent before it sent only those a week can show. */
async function allStatesSince(userId: string, firstMonday: string, bound: Date) {
  return raw.query<{ date: string; completedAt: Date | string | null; stateAfter: unknown }>(
    `SELECT w."date", w."completedAt" AT TIME ZONE 'UTC' AS "completedAt", e."stateAfter"
       FROM "Workout" w JOIN "AdaptationEvent" e ON e."workoutId" = w."id" AND e."trigger" = 'completed' AND e."stateAfter" IS NOT NULL
      WHERE w."userId" = $1 AND (w."completedAt" >= $2 OR (w."completedAt" IS NULL AND w."date" >= $3))
      ORDER BY e."createdAt", e."id"`,
    [userId, bound.toISOString().replace('T', ' ').replace('Z', ''), firstMonday],
  );
}

beforeAll(async () => {
  ({ raw, close } = await freshRawDatabase());
  // The database sessions at UTC+13 too: what a timestamp means must not depend on either zone. PGlite
  // has one session; on PostgreSQL the database's default holds for every connection opened after it
  // (the one that set it is closed, so the pool opens a fresh one).
  if (raw.engine === 'pglite') await raw.query(`SET TIME ZONE 'Pacific/Auckland'`);
  else {
    await raw.query(`DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET timezone TO %L', current_database(), 'Pacific/Auckland'); END $$`);
    await raw.query(`SELECT pg_terminate_backend(pg_backend_pid())`).catch(() => undefined);
  }
  await migrate(raw);
  for (const id of [LONG, NONE, OTHER, DENSE])
    await raw.query(`INSERT INTO "User" ("id", "email", "passwordHash", "updatedAt") VALUES ($1, $1 || '@example.test', 'x', now())`, [id]);
  await seedHistory(LONG, YEARS * 365);
  await seedHistory(OTHER, 60);
  await seedDense(DENSE, '2026-08-10T00:07:00Z', 16 * 7);
  // The long history's next session, tomorrow, with a reason from an event at a known instant.
  await raw.query(
    `INSERT INTO "Workout" ("id", "userId", "date", "status", "kind", "title", "strength", "run", "createdAt", "updatedAt")
     VALUES ('next-1', $1, $2, 'scheduled', 'strength', 'Squat day', $3::jsonb, '[]'::jsonb, now(), now())`,
    [LONG, addDays(TODAY, 1), JSON.stringify(strength(105))],
  );
  await raw.query(
    `INSERT INTO "AdaptationEvent" ("id", "userId", "trigger", "workoutId", "notes", "createdAt")
     VALUES ('e-next', $1, 'completed', NULL, '{}', '2026-03-29 01:30:00.123')`,
    [LONG],
  );
  await raw.query(
    `INSERT INTO "WorkoutChange" ("id", "eventId", "workoutId", "date", "path", "before", "after", "reason", "position")
     VALUES ('c-next', 'e-next', 'next-1', $1, 'strength[0].sets[0].loadKg', 102.5, 105, 'linear step', 0)`,
    [addDays(TODAY, 1)],
  );
  await raw.query(
    `INSERT INTO "HealthRecord" ("id", "userId", "type", "value", "unit", "date", "startAt", "source", "sourceId", "updatedAt")
     VALUES ('h1', $1, 'resting_heart_rate', 52, 'bpm', $2, now(), 'manual', 'manual', now())`,
    [LONG, TODAY],
  );
  k = kyselyOver(raw);
}, 180_000);

afterAll(async () => {
  await close?.();
});

const ctx = (userId: string) => ({ userId, today: TODAY });
const filter = (over: Partial<ListFilter> = {}): ListFilter => ({ from: addDays(TODAY, -14), to: addDays(TODAY, 7), limit: 20, ...over });

describe('the session is where the test put it', () => {
  it('runs at UTC+13 on both sides', async () => {
    const [row] = await raw.query<{ tz: string }>(`SELECT current_setting('TimeZone') AS tz`);
    expect(row!.tz).toBe('Pacific/Auckland');
    expect(new Date('2026-11-27T00:00:00').getTimezoneOffset()).toBe(-13 * 60);
  });
});

describe('list_workouts: one statement', () => {
  it('gives a person with no history an empty page, no reasons, no next session and no time away inputs', async () => {
    const row = await readWorkoutListRow(k, ctx(NONE), filter());
    expect(row).toEqual({ state: null, offs: [], page: [], changes: [], next: null, history: [], readinessRows: [] });
  });

  it('gives the long history a full page (one row past the limit), newest first, with exact instants', async () => {
    const row = await readWorkoutListRow(k, ctx(LONG), filter({ limit: 5 }));
    expect(row.page).toHaveLength(6);
    const rows = row.page.map(toWorkout).sort(byNewest);
    const page = pageOf(rows, 5);
    expect(page.workouts.map((w) => w.date)).toEqual([...page.workouts.map((w) => w.date)].sort().reverse());
    expect(page.workouts[0]!.id).toBe('next-1');
    expect(page.nextCursor).not.toBeNull();
    // Completed at 18:30:05.123 local (UTC+13) on its day: 05:30:05.123Z the same day.
    const done = page.workouts.find((w) => w.status === 'completed')!;
    expect(done.completedAt!.toISOString()).toBe(`${done.date}T05:30:05.123Z`);
    // The next session, its reason's instant, the year of history before it (not five) and readiness.
    expect(toWorkout(row.next!).id).toBe('next-1');
    const reasons = currentChangesFrom(row.changes).get('next-1')!;
    expect(reasons).toEqual([expect.objectContaining({ path: 'strength[0].sets[0].loadKg', after: 105, trigger: 'completed' })]);
    expect(reasons[0]!.at.toISOString()).toBe('2026-03-29T01:30:00.123Z');
    expect(row.history.length).toBeGreaterThan(100);
    expect(row.history.length).toBeLessThanOrEqual(200);
    expect(row.history.every((h) => h.date >= addDays(TODAY, -365))).toBe(true);
    expect(row.readinessRows).toEqual([{ type: 'resting_heart_rate', value: 52, date: TODAY, stage: null, sourceId: 'manual' }]);
  });

  it('pages by cursor to the end without repeating or skipping a session', async () => {
    const from = addDays(TODAY, -60);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 20; i++) {
      const row = await readWorkoutListRow(k, ctx(LONG), filter({ from, limit: 7, ...(cursor ? { cursor } : {}) }));
      const page = pageOf(row.page.map(toWorkout).sort(byNewest), 7);
      seen.push(...page.workouts.map((w) => w.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    const all = await pageQuery(k, LONG, filter({ from, limit: 1000 })).execute();
    expect(seen).toEqual(all.map((r) => r.id));
    expect(new Set(seen).size).toBe(seen.length);
  });

  const cases: [string, Partial<ListFilter>, (status: string) => boolean, boolean][] = [
    // name, filter, what every row must be, whether the long history has some
    ['completed only', { statuses: ['completed'] }, (s) => s === 'completed', true],
    ['scheduled (today on)', { statuses: ['scheduled'], today: TODAY }, (s) => s === 'scheduled', true],
    ['missed (before today)', { statuses: ['missed'], today: TODAY }, () => false, false],
    ['kind run', { kinds: ['run'] }, () => false, false],
  ];
  it.each(cases)('filters by %s', async (_name, over, keep, some) => {
    const row = await readWorkoutListRow(k, ctx(LONG), filter(over));
    expect(row.page.map((w) => w.status).every(keep)).toBe(true);
    expect(row.page.length > 0).toBe(some);
  });

  it.each([`O'Brien'); DROP TABLE "Workout"; --`, 'back\\slash "quoted" {braces}', 'ünïcode ✓', ''])(
    'binds a hostile value as data on either engine (planId %j)',
    async (planId) => {
      const row = await readWorkoutListRow(k, ctx(LONG), filter({ planId: planId || 'x', kinds: [planId, 'strength'] as never }));
      expect(row.page).toEqual([]);
      const [count] = await raw.query<{ n: string | number }>(`SELECT count(*) AS n FROM "Workout" WHERE "userId" = $1`, [LONG]);
      expect(Number(count!.n)).toBeGreaterThan(700);
    },
  );

  // The page's change log: each page session's changes found by WorkoutChange's workoutId index and each
  // change's event by its primary key, before and after ANALYZE. Two rewrites measured this stop fail here:
  // `workoutId = ANY(ARRAY(page ids))` (one scan instead of one per session) was a sequential scan of the
  // whole table on PostgreSQL 15 before ANALYZE, and with the person's predicate free to drive, a hash join
  // over every event the person ever had (five years: 823 rows read for 33 changes).
  const listPlan = async (userId: string, analyze: boolean) => {
    const { sql: text, parameters } = workoutListStatement(k, ctx(userId), filter()).compile();
    const literal = (v: unknown) => `'${(Array.isArray(v) ? `{${v.join(',')}}` : String(v)).replaceAll("'", "''")}'`;
    let plan = '';
    await raw.transaction(async (tx) => {
      if (analyze) await tx.exec('ANALYZE "Workout", "WorkoutChange", "AdaptationEvent"');
      // Planned generically, as a named prepared statement is from its sixth run on a connection.
      await tx.exec('SET LOCAL plan_cache_mode = force_generic_plan');
      await tx.exec(`PREPARE list_plan_probe AS ${text}`);
      const rows = (await tx.query(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) EXECUTE list_plan_probe(${parameters.map(literal).join(', ')})`,
      )) as { rows?: Record<string, unknown>[] };
      plan = (rows.rows ?? []).map((r) => String(Object.values(r)[0])).join('\n');
      await tx.exec('DEALLOCATE list_plan_probe');
    });
    const lines = plan.split('\n');
    return {
      plan,
      changeScans: lines.filter((l) => / on "WorkoutChange" /.test(l)),
      eventScans: lines.filter((l) => / on "AdaptationEvent" e/.test(l)),
    };
  };
  it.each([
    ['as it stands', false],
    ['after ANALYZE', true],
  ])('reads the page’s change log by its index and each event by its key, in the generic plan (%s)', async (_name, analyze) => {
    const { plan, changeScans, eventScans } = await listPlan(LONG, analyze);
    expect(changeScans.length, plan).toBeGreaterThan(0);
    for (const l of changeScans) expect(l, plan).toMatch(/Index Scan using "WorkoutChange_workoutId_idx"|Bitmap Heap Scan/);
    expect(plan).toMatch(/Index Cond: \("workoutId" = page_1\.id\)/);
    expect(plan).not.toMatch(/Seq Scan on "WorkoutChange"/);
    expect(eventScans.length, plan).toBeGreaterThan(0);
    for (const l of eventScans) expect(l, plan).toMatch(/using "AdaptationEvent_pkey"/);
  });

  it('an empty window is an empty page for the long history too', async () => {
    const row = await readWorkoutListRow(k, ctx(LONG), filter({ from: '2001-01-01', to: '2001-01-31' }));
    expect(row.page).toEqual([]);
    expect(row.changes).toEqual([]);
  });
});

describe('get_workout: one statement', () => {
  it('reads the row, its whole log oldest first, and nothing of a person it does not belong to', async () => {
    const mine = await workoutStatement(k, ctx(LONG), 'next-1').executeTakeFirstOrThrow();
    expect(toWorkout(mine.workout!).id).toBe('next-1');
    expect(mine.changes.map((c) => c.after)).toEqual([105]);
    expect(new Date(mine.changes[0]!.at).toISOString()).toBe('2026-03-29T01:30:00.123Z');
    const theirs = await workoutStatement(k, ctx(NONE), 'next-1').executeTakeFirstOrThrow();
    expect(theirs.workout).toBeNull();
    expect(theirs.changes).toEqual([]);
  });
});

describe('get_training_progress: reads what it draws', () => {
  const firstMonday = '2026-09-07';

  it('reads the sessions logged since the first week shown and the one before it, not five years', async () => {
    const row = await heldSnapshotsStatement(k, LONG, firstMonday).executeTakeFirstOrThrow();
    const all = await allStatesSince(LONG, firstMonday, new Date(Date.parse(`${firstMonday}T00:00:00Z`) - 15 * 3600_000));
    // 12 weeks of three sessions, give or take the zone margin: nowhere near the ~780 logged.
    expect(all.length).toBeGreaterThan(30);
    expect(all.length).toBeLessThan(45);
    expect(row.before).not.toBeNull();
    expect(new Date(row.before!.completedAt!).getTime()).toBeLessThan(Date.parse(`${firstMonday}T00:00:00Z`) - 14 * 3_600_000);
    // Only the sessions whose state a week can show (in some zone) are sent, oldest first: at least one
    // a week, well under all, the last one always.
    const instant = (r: { completedAt: Date | string | null }) => new Date(r.completedAt!).getTime();
    const instants = row.since.map(instant);
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
    expect(row.since.length).toBeGreaterThanOrEqual(12);
    expect(row.since.length).toBeLessThan(all.length);
    expect(instants.at(-1)).toBe(instant(all.at(-1)!));
    expect(row.since.every((r) => r.stateAfter !== null)).toBe(true);
  });

  // Each zone from UTC-12 to UTC+14 (half- and quarter-hour offsets, both DST hemispheres), the weeks of a
  // long history and of completions at every hour around each Monday: what the tool draws from the states
  // sent equals what it drew from every state.
  const zones = [
    'Etc/GMT+12',
    'Pacific/Pago_Pago',
    'America/Los_Angeles',
    'America/St_Johns',
    'UTC',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'Pacific/Kiritimati',
  ];
  const drawnCases = [
    [DENSE, '2026-08-17', 12],
    [DENSE, '2026-10-26', 4],
    [DENSE, '2026-11-23', 1],
    [LONG, firstMonday, 12],
    [LONG, '2024-03-04', 8],
    [OTHER, firstMonday, 12],
    [NONE, firstMonday, 12],
  ] as const;
  it.each(drawnCases.flatMap(([who, monday, n]) => zones.map((tz) => [who, monday, n, tz] as const)))(
    'the held series of %s from %s (%i weeks) in %s is the one every state gives',
    async (who, monday, n, tz) => {
      const weeks = Array.from({ length: n }, (_, i) => addDays(monday, 7 * i));
      const current = {
        unit: 'kg',
        distanceUnit: 'km',
        lifts: { 'back-squat': { e1rmKg: 999, failureStreak: 0 } },
        vdot: 60,
      } as AthleteState;
      const row = await heldSnapshotsStatement(k, who, monday).executeTakeFirstOrThrow();
      const bound = new Date(Date.parse(`${monday}T00:00:00Z`) - 15 * 3600_000);
      const all = await allStatesSince(who, monday, bound);
      // The states sent are some of every state logged since, in the same order, the last one among them.
      const at = (r: { completedAt: Date | string | null }) => (r.completedAt === null ? null : new Date(r.completedAt).getTime());
      const everyAt = all.map(at);
      let from = 0;
      for (const r of row.since) {
        from = everyAt.indexOf(at(r), from) + 1;
        expect(from).toBeGreaterThan(0);
      }
      expect(row.since.length > 0 ? at(row.since.at(-1)!) : null).toBe(all.length > 0 ? at(all.at(-1)!) : null);
      const got = heldFrom(row, tz, TODAY, weeks, current);
      const every = [...(row.before ? [row.before] : []), ...all].map((r) => ({
        date: r.completedAt ? dayOfInstant(tz, new Date(r.completedAt)) : r.date,
        state: r.stateAfter as AthleteState,
      }));
      expect(got).toEqual(heldTrends(weeks, [...every, { date: TODAY, state: current }]));
      if (who === DENSE && n === 12) expect(row.since.length).toBeLessThan(all.length / 2);
    },
  );

  it('finds each session’s record from the session, never by reading every record of the person', async () => {
    // With the statistics the app keeps (autovacuum; lib/database/statistics.ts on PGlite).
    await raw.query('ANALYZE');
    const compiled = heldSnapshotsStatement(k, LONG, firstMonday).compile();
    const [row] = await raw.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]);
    const plan = row!['QUERY PLAN'];
    type Node = { 'Relation Name'?: string; 'Node Type': string; 'Index Name'?: string; Plans?: Node[] };
    const nodes: Node[] = [];
    const walk = (n: Node) => {
      nodes.push(n);
      for (const c of n.Plans ?? []) walk(c);
    };
    walk((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan as Node);
    // The records are read by index scans (plain, or a bitmap over one) of AdaptationEvent(workoutId) only.
    const records = nodes.filter((n) => n['Relation Name'] === 'AdaptationEvent');
    const indexes = records.flatMap((n) => [n, ...(n.Plans ?? [])]).flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []));
    expect(records.length).toBeGreaterThan(0);
    expect(records.map((n) => n['Node Type']).filter((t) => t !== 'Index Scan' && t !== 'Bitmap Heap Scan')).toEqual([]);
    expect(new Set(indexes)).toEqual(new Set(['AdaptationEvent_workoutId_idx']));
  });

  it('gives a person with no history nothing to draw from', async () => {
    const row = await heldSnapshotsStatement(k, NONE, firstMonday).executeTakeFirstOrThrow();
    expect(row).toEqual({ before: null, since: [] });
  });

  it.each([
    [LONG, 'the long history', () => YEARS * 365],
    [OTHER, 'two months', () => 60],
    [NONE, 'none', () => 0],
  ])('counts %s records and changes (%s) from their own totals row, as a recount finds them', async (userId, _name, days) => {
    const [expected] = await raw.query<{ events: string | number; changes: string | number }>(
      `SELECT (SELECT count(*) FROM "AdaptationEvent" WHERE "userId" = $1) AS events,
              (SELECT count(*) FROM "WorkoutChange" c JOIN "AdaptationEvent" e ON e."id" = c."eventId" WHERE e."userId" = $1) AS changes`,
      [userId],
    );
    const row = await totalsStatement(k, userId).executeTakeFirstOrThrow();
    expect({ events: Number(row.events), changes: Number(row.changes) }).toEqual({
      events: Number(expected!.events),
      changes: Number(expected!.changes),
    });
    if (days() === 0) expect(Number(row.changes)).toBe(0);
    else expect(Number(row.changes)).toBeGreaterThan(0);
  });
});

describe('get_training_progress: the rest of its reads, bounded', () => {
  beforeAll(async () => {
    // The long history's coach state and two time offs; another person's time off that must not show.
    await raw.query(
      `INSERT INTO "AthleteState" ("userId", "state", "vdotDate", "version", "updatedAt")
       VALUES ($1, '{"unit":"kg","distanceUnit":"km","lifts":{"back-squat":{"e1rmKg":140,"failureStreak":0}}}'::jsonb, '2026-10-01', 7, now())`,
      [LONG],
    );
    await raw.query(
      `INSERT INTO "TimeOff" ("id", "userId", "fromDate", "toDate", "kind") VALUES
         ('off-1', $1, '2026-06-01', '2026-06-05', 'illness'), ('off-2', $1, '2026-12-20', '2026-12-24', 'other'),
         ('off-3', $2, '2026-11-01', '2026-11-20', 'injury')`,
      [LONG, OTHER],
    );
    // A mixed session done two days ago (lifts, a run with a threshold segment, what was done of both), a
    // skipped session after the last completed one, and a benchmark inside and one outside the weeks drawn.
    await raw.query(
      `INSERT INTO "Workout" ("id", "userId", "date", "status", "kind", "title", "strength", "run", "actual", "completedAt", "createdAt", "updatedAt")
       VALUES ('mixed-1', $1, $2, 'completed', 'mixed', 'Bench and tempo', $3::jsonb, $4::jsonb, $5::jsonb, now(), now(), now())`,
      [
        LONG,
        addDays(TODAY, -2),
        JSON.stringify([
          {
            exerciseId: 'bench-press',
            exerciseName: 'Bench press',
            progression: 'double',
            repRange: [6, 10],
            sets: [{ reps: 8, loadKg: 60 }],
          },
          { exerciseId: 'pull-up', exerciseName: 'Pull-up', progression: 'none', sets: [{ reps: 6 }] },
        ]),
        JSON.stringify([
          { kind: 'easy', distanceM: 2000, label: 'warm-up' },
          { kind: 'threshold', durationS: 1200, targetPaceSPerKm: 250 },
        ]),
        JSON.stringify({
          strength: [{ blockIndex: 0, exerciseId: 'bench-press', sets: [{ reps: 8, loadKg: 60, rpe: 8 }] }],
          run: { distanceM: 7000, durationS: 2100, avgHr: 152 },
          runSegments: [{ segmentIndex: 1, distanceM: 4800, durationS: 1200 }],
        }),
      ],
    );
    await raw.query(
      `INSERT INTO "Workout" ("id", "userId", "date", "status", "kind", "title", "strength", "run", "skippedAt", "createdAt", "updatedAt")
       VALUES ('skipped-1', $1, $2, 'skipped', 'strength', 'Squat day', '[]'::jsonb, '[]'::jsonb, now(), now(), now())`,
      [LONG, TODAY],
    );
    await raw.query(
      `INSERT INTO "Benchmark" ("id", "userId", "kind", "exercise", "reps", "loadKg", "date", "createdAt") VALUES
         ('b-in', $1, 'lift', 'back-squat', 3, 150, $2, now()), ('b-out', $1, 'lift', 'back-squat', 3, 140, '2022-01-03', now())`,
      [LONG, addDays(TODAY, -10)],
    );
  });

  it.each([
    [LONG, 'the long history'],
    [OTHER, 'two months'],
    [NONE, 'none'],
  ])('reads the latest records of %s (%s) newest first with their changes, and counts its own only', async (userId) => {
    const [expected] = await raw.query<{ events: string | number; changes: string | number }>(
      `SELECT (SELECT count(*) FROM "AdaptationEvent" WHERE "userId" = $1) AS events,
              (SELECT count(*) FROM "WorkoutChange" c JOIN "AdaptationEvent" e ON e."id" = c."eventId" WHERE e."userId" = $1) AS changes`,
      [userId],
    );
    const row = await progressStatement(k, userId, 10).executeTakeFirstOrThrow();
    expect(Number(row.eventCount)).toBe(Number(expected!.events));
    expect(Number(row.changeCount)).toBe(Number(expected!.changes));
    expect(row.events).toHaveLength(Math.min(10, Number(expected!.events)));
    const instants = row.events.map((e) => new Date(e.createdAt).getTime());
    expect(instants).toEqual([...instants].sort((a, b) => b - a));
    for (const e of row.events) {
      expect(e.changes.length).toBe(1);
      expect(e.changes[0]).toEqual(
        expect.objectContaining({ path: 'strength[0].sets[0].loadKg', before: expect.any(Number), after: expect.any(Number) }),
      );
    }
  });

  it('gives the exact instant of a record at UTC+13 on both sides', async () => {
    const row = await progressStatement(k, LONG, 2000).executeTakeFirstOrThrow();
    const next = row.events.find((e) => e.id === 'e-next')!;
    expect(new Date(next.createdAt).toISOString()).toBe('2026-03-29T01:30:00.123Z');
  });

  it('reads the athlete row and every time off of that person only', async () => {
    const mine = await athleteShownStatement(k, LONG).executeTakeFirstOrThrow();
    expect(mine.athlete).toEqual({ state: expect.objectContaining({ unit: 'kg' }), vdotDate: '2026-10-01', version: 7 });
    expect(mine.offs.map((o) => o.fromDate).sort()).toEqual(['2026-06-01', '2026-12-20']);
    const none = await athleteShownStatement(k, NONE).executeTakeFirstOrThrow();
    expect(none).toEqual({ athlete: null, offs: [] });
  });

  it('finds the latest completed and skipped days of a long history, and none for no history', async () => {
    const long = await latestLoggedStatement(k, LONG).executeTakeFirstOrThrow();
    expect(long).toEqual({ completed: expect.any(String), skipped: TODAY });
    expect(long.completed! >= addDays(TODAY, -7) && long.completed! < TODAY).toBe(true);
    expect(await latestLoggedStatement(k, NONE).executeTakeFirstOrThrow()).toEqual({ completed: null, skipped: null });
  });

  it('reads the weeks drawn only: sessions in date order and the benchmarks dated inside them', async () => {
    const from = addDays(TODAY, -12 * 7);
    const row = await trendRowsStatement(k, LONG, from, TODAY).executeTakeFirstOrThrow();
    expect(row.rows.length).toBeGreaterThan(30);
    expect(row.rows.length).toBeLessThan(40);
    expect(row.rows.every((w) => w.date >= from && w.date <= TODAY && w.status !== 'scheduled')).toBe(true);
    const order = row.rows.map((w) => w.date);
    expect(order).toEqual([...order].sort());
    // Of each session what the trends read, equal to the whole row's (a skipped one included).
    const whole = await k
      .selectFrom('Workout')
      .select(workoutColumns)
      .where('userId', '=', LONG)
      .where('status', 'in', ['completed', 'skipped'])
      .where('date', '>=', from)
      .where('date', '<=', TODAY)
      .orderBy('date')
      .orderBy('id')
      .execute();
    const trimmed = whole.map(toWorkout).map((w) => ({
      date: w.date,
      status: w.status,
      ...(w.actual ? { actual: w.actual } : {}),
      strength: w.strength.map((b) => ({ exerciseName: b.exerciseName })),
      run: w.run.map((x) => ({ kind: x.kind })),
    }));
    expect(row.rows.map(toTrendSession)).toEqual(trimmed);
    expect(trimmed.some((w) => w.status === 'skipped')).toBe(true);
    expect(row.rows.map(toTrendSession).find((w) => w.actual?.runSegments)).toEqual({
      date: addDays(TODAY, -2),
      status: 'completed',
      actual: expect.objectContaining({ run: { distanceM: 7000, durationS: 2100, avgHr: 152 } }),
      strength: [{ exerciseName: 'Bench press' }, { exerciseName: 'Pull-up' }],
      run: [{ kind: 'easy' }, { kind: 'threshold' }],
    });
    expect(row.benchmarks).toEqual([expect.objectContaining({ kind: 'lift', loadKg: 150, reps: 3, date: addDays(TODAY, -10) })]);
    expect(await trendRowsStatement(k, NONE, from, TODAY).executeTakeFirstOrThrow()).toEqual({ weeks: [], rows: [], benchmarks: [] });
  });
});

describe('delete_workout of a logged session: the records after it, in one statement', () => {
  it('reads every completed record after one, oldest first, each with its session, and nothing before it', async () => {
    const [{ n: total } = { n: 0 }] = await raw.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM "AdaptationEvent" WHERE "userId" = $1 AND "trigger" = 'completed' AND "workoutId" IS NOT NULL`,
      [LONG],
    );
    const [tenth] = await raw.query<{ id: string }>(
      `SELECT "id" FROM "AdaptationEvent" WHERE "userId" = $1 AND "workoutId" IS NOT NULL ORDER BY "createdAt" DESC, "id" DESC OFFSET 10 LIMIT 1`,
      [LONG],
    );
    const rows = await laterSessionsStatement(k, LONG, tenth!.id).execute();
    expect(Number(total)).toBeGreaterThan(700);
    expect(rows).toHaveLength(10);
    const done = rows.map((r) => toWorkout(r.workout!));
    expect(done.every((w) => w.status === 'completed')).toBe(true);
    expect(done.map((w) => w.completedAt!.getTime())).toEqual(done.map((w) => w.completedAt!.getTime()).sort((a, b) => a - b));
    expect(done.at(-1)!.completedAt!.toISOString()).toBe(`${done.at(-1)!.date}T05:30:05.123Z`);
    expect(rows.every((r) => r.stateAfter !== null)).toBe(true);
    // Another person's id finds nothing of theirs: the statement is bounded to the person.
    expect(await laterSessionsStatement(k, NONE, tenth!.id).execute()).toEqual([]);
  });
});

describe('get_training_progress: one statement compiled once reads what the six read', () => {
  // The one statement the tool runs (trainingProgressStatement) against the six statements it was
  // composed from, row for row, for the long history, a short one and none, on several days and
  // numbers of weeks: the weeks it works out are those weeksShown works out in code.
  const people = [LONG, OTHER, NONE];
  beforeAll(async () => {
    // Race plans for the short history: a half marathon with a goal time and a strength plan (never read).
    await raw.query(
      `INSERT INTO "TrainingPlan" ("id", "userId", "name", "goal", "startDate", "weeks", "daysPerWeek", "equipment", "raceDate",
                                   "raceDistanceM", "goalTimeS", "mainLiftProgression", "basis", "updatedAt")
       VALUES ('p-half', $1, 'Half', 'half', $2, 12, 4, '{}', $3, 21097.5, 6300, 'linear', '{}'::jsonb, now()),
              ('p-str', $1, 'Strength', 'strength', $2, 8, 3, '{}', NULL, NULL, NULL, 'linear', '{}'::jsonb, now())`,
      [OTHER, addDays(TODAY, -14), addDays(TODAY, 70)],
    );
  });

  const days: [string, string, number, number][] = [
    // what, today, weeks, recent records
    ['a Friday, 12 weeks', TODAY, 12, 10],
    ['a Monday, 1 week', '2026-11-23', 1, 0],
    ['a Sunday, 52 weeks', '2026-11-29', 52, 50],
    ['40 days ago (sessions logged after it)', addDays(TODAY, -40), 12, 10],
    ['a year ahead', addDays(TODAY, 365), 4, 1],
    ['a Tuesday, 26 weeks', '2026-11-24', 26, 50],
    ['a Saturday, 8 weeks (the training pages)', '2026-11-28', 8, 10],
  ];
  it.each(people.flatMap((who) => days.map((d) => [who, ...d] as const)))(
    '%s on %s: the athlete, time off, records, totals, latest days, race plans, weeks, sessions and held snapshots',
    async (who, _what, today, weeks, recent) => {
      const [row] = await trainingProgressStatement(k, { userId: who, recent, today, weeks });
      const athlete = await athleteShownStatement(k, who).executeTakeFirstOrThrow();
      const progress = await progressStatement(k, who, recent).executeTakeFirstOrThrow();
      const latest = await latestLoggedStatement(k, who).executeTakeFirstOrThrow();
      const plans = await racePlansQuery(who, k).execute();
      const shown = weeksShown(latest, today, weeks);
      const trend = await trendRowsStatement(k, who, shown.from, shown.to).executeTakeFirstOrThrow();
      const held = await heldSnapshotsStatement(k, who, shown.from).executeTakeFirstOrThrow();
      expect(row).toEqual({
        ...athlete,
        ...progress,
        ...latest,
        racePlans: plans,
        shownFrom: shown.from,
        shownEnd: shown.end,
        ...trend,
        ...held,
      });
      expect(addDays(shown.from, 7 * weeks - 1)).toBe(shown.to);
      const kept = who === LONG ? recent : who === OTHER ? Math.min(recent, 26) : 0;
      expect(row!.events).toHaveLength(kept);
      const instants = row!.events.map((e) => new Date(e.createdAt).getTime());
      expect(instants).toEqual([...instants].sort((a, b) => b - a));
      expect(row!.racePlans.map((p) => p.id)).toEqual(who === OTHER ? ['p-half'] : []);
      if (who === NONE) expect([row!.rows, row!.benchmarks, row!.before, row!.since]).toEqual([[], [], null, []]);
      if (who === LONG && today === TODAY) expect(row!.since.length).toBeGreaterThanOrEqual(weeks);
      // Logged after `today`: the weeks end with the latest logged session's, not today's.
      if (who === LONG && today < TODAY) expect(row!.shownEnd).toBe(latest.skipped);
    },
  );

  it('runs the text it compiled once, whatever the values, and binds a hostile id as data', async () => {
    const seen: string[] = [];
    const spy = compiledOnce(['userId'], (kk, v: { userId: string }) => {
      seen.push('built');
      return kk.selectFrom('User').select('id').where('id', '=', v.userId);
    });
    expect(await spy(k, { userId: LONG })).toEqual([{ id: LONG }]);
    expect(await spy(k, { userId: `x'); DELETE FROM "User"; --` })).toEqual([]);
    expect(await spy(k, { userId: OTHER })).toEqual([{ id: OTHER }]);
    expect(seen).toEqual(['built']);
    const [users] = await raw.query<{ n: string | number }>(`SELECT count(*) AS n FROM "User"`);
    expect(Number(users!.n)).toBe(4);
  });

  // PostgreSQL plans a named statement with each call's values five times, then keeps a generic plan
  // when it costs no more than those: a limit sent as a parameter is costed at a tenth of the person's
  // rows, and its two look-ups were copied into each use of the weeks drawn, so it planned every call
  // (about 1 ms of CPU each, docs/decisions.md "One plan for get_training_progress").
  it.runIf(process.env.DATABASE_URL)('is one plan on PostgreSQL: generic from the sixth run on one connection', async () => {
    let text = '';
    let values: readonly unknown[] = [];
    const capture = new Kysely<Tables>({
      dialect: readDialect(async (sql, parameters) => {
        text = sql;
        values = parameters;
        return [];
      }),
    });
    await trainingProgressStatement(capture, { userId: LONG, recent: 10, today: TODAY, weeks: 12 });
    // What made the generic plan dearer than the custom ones where a hundred people share the tables
    // (the scale bench's database; this one holds four): no limit is a parameter, and the latest logged
    // days are looked up once each, in the weeks drawn (OFFSET 0 keeps that row from being merged).
    expect(text).not.toMatch(/limit \$\d+/i);
    expect(text.match(/order by "date" desc limit 1\)/g)).toHaveLength(2);
    expect(text).toMatch(/OFFSET 0\)/);
    await raw.query('ANALYZE');
    if (raw.connection.engine !== 'postgresql') throw new Error('PostgreSQL only');
    const client = await raw.connection.pool.connect();
    try {
      const runs: unknown[] = [];
      for (let i = 0; i < 8; i++) runs.push((await client.query({ name: 'progress_plan_probe', text, values: [...values] })).rows[0]);
      const [plans] = (
        await client.query<{ generic_plans: string; custom_plans: string }>(
          `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'progress_plan_probe'`,
        )
      ).rows;
      expect({ generic: Number(plans!.generic_plans), custom: Number(plans!.custom_plans) }).toEqual({ generic: 3, custom: 5 });
      const cost = async (mode: string) => {
        await client.query(`SET plan_cache_mode = ${mode}`);
        const args = values.map((v) => (typeof v === 'number' ? String(v) : client.escapeLiteral(String(v)))).join(', ');
        const lines = (await client.query(`EXPLAIN EXECUTE progress_plan_probe(${args})`)).rows;
        await client.query('RESET plan_cache_mode');
        return Number(/cost=[\d.]+\.\.([\d.]+)/.exec(String(Object.values(lines[0] as object)[0]))![1]);
      };
      // Its generic plan costs no more than one planned with this person's values.
      expect(await cost('force_generic_plan')).toBeLessThanOrEqual(await cost('force_custom_plan'));
      // The generic plan reads what the custom ones read.
      for (const r of runs) expect(r).toEqual(runs[0]);
      expect((runs[0] as { events: unknown[] }).events).toHaveLength(10);
    } finally {
      await client.query('DEALLOCATE progress_plan_probe').catch(() => undefined);
      client.release();
    }
  });

  it('compiles once per shape, binds each shape its own values, and refuses a shape whose value is computed', async () => {
    const seen: string[] = [];
    const byShape = compiledPerShape(
      (shape: 'all' | 'after') => (shape === 'after' ? (['userId', 'after'] as const) : (['userId'] as const)),
      (kk, v: { userId: string; after: string }, shape) => {
        seen.push(shape);
        const q = kk.selectFrom('Workout').select('date').where('userId', '=', v.userId);
        return (shape === 'after' ? q.where('date', '>', v.after) : q).orderBy('date', 'desc').limit(2);
      },
    );
    const all = await byShape(k, 'all', { userId: LONG, after: '' });
    const after = await byShape(k, 'after', { userId: LONG, after: '2030-01-01' });
    const again = await byShape(k, 'all', { userId: OTHER, after: '' });
    const latest = async (userId: string) =>
      (await raw.query<{ date: string }>(`SELECT "date" FROM "Workout" WHERE "userId" = $1 ORDER BY "date" DESC LIMIT 2`, [userId])).map(
        (r) => r.date,
      );
    expect(all.map((r) => r.date)).toEqual(await latest(LONG));
    expect(after).toEqual([]);
    expect(again.map((r) => r.date)).toEqual(await latest(OTHER));
    expect(again).toHaveLength(2);
    expect(seen).toEqual(['all', 'after']);
    const computed = compiledPerShape(
      () => ['day'] as const,
      (kk, v: { day: string }) => kk.selectFrom('Workout').select('id').where('date', '=', addDays(v.day, 1)),
    );
    await expect(computed(k, 'x', { day: TODAY })).rejects.toThrow();
  });

  it('refuses a statement that computes with a value instead of passing it on', async () => {
    const computed = compiledOnce(['day'], (kk, v: { day: string }) =>
      kk.selectFrom('Workout').select('id').where('title', '=', v.day.toUpperCase()),
    );
    await expect(computed(k, { day: TODAY })).rejects.toThrow(/day did not reach the statement as a parameter/);
  });
});
