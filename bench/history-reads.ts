// `npx tsx --tsconfig bench/tsconfig.json bench/history-reads.ts [--days=1825] [--runs=15]`: every read
// tool's cost for a person with one week of history against one with a year and one with `days`, in this process (the
// tools' handlers, as bench/workers/seed-history.ts calls them: no HTTP, no token check), interleaved
// run by run so a shared machine's load falls on both alike (wall ms, medians after 3 warm-up runs).
// Both histories are written by the tools themselves with the coaching clock moved day by day
// (strength Mon/Wed/Fri, a run on Saturday, each created then completed that day; daily health data).
// The database: DATABASE_URL (an empty PostgreSQL database), else a new PGlite folder. On PostgreSQL with
// pg_stat_statements loaded (shared_preload_libraries), it also prints the shared buffers each tool's
// statements touched per call for each person: a statement whose count grows with the history reads it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadavg } from 'node:os';
import type { z } from 'zod';
import { median, round, table } from './lib/stats';

const option = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const DAYS = option('days', 1825);
const RUNS = option('runs', 15);

if (!process.env.DATABASE_URL) process.env.PGLITE_DIR = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-history-reads-')), 'db');
process.env.PACEWISE_SEED = '0';
process.env.SESSION_SECRET ??= 'bench-session-secret-bench-session-secret-bench-session';
process.env.TOKEN_SECRET ??= 'bench-token-secret-bench-token-secret-bench-token-secret';

const { closeDatabase, database } = await import('@/lib/database/client');
const { withClock } = await import('@/lib/clock');
const { addDays } = await import('@/lib/training/dates');
const { tools } = await import('@/lib/mcp/tools');
type Tool = (typeof tools)[number] & { handler: (args: unknown, ctx: unknown) => Promise<unknown>; input: z.ZodObject };
const byName = new Map((tools as readonly Tool[]).map((t) => [t.name, t]));

const TODAY = new Date().toISOString().slice(0, 10);
const { raw } = await database();

type Ctx = { person: { id: string; email: string }; grantedScopes: string[]; clientId: string };
async function person(id: string): Promise<Ctx> {
  await raw.query(`INSERT INTO "User" ("id", "email", "passwordHash", "updatedAt") VALUES ($1, $1 || '@example.test', 'x', now())`, [id]);
  return { person: { id, email: `${id}@example.test` }, grantedScopes: [], clientId: 'bench' };
}
async function call<T = Record<string, unknown>>(ctx: Ctx, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const tool = byName.get(name)!;
  return (await tool.handler(tool.input.parse(args), ctx)) as T;
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
async function history(ctx: Ctx, days: number): Promise<{ sessions: number; lastWorkout: string }> {
  await withClock(new Date(`${addDays(TODAY, -days - 1)}T12:00:00Z`), () =>
    call(ctx, 'update_profile', { timezone: 'UTC', experience: 'novice', units: { weight: 'kg', distance: 'km' } }),
  );
  let sessions = 0;
  let lastWorkout = '';
  let batch: Record<string, unknown>[] = [];
  for (let d = days; d >= 1; d--) {
    const date = addDays(TODAY, -d);
    const evening = new Date(`${date}T19:00:00Z`);
    const day = weekday(date);
    const week = Math.floor((days - d) / 7);
    if (day === 1 || day === 3 || day === 5 || day === 6) {
      const strength = [{ exercise: 'back-squat', sets: [5, 5, 5].map((reps) => ({ reps, load: 60 + 5 * (week % 8) })) }];
      await withClock(evening, async () => {
        const args = day === 6 ? { date, run: [{ kind: 'easy', distance: 6 + (week % 6) }] } : { date, strength };
        const { workout } = await call<{ workout: { id: string } }>(ctx, 'create_workout', args);
        await call(
          ctx,
          'complete_workout',
          day === 6
            ? { id: workout.id, run: { distance: 6 + (week % 6), durationSeconds: 2000, avgHr: 145, rpe: 4 } }
            : { id: workout.id, strength: strength.map((b) => ({ ...b, sets: b.sets.map((s) => ({ ...s, rpe: 8 })) })) },
        );
        lastWorkout = workout.id;
      });
      sessions++;
    }
    batch.push(
      { type: 'steps', value: 6000 + ((d * 37) % 5000), unit: 'count', start: date },
      { type: 'resting_heart_rate', value: 50 + (d % 7), unit: 'bpm', start: `${date}T06:30:00Z` },
      { type: 'sleep', value: 400 + (d % 60), unit: 'min', start: `${addDays(date, -1)}T22:30:00Z`, end: `${date}T06:20:00Z` },
    );
    if (day === 0) batch.push({ type: 'body_mass', value: 80 + (d % 5) / 10, unit: 'kg', start: date });
    if (batch.length >= 96 || d === 1) {
      const records = batch;
      batch = [];
      await withClock(evening, () => call(ctx, 'record_health_data', { records }));
    }
  }
  return { sessions, lastWorkout };
}

const started = performance.now();
const week = await person('week');
const year = await person('year');
const long = await person('long');
const built = { week: await history(week, 7), year: await history(year, 365), long: await history(long, DAYS) };
// One benchmark and one time off each; and the plan every person has.
for (const ctx of [week, year, long]) {
  await call(ctx, 'set_benchmark', { kind: 'lift', exercise: 'back-squat', reps: 5, load: 80, date: addDays(TODAY, -2) });
  await call(ctx, 'record_time_off', { from: addDays(TODAY, 20), to: addDays(TODAY, 24), kind: 'other' });
  await call(ctx, 'create_training_plan', { goal: 'strength', weeks: 8, startDate: TODAY, daysPerWeek: 3 });
}
if (raw.engine === 'postgresql') await raw.query('ANALYZE');
else await (await import('@/lib/database/statistics')).refreshStatistics(raw);
const buildS = round((performance.now() - started) / 1000, 0);

const planId = async (ctx: Ctx) => (await call<{ plans: { id: string }[] }>(ctx, 'list_training_plans')).plans[0]!.id;
const reads: [string, (ctx: Ctx, who: 'week' | 'year' | 'long') => Promise<unknown>][] = [
  ['get_account', (c) => call(c, 'get_account')],
  ['get_profile', (c) => call(c, 'get_profile')],
  ['list_workouts', (c) => call(c, 'list_workouts')],
  ['get_workout', (c, who) => call(c, 'get_workout', { id: built[who].lastWorkout })],
  ['list_workout_changes', (c, who) => call(c, 'list_workout_changes', { workoutId: built[who].lastWorkout })],
  ['get_training_progress', (c) => call(c, 'get_training_progress')],
  ['get_health_data', (c) => call(c, 'get_health_data', {})],
  ['list_benchmarks', (c) => call(c, 'list_benchmarks')],
  ['list_time_off', (c) => call(c, 'list_time_off')],
  ['list_training_plans', (c) => call(c, 'list_training_plans')],
  ['get_training_plan', async (c) => call(c, 'get_training_plan', { id: await planId(c) })],
  ['list_exercises', (c) => call(c, 'list_exercises')],
  ['list_integrations', (c) => call(c, 'list_integrations')],
];

async function ms(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

const statements =
  raw.engine === 'postgresql' &&
  (await raw.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_stat_statements'`).catch(() => [])).length > 0;
const stmtRows: (string | number)[][] = [];
/** Shared buffers touched per call by each statement `fn` runs, from pg_stat_statements. */
async function buffers(fn: () => Promise<unknown>, calls: number): Promise<Map<string, number>> {
  await raw.query('SELECT pg_stat_statements_reset()');
  for (let i = 0; i < calls; i++) await fn();
  const rows = await raw.query<{ query: string; calls: string; blks: string }>(
    `SELECT query, calls::text, (shared_blks_hit + shared_blks_read)::text AS blks FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat_statements%'`,
  );
  return new Map(rows.map((r) => [r.query.replace(/\s+/g, ' ').slice(0, 90), Number(r.blks) / calls]));
}

const rows: (string | number)[][] = [];
for (const [name, read] of reads) {
  const a = () => read(week, 'week');
  const y = () => read(year, 'year');
  const b = () => read(long, 'long');
  for (let w = 0; w < 3; w++) for (const f of [a, y, b]) await f();
  const times = { week: [] as number[], year: [] as number[], long: [] as number[] };
  for (let r = 0; r < RUNS; r++) {
    // Rotate which goes first.
    const order = [
      ['week', a],
      ['year', y],
      ['long', b],
    ] as const;
    for (let i = 0; i < 3; i++) {
      const [who, f] = order[(i + r) % 3]!;
      times[who].push(await ms(f));
    }
  }
  const [w, yr, l] = [median(times.week), median(times.year), median(times.long)];
  rows.push([name, round(w, 2), round(yr, 2), round(l, 2), round(yr / w, 2), round(l / yr, 2)]);
  if (statements) {
    const [bw, by, bl] = [await buffers(a, 5), await buffers(y, 5), await buffers(b, 5)];
    for (const [query, blks] of bl) {
      const small = by.get(query) ?? 0;
      if (blks > Math.max(20, 1.2 * small)) stmtRows.push([name, round(bw.get(query) ?? 0, 0), round(small, 0), round(blks, 0), query]);
    }
  }
}
console.log(
  `${raw.engine}: 'week' (7 days, ${built.week.sessions} sessions), 'year' (${built.year.sessions}) and 'long' (${DAYS} days, ${built.long.sessions} sessions), built in ${buildS} s; ` +
    `wall ms per call in process, median of ${RUNS} interleaved runs (load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')})`,
);
console.log(table([['tool', '1 week', '1 year', `${DAYS} days`, 'year / week', 'long / year'], ...rows]));
if (statements) {
  console.log('Statements touching more shared buffers per call for the long history than for the year (more than 20 and 1.2x):');
  console.log(table([['tool', 'buffers, week', 'year', 'long', 'statement'], ...stmtRows]));
}
await closeDatabase();
process.exit(0);
