// History for the scale bench, written by the code the tools run (their declarations' handlers, in
// this process, with the coaching clock moved day by day: lib/clock.ts), not by HTTP: five years
// through /mcp would take hours. JSON in on stdin, JSON out on stdout. The app's database comes
// from the environment (DATABASE_URL or PGLITE_DIR; on PGlite no server may hold the folder).
//  history: each person gets `days` days of training (strength Mon/Wed/Fri, a run on Saturday, each
//           created then completed that day) and daily health data (steps, resting heart rate, HRV,
//           sleep; body mass on Sundays), in 100-record record_health_data batches.
//  clone:   `count` other people, each a copy of one seeded person's rows (workouts, adaptation log,
//           health, athlete state) under a new account: a database holding many other people.
//  targets: scheduled sessions for today, for the write tools to complete, skip, update and delete.
//  count:   what is stored for the concurrency run's acknowledged writes.
import { z } from 'zod';
import { closeDatabase, database } from '@/lib/database/client';
import { withClock } from '@/lib/clock';
import { addDays } from '@/lib/training/dates';
import { tools } from '@/lib/mcp/tools';
import type { AnyTool, ToolContext } from '@/lib/mcp/define-tool';

type Input =
  | { mode: 'history'; people: { email: string; days: number }[]; today: string }
  | { mode: 'clone'; fromEmail: string; count: number }
  | { mode: 'targets'; people: { email: string; count: number }[]; today: string }
  | { mode: 'count'; emails: string[]; notePrefix: string; idPrefix: string };

const byName = new Map((tools as readonly AnyTool[]).map((t) => [t.name, t]));

async function userId(email: string): Promise<string> {
  const rows = await (await database()).raw.query<{ id: string }>(`SELECT "id" FROM "User" WHERE "email" = $1`, [email]);
  if (!rows[0]) throw new Error(`no account for ${email}`);
  return rows[0].id;
}

async function call<T = Record<string, unknown>>(ctx: ToolContext, name: string, args: Record<string, unknown>): Promise<T> {
  const tool = byName.get(name)!;
  return (await tool.handler((tool.input as z.ZodObject).parse(args), ctx)) as T;
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

async function history(email: string, days: number, today: string): Promise<{ sessions: number; health: number }> {
  const ctx: ToolContext = { person: { id: await userId(email), email }, grantedScopes: [], clientId: 'bench' };
  let sessions = 0;
  let health = 0;
  let batch: Record<string, unknown>[] = [];
  const flush = async (at: Date) => {
    if (batch.length === 0) return;
    const records = batch;
    batch = [];
    await withClock(at, () => call(ctx, 'record_health_data', { records }));
  };
  for (let d = days; d >= 1; d--) {
    const date = addDays(today, -d);
    const evening = new Date(`${date}T19:00:00Z`);
    const day = weekday(date);
    const week = Math.floor((days - d) / 7);
    if (day === 1 || day === 3 || day === 5) {
      // Linear squat and bench: 5 kg (2.5 kg) a week up, a deload every eighth week.
      const squat = 60 + 5 * (week % 8);
      const bench = 40 + 2.5 * (week % 8);
      const strength = [
        { exercise: 'back-squat', sets: [5, 5, 5].map((reps) => ({ reps, load: squat })) },
        { exercise: 'bench-press', sets: [5, 5, 5].map((reps) => ({ reps, load: bench })) },
      ];
      await withClock(evening, async () => {
        const { workout } = await call<{ workout: { id: string } }>(ctx, 'create_workout', { date, strength });
        await call(ctx, 'complete_workout', {
          id: workout.id,
          strength: strength.map((b) => ({ exercise: b.exercise, sets: b.sets.map((s) => ({ ...s, rpe: 8 })) })),
          notes: `history ${date}`,
        });
      });
      sessions++;
    } else if (day === 6) {
      const km = 6 + (week % 6);
      await withClock(evening, async () => {
        const { workout } = await call<{ workout: { id: string } }>(ctx, 'create_workout', { date, run: [{ kind: 'easy', distance: km }] });
        await call(ctx, 'complete_workout', { id: workout.id, run: { distance: km, durationSeconds: km * 330, avgHr: 145, rpe: 4 } });
      });
      sessions++;
    }
    batch.push(
      { type: 'steps', value: 6000 + ((d * 37) % 5000), unit: 'count', start: date, clientRecordId: `h-steps-${date}` },
      { type: 'resting_heart_rate', value: 50 + (d % 7), unit: 'bpm', start: `${date}T06:30:00Z` },
      { type: 'hrv_rmssd', value: 55 + (d % 11), unit: 'ms', start: `${date}T06:30:00Z` },
      { type: 'sleep', value: 400 + (d % 60), unit: 'min', start: `${addDays(date, -1)}T22:30:00Z`, end: `${date}T06:20:00Z` },
    );
    if (day === 0) batch.push({ type: 'body_mass', value: 80 + (d % 5) / 10, unit: 'kg', start: date });
    health += day === 0 ? 5 : 4;
    if (batch.length >= 96) await flush(evening);
  }
  await flush(new Date(`${addDays(today, -1)}T20:00:00Z`));
  return { sessions, health };
}

/** Copies one person's coaching and health rows to `count` new accounts, set-wise in SQL. */
async function clone(fromEmail: string, count: number): Promise<{ people: number; rows: number }> {
  const { raw } = await database();
  const source = await userId(fromEmail);
  const columns = async (table: string) =>
    (
      await raw.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
        [table],
      )
    ).map((c) => c.column_name);
  // Every id of the copy is the original's with a suffix, so references between copied rows hold.
  const REFS = new Set(['id', 'workoutId', 'eventId', 'planId', 'benchmarkId']);
  const copy = async (table: string, where: string, n: number) => {
    const cols = await columns(table);
    // A record's change count starts at 0: the triggers of migration adaptation_totals count its
    // changes as they are copied after it (copying the count too would count them twice).
    const select = cols.map((c) =>
      c === 'userId'
        ? `'${source}-c${n}'`
        : c === 'changeCount'
          ? '0'
          : c === 'email'
            ? `'clone-${n}-' || "email"`
            : REFS.has(c)
              ? `CASE WHEN "${c}" IS NULL THEN NULL ELSE "${c}" || '-c${n}' END`
              : `"${c}"`,
    );
    const list = cols.map((c) => `"${c}"`).join(', ');
    const rows = await raw.query(
      `WITH i AS (INSERT INTO "${table}" (${list}) SELECT ${select.join(', ')} FROM "${table}" WHERE ${where} RETURNING 1) SELECT count(*)::int AS n FROM i`,
      [source],
    );
    return (rows[0] as { n: number }).n;
  };
  let total = 0;
  for (let n = 0; n < count; n++) {
    const cols = await columns('User');
    const list = cols.map((c) => `"${c}"`).join(', ');
    const select = cols.map((c) => (c === 'id' ? `"id" || '-c${n}'` : c === 'email' ? `'clone-${n}-' || "email"` : `"${c}"`));
    await raw.query(`INSERT INTO "User" (${list}) SELECT ${select.join(', ')} FROM "User" WHERE "id" = $1`, [source]);
    for (const table of ['Profile', 'AthleteState', 'Workout', 'AdaptationEvent', 'HealthRecord'])
      total += await copy(table, `"userId" = $1`, n);
    total += await copy('WorkoutChange', `"eventId" IN (SELECT "id" FROM "AdaptationEvent" WHERE "userId" = $1)`, n);
  }
  return { people: count, rows: total };
}

async function targets(email: string, count: number, today: string): Promise<string[]> {
  const ctx: ToolContext = { person: { id: await userId(email), email }, grantedScopes: [], clientId: 'bench' };
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { workout } = await call<{ workout: { id: string } }>(ctx, 'create_workout', {
      date: today,
      title: `bench target ${i}`,
      strength: [{ exercise: 'back-squat', sets: [5, 5, 5].map((reps) => ({ reps, load: 70 })) }],
    });
    ids.push(workout.id);
  }
  return ids;
}

async function count(emails: string[], notePrefix: string, idPrefix: string) {
  const { raw } = await database();
  const [row] = await raw.query<{ completed: number; health: number }>(
    `SELECT
       (SELECT count(*)::int FROM "Workout" w JOIN "User" u ON u."id" = w."userId"
         WHERE u."email" = ANY($1::text[]) AND w."status" = 'completed' AND w."notes" LIKE $2 || '%') AS "completed",
       (SELECT count(*)::int FROM "HealthRecord" h JOIN "User" u ON u."id" = h."userId"
         WHERE u."email" = ANY($1::text[]) AND h."externalId" LIKE $3 || '%') AS "health"`,
    [emails, notePrefix, idPrefix],
  );
  return row;
}

const input = JSON.parse(await new Response(process.stdin as unknown as ReadableStream).text()) as Input;
let out: unknown;
try {
  if (input.mode === 'history') {
    const seeded: Record<string, unknown> = {};
    for (const p of input.people) seeded[p.email] = await history(p.email, p.days, input.today);
    out = seeded;
  } else if (input.mode === 'clone') out = await clone(input.fromEmail, input.count);
  else if (input.mode === 'targets') {
    const ids: Record<string, string[]> = {};
    for (const p of input.people) ids[p.email] = await targets(p.email, p.count, input.today);
    out = ids;
  } else out = await count(input.emails, input.notePrefix, input.idPrefix);
  // The tables a running database would hold after this much writing (autovacuum's VACUUM and ANALYZE),
  // now rather than whenever autovacuum next wakes, in the middle of the timed rounds: a statement's
  // cached generic plan made from the statistics of a half-written table (one person where there are a
  // hundred) stays until they change, and get_training_progress ran at twice its database CPU on one
  // (docs/performance.md, ninth stop); the weekly rows the seeding rewrote thousands of times are dead
  // tuples until vacuumed.
  if (input.mode === 'history' || input.mode === 'clone') await (await database()).raw.query('VACUUM ANALYZE');
} finally {
  await closeDatabase();
}
console.log(JSON.stringify(out));
process.exit(0);
