// `npx tsx --tsconfig bench/tsconfig.json bench/statistics.ts`: what planner statistics are worth on PGlite (lib/database/statistics.ts).
// One in-memory PGlite, migrated, with a person of 5 years of completed sessions (three a week, each
// with its adaptation record and a change) beside 20 people of one year, built twice: one database as a
// freshly migrated one has it (no statistics: nothing on PGlite runs ANALYZE unless the app does), one
// after `refreshStatistics`. Then get_training_progress' statements and list_workouts' statement, timed
// on both interleaved run by run (wall ms, medians of --runs after 3 warm-up runs each), so the load of a
// shared machine falls on both alike. Options: --years=N (5), --others=N (20), --runs=N (15).
import { openPglite, type RawDatabase } from '@/lib/database/engine';
import { kyselyOver } from '@/lib/database/kysely';
import { migrate } from '@/lib/database/migrations';
import { refreshStatistics } from '@/lib/database/statistics';
import { heldSnapshotsStatement, progressStatement, totalsStatement, trendRowsStatement } from '@/lib/coaching/progress';
import { workoutListStatement } from '@/lib/coaching/workout-list';
import { addDays } from '@/lib/training/dates';
import { loadavg } from 'node:os';
import type { Kysely } from 'kysely';
import type { Tables } from '@/lib/database/tables';
import { median, round, table } from './lib/stats';

const option = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const YEARS = option('years', 5);
const OTHERS = option('others', 20);
const RUNS = option('runs', 15);
const TODAY = new Date().toISOString().slice(0, 10);

/** Three completed sessions a week for `days`, each with its adaptation record and one change. */
async function seed(raw: RawDatabase, userId: string, days: number) {
  await raw.query(`INSERT INTO "User" ("id", "email", "passwordHash", "updatedAt") VALUES ($1, $1 || '@example.test', 'x', now())`, [
    userId,
  ]);
  const dates: string[] = [];
  for (let d = days; d >= 1; d--) if (d % 7 === 1 || d % 7 === 3 || d % 7 === 5) dates.push(addDays(TODAY, -d));
  const ids = dates.map((_, i) => `${userId}-w${i}`);
  const strength = JSON.stringify([
    { exerciseId: 'back-squat', exerciseName: 'Back squat', progression: 'linear', sets: [{ reps: 5, loadKg: 100 }] },
  ]);
  await raw.query(
    `INSERT INTO "Workout" ("id", "userId", "date", "status", "kind", "title", "strength", "run", "completedAt", "createdAt", "updatedAt")
     SELECT id, $1, date, 'completed', 'strength', 'Squat day', $2::jsonb, '[]'::jsonb, date::timestamp + time '18:00', now(), now()
       FROM unnest($3::text[], $4::text[]) AS t(id, date)`,
    [userId, strength, ids, dates],
  );
  await raw.query(
    `INSERT INTO "AdaptationEvent" ("id", "userId", "trigger", "workoutId", "notes", "stateAfter", "createdAt")
     SELECT 'e-' || id, $1, 'completed', id, '{}', jsonb_build_object('unit', 'kg', 'distanceUnit', 'km',
            'lifts', jsonb_build_object('back-squat', jsonb_build_object('e1rmKg', 100 + n, 'failureStreak', 0))),
            date::timestamp + time '18:00'
       FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(id, date, n)`,
    [userId, ids, dates],
  );
  await raw.query(
    `INSERT INTO "WorkoutChange" ("id", "eventId", "workoutId", "date", "path", "before", "after", "reason", "position")
     SELECT 'c-' || id, 'e-' || id, id, '2000-01-01', 'strength[0].sets[0].loadKg', 100, 102.5, 'linear step', 0 FROM unnest($1::text[]) AS t(id)`,
    [ids],
  );
  return dates.length;
}

async function database(): Promise<{ raw: RawDatabase; sessions: number }> {
  const raw = await openPglite('memory://');
  await migrate(raw);
  const sessions = await seed(raw, 'long', Math.round(YEARS * 365));
  for (let i = 0; i < OTHERS; i++) await seed(raw, `other-${i}`, 365);
  return { raw, sessions };
}

const plain = await database();
const analyzed = await database();
const t = performance.now();
const tables = await refreshStatistics(analyzed.raw);
const analyzeMs = round(performance.now() - t, 0);
const again = performance.now();
const second = await refreshStatistics(analyzed.raw);
const againMs = round(performance.now() - again, 1);

// The Monday of the first of the 12 weeks drawn.
const firstMonday = addDays(TODAY, -((new Date(`${TODAY}T00:00:00Z`).getUTCDay() + 6) % 7) - 11 * 7);
const statements = (k: Kysely<Tables>) =>
  [
    ['held snapshots (12 weeks)', () => heldSnapshotsStatement(k, 'long', firstMonday).execute()],
    ['records, changes and counts', () => progressStatement(k, 'long', 10).execute()],
    ['record and change totals', () => totalsStatement(k, 'long').execute()],
    ['weeks drawn', () => trendRowsStatement(k, 'long', firstMonday, TODAY).execute()],
    [
      'list_workouts statement',
      () =>
        workoutListStatement(
          k,
          { userId: 'long', today: TODAY },
          { from: addDays(TODAY, -365), to: addDays(TODAY, 30), limit: 50 },
        ).execute(),
    ],
  ] as const;
const onPlain = statements(kyselyOver(plain.raw));
const onAnalyzed = statements(kyselyOver(analyzed.raw));

async function ms(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

const rows: (string | number)[][] = [];
for (const [i, [name, a]] of onPlain.entries()) {
  const b = onAnalyzed[i]![1];
  for (let w = 0; w < 3; w++) {
    await a();
    await b();
  }
  const times = { plain: [] as number[], analyzed: [] as number[] };
  for (let r = 0; r < RUNS; r++) {
    // Alternate which goes first.
    if (r % 2) {
      times.plain.push(await ms(a));
      times.analyzed.push(await ms(b));
    } else {
      times.analyzed.push(await ms(b));
      times.plain.push(await ms(a));
    }
  }
  const p = median(times.plain);
  const q = median(times.analyzed);
  rows.push([name, round(p, 2), round(q, 2), round(p / q, 1)]);
}
await plain.raw.close();
await analyzed.raw.close();

console.log(
  `PGlite, ${plain.sessions} sessions over ${YEARS} years beside ${OTHERS} people of one year; wall ms, median of ${RUNS} interleaved runs (load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')})`,
);
console.log(table([['statement', 'no statistics', 'after ANALYZE', 'ratio'], ...rows]));
console.log(`refreshStatistics: ${tables.length} tables in ${analyzeMs} ms; run again at once: ${second.length} tables in ${againMs} ms`);
