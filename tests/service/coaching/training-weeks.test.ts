// @module-tag engine-parity
// The weekly training figures kept per week (TrainingWeek: migration training_weeks, lib/coaching/
// training-weeks.ts), on this run's engine: the database marks a week stale in the statement that writes
// one of its logged sessions, whoever writes it (here: plain SQL, no app code); refreshTrainingWeeks works
// stale weeks out again; and the weeks get_training_progress draws are the same from stored weeks, stale
// weeks and weeks never stored, for a long messy history (injury weeks, RPE and Epley sets, races too
// short for VDOT, a renamed lift, hostile names) and for none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely } from 'kysely';
import { trendRowsStatement, trendsFrom } from '@/lib/coaching/progress';
import { trendSessionColumns, toTrendSession } from '@/lib/coaching/records';
import { refreshTrainingWeeks } from '@/lib/coaching/training-weeks';
import type { RawDatabase } from '@/lib/database/engine';
import { kyselyOver } from '@/lib/database/kysely';
import { migrate } from '@/lib/database/migrations';
import type { Tables } from '@/lib/database/tables';
import { addDays } from '@/lib/training/dates';
import { mondayOf, weekFigures, weeklyTrends, type WeekFigures } from '@/lib/training/trends';
import { freshRawDatabase } from '../../../harness/server';

let raw: RawDatabase;
let close: () => Promise<void>;
let k: Kysely<Tables>;
const run = (sql: string, params: readonly unknown[]) => raw.query(sql, [...params]);

const ME = 'u-weeks';
const LONG = 'u-weeks-long';
const NONE = 'u-weeks-none';
const START = '2026-03-02';
const HOSTILE = `Squat "deep" '); DROP TABLE "TrainingWeek"; --`;

type Session = {
  id: string;
  userId: string;
  date: string;
  status: 'scheduled' | 'completed' | 'skipped';
  strength?: unknown[];
  run?: unknown[];
  actual?: unknown;
};

async function insert(s: Session): Promise<void> {
  await raw.query(
    `INSERT INTO "Workout" ("id", "userId", "date", "status", "kind", "title", "strength", "run", "actual", "createdAt", "updatedAt")
     VALUES ($1, $2, $3, $4, 'mixed', 'Session', $5::jsonb, $6::jsonb, $7::jsonb, now(), now())`,
    [
      s.id,
      s.userId,
      s.date,
      s.status,
      JSON.stringify(s.strength ?? []),
      JSON.stringify(s.run ?? []),
      s.actual === undefined ? null : JSON.stringify(s.actual),
    ],
  );
}

const squatDay = (
  id: string,
  userId: string,
  date: string,
  sets: { reps: number; loadKg: number; rpe?: number }[],
  name = 'Back squat',
): Session => ({
  id,
  userId,
  date,
  status: 'completed',
  strength: [
    { exerciseId: 'back-squat', exerciseName: name, progression: 'linear', sets: sets.map((x) => ({ reps: x.reps, loadKg: x.loadKg })) },
  ],
  actual: { strength: [{ blockIndex: 0, exerciseId: 'back-squat', sets }] },
});

const runDay = (
  id: string,
  userId: string,
  date: string,
  kind: 'easy' | 'race' | 'threshold',
  distanceM: number,
  durationS: number,
): Session => ({
  id,
  userId,
  date,
  status: 'completed',
  run: [{ kind, distanceM }],
  actual: { run: { distanceM, durationS }, ...(kind === 'easy' ? {} : { runSegments: [{ segmentIndex: 0, distanceM, durationS }] }) },
});

/** Every stored week of a person, by Monday. */
async function stored(userId: string) {
  const rows = await raw.query<{ week: string; stale: boolean; completed: number; skipped: number }>(
    `SELECT "week", "stale", "completed", "skipped" FROM "TrainingWeek" WHERE "userId" = $1 ORDER BY "week"`,
    [userId],
  );
  return Object.fromEntries(rows.map((r) => [r.week, r]));
}

/** The weeks drawn as get_training_progress draws them (its statement, then trendsFrom). */
async function drawn(userId: string, from: string, to: string) {
  const row = await trendRowsStatement(k, userId, from, to).executeTakeFirstOrThrow();
  return { row, trends: trendsFrom(row, { from, end: to }) };
}

/** Every completed and skipped session dated `from`..`to`, in date order, as the trends read them. */
function sessionsIn(userId: string, from: string, to: string) {
  return k
    .selectFrom('Workout')
    .select(trendSessionColumns)
    .where('userId', '=', userId)
    .where('status', 'in', ['completed', 'skipped'])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .orderBy('id')
    .execute();
}

/** The reference: every session of the range read and grouped in code, as before weeks were kept. */
async function fromSessions(userId: string, from: string, to: string) {
  const rows = await sessionsIn(userId, from, to);
  const { row } = await drawn(userId, from, to);
  return trendsFrom({ weeks: [], rows, benchmarks: row.benchmarks }, { from, end: to });
}

/** A long history: 30 weeks of strength, runs, skips and an injury, written by plain SQL. */
async function seedLong(): Promise<void> {
  let seed = 11;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let d = 0; d < 210; d++) {
    const date = addDays(START, d);
    const injured = d >= 70 && d < 84;
    const r = rand();
    if (r < 0.35) {
      const sets = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => ({
        reps: [1, 3, 5, 12][Math.floor(rand() * 4)]!,
        loadKg: rand() < 0.1 ? 0 : 80 + Math.round(rand() * 40),
        ...(rand() < 0.5 ? { rpe: [7, 8, 9.5][Math.floor(rand() * 3)]! } : {}),
      }));
      const s = squatDay(`${LONG}-s${d}`, LONG, date, sets, d > 150 ? HOSTILE : 'Back squat');
      await insert(injured ? { ...s, status: 'skipped', actual: undefined } : s);
    } else if (r < 0.55 && !injured) {
      const kind = (['easy', 'race', 'threshold'] as const)[Math.floor(rand() * 3)]!;
      const distanceM = kind === 'race' && rand() < 0.3 ? 800 : 3000 + Math.round(rand() * 9000);
      await insert(runDay(`${LONG}-r${d}`, LONG, date, kind, distanceM, Math.round(distanceM * (0.22 + rand() * 0.1))));
    } else if (r < 0.6) {
      await insert({ ...squatDay(`${LONG}-p${d}`, LONG, date, []), status: 'scheduled', actual: undefined });
    }
  }
  await raw.query(
    `INSERT INTO "Benchmark" ("id", "userId", "kind", "exercise", "reps", "loadKg", "date") VALUES ('b-1', $1, 'lift', 'deadlift', 3, 170, $2)`,
    [LONG, addDays(START, 40)],
  );
}

beforeAll(async () => {
  ({ raw, close } = await freshRawDatabase());
  await migrate(raw);
  for (const id of [ME, LONG, NONE])
    await raw.query(`INSERT INTO "User" ("id", "email", "passwordHash", "updatedAt") VALUES ($1, $1 || '@example.test', 'x', now())`, [id]);
  await seedLong();
  k = kyselyOver(raw);
}, 180_000);

afterAll(async () => {
  await close?.();
});

describe('the database marks the weeks a statement changed', () => {
  const mon = '2026-11-02';
  const next = '2026-11-09';

  it('marks a logged session week stale on insert, never a scheduled one, and refreshing works it out from its sessions', async () => {
    await insert(squatDay('w1', ME, '2026-11-03', [{ reps: 5, loadKg: 100, rpe: 8 }]));
    await insert({ id: 'w2', userId: ME, date: '2026-11-05', status: 'skipped' });
    await insert({ ...squatDay('w3', ME, '2026-11-12', []), status: 'scheduled', actual: undefined });
    expect(await stored(ME)).toEqual({ [mon]: { week: mon, stale: true, completed: 0, skipped: 0 } });
    expect(await refreshTrainingWeeks(run, ME)).toBe(1);
    expect(await stored(ME)).toEqual({ [mon]: { week: mon, stale: false, completed: 1, skipped: 1 } });
    const [row] = await raw.query<{ distanceM: number; vdot: number | null; lifts: unknown }>(
      `SELECT "distanceM", "vdot", "lifts" FROM "TrainingWeek" WHERE "userId" = $1 AND "week" = $2`,
      [ME, mon],
    );
    // 100 kg x 5 @ RPE 8 is 81.1 % of 1RM (the RTS chart): 123.3 kg.
    expect(row).toEqual({
      distanceM: 0,
      vdot: null,
      lifts: [{ exerciseId: 'back-squat', exerciseName: 'Back squat', e1rmKg: expect.closeTo(123.3, 1), tonnageKg: 500 }],
    });
    // Nothing stale: one read, nothing written.
    expect(await refreshTrainingWeeks(run, ME)).toBe(0);
  });

  it('leaves a week fresh when only what the trends do not read changes (notes, a scheduled session)', async () => {
    await raw.query(`UPDATE "Workout" SET "notes" = 'felt good', "updatedAt" = now() WHERE "id" = 'w1'`);
    await raw.query(`UPDATE "Workout" SET "strength" = '[]'::jsonb WHERE "id" = 'w3'`);
    expect((await stored(ME))[mon]!.stale).toBe(false);
  });

  it('marks both weeks when a session moves, and drops a week its last session left', async () => {
    await raw.query(`UPDATE "Workout" SET "actual" = jsonb_set("actual", '{strength,0,sets,0,loadKg}', '110') WHERE "id" = 'w1'`);
    expect((await stored(ME))[mon]!.stale).toBe(true);
    await refreshTrainingWeeks(run, ME);
    await raw.query(`UPDATE "Workout" SET "date" = '2026-11-10' WHERE "id" IN ('w1', 'w2')`);
    expect(await stored(ME)).toEqual({
      [mon]: { week: mon, stale: true, completed: 1, skipped: 1 },
      [next]: { week: next, stale: true, completed: 0, skipped: 0 },
    });
    expect(await refreshTrainingWeeks(run, ME)).toBe(2);
    expect(await stored(ME)).toEqual({ [next]: { week: next, stale: false, completed: 1, skipped: 1 } });
  });

  it('marks the week when a scheduled session is logged and when a logged one is deleted', async () => {
    await raw.query(`UPDATE "Workout" SET "status" = 'completed', "actual" = '{"strength":[]}'::jsonb WHERE "id" = 'w3'`);
    expect((await stored(ME))[next]!.stale).toBe(true);
    await refreshTrainingWeeks(run, ME);
    expect((await stored(ME))[next]!.completed).toBe(2);
    await raw.query(`DELETE FROM "Workout" WHERE "id" IN ('w1', 'w2', 'w3')`);
    expect((await stored(ME))[next]!.stale).toBe(true);
    await refreshTrainingWeeks(run, ME);
    expect(await stored(ME)).toEqual({});
  });

  it('deletes a person with stale and fresh weeks (no week is marked for a person being deleted), and only theirs', async () => {
    const gone = 'u-weeks-gone';
    await raw.query(`INSERT INTO "User" ("id", "email", "passwordHash", "updatedAt") VALUES ($1, $1 || '@example.test', 'x', now())`, [
      gone,
    ]);
    await insert(squatDay('g1', gone, '2026-11-03', [{ reps: 5, loadKg: 60 }]));
    await refreshTrainingWeeks(run, gone);
    await insert(squatDay('g2', gone, '2026-11-17', [{ reps: 5, loadKg: 60 }]));
    expect(Object.values(await stored(gone)).map((w) => w.stale)).toEqual([false, true]);
    const longBefore = await stored(LONG);
    await raw.query(`DELETE FROM "User" WHERE "id" = $1`, [gone]);
    expect(await stored(gone)).toEqual({});
    expect(await stored(LONG)).toEqual(longBefore);
  });
});

describe('the weeks drawn are the same from stored weeks, stale weeks and weeks never stored', () => {
  const ranges: [string, string, string][] = [
    // what, from, to
    ['the whole history, from its first Monday', START, addDays(START, 209)],
    ['12 weeks over the injury', addDays(START, 49), addDays(START, 49 + 83)],
    ['from a Thursday to a Tuesday (part weeks at both ends)', addDays(START, 17), addDays(START, 100)],
    ['one week', addDays(START, 70), addDays(START, 76)],
    ['after the history', '2027-01-04', '2027-03-28'],
  ];

  it.each(ranges)('%s: as stored nothing, all stale', async (_what, from, to) => {
    expect(Object.values(await stored(LONG)).every((w) => w.stale)).toBe(true);
    const { row, trends } = await drawn(LONG, from, to);
    expect(row.weeks).toEqual([]);
    expect(trends).toEqual(await fromSessions(LONG, from, to));
  });

  it('works out every week of the history once, each equal to its own sessions', async () => {
    const weeks = Object.keys(await stored(LONG));
    expect(weeks.length).toBe(30);
    expect(await refreshTrainingWeeks(run, LONG)).toBe(30);
    for (const monday of weeks) {
      const rows = await sessionsIn(LONG, monday, addDays(monday, 6));
      const [row] = await raw.query<WeekFigures>(
        `SELECT "completed", "skipped", "distanceM", "durationS", "vdot", "lifts" FROM "TrainingWeek" WHERE "userId" = $1 AND "week" = $2 AND NOT "stale"`,
        [LONG, monday],
      );
      expect(row, monday).toEqual(weekFigures(rows.map(toTrendSession)));
    }
  });

  it.each(ranges)('%s: as stored, every week fresh (whole weeks read as one row each)', async (_what, from, to) => {
    const { row, trends } = await drawn(LONG, from, to);
    expect(trends).toEqual(await fromSessions(LONG, from, to));
    // Only the part weeks at the ends are read from their sessions.
    expect(row.rows.every((s) => mondayOf(s.date) < from || addDays(mondayOf(s.date), 6) > to)).toBe(true);
    expect(row.weeks.every((w) => w.week >= from && addDays(w.week, 6) <= to)).toBe(true);
  });

  it('the whole history as stored: 30 rows and no session, with the hostile name kept as data', async () => {
    const { row, trends } = await drawn(LONG, START, addDays(START, 209));
    expect(row.weeks).toHaveLength(30);
    expect(row.rows).toEqual([]);
    expect(trends.lifts.find((l) => l.exerciseId === 'back-squat')!.exerciseName).toBe('Back squat');
    expect(trends.sessions.completed.slice(10, 12)).toEqual([0, 0]);
    expect(trends.sessions.skipped[10]! + trends.sessions.skipped[11]!).toBeGreaterThan(0);
    const late = await drawn(LONG, addDays(START, 154), addDays(START, 209));
    expect(late.trends.lifts.find((l) => l.exerciseId === 'back-squat')!.exerciseName).toBe(HOSTILE);
    const [{ n } = { n: 0 }] = await raw.query<{ n: number | string }>(`SELECT count(*) AS n FROM "TrainingWeek"`);
    expect(Number(n)).toBeGreaterThan(0);
  });

  it.each(ranges)('%s: some weeks stale again (sessions changed by plain SQL)', async (_what, from, to) => {
    await raw.query(
      `UPDATE "Workout" SET "actual" = jsonb_set("actual", '{run,durationS}', to_jsonb(("actual"->'run'->>'durationS')::float8 + 1))
        WHERE "userId" = $1 AND "status" = 'completed' AND "actual" ? 'run' AND right("id", 1) IN ('1', '5')`,
      [LONG],
    );
    const stale = Object.values(await stored(LONG)).filter((w) => w.stale).length;
    expect(stale).toBeGreaterThan(3);
    expect(stale).toBeLessThan(30);
    const { trends } = await drawn(LONG, from, to);
    expect(trends).toEqual(await fromSessions(LONG, from, to));
  });

  it('draws nothing for a person with no history, stored or not', async () => {
    const from = '2026-11-02';
    const { row, trends } = await drawn(NONE, from, '2026-11-29');
    expect(row).toEqual({ weeks: [], rows: [], benchmarks: [] });
    expect(trends).toEqual(weeklyTrends([], [], from, '2026-11-29'));
    expect(await refreshTrainingWeeks(run, NONE)).toBe(0);
  });
});
