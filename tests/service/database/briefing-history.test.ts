// @module-tag engine-parity
// The next session's briefing (lib/coaching/briefing.ts) reads only the sessions it looks at: the last
// one, the last with lifting, the last two with each of its lifts and with a run, each a short walk down
// the (userId, status, date) index. For every kind of next session, the time away it reports from those
// rows must equal what it reports from the whole year before it (what it read until issue 35), on this
// run's engine: lifts done weekly, rarely, once, last year, never; runs; same-day sessions; no history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { historyBefore, sessionValues, type HistoryRow } from '@/lib/coaching/briefing';
import { parseRun, parseStrength } from '@/lib/coaching/documents';
import type { RawDatabase } from '@/lib/database/engine';
import { kyselyOver } from '@/lib/database/kysely';
import { migrate } from '@/lib/database/migrations';
import type { Tables } from '@/lib/database/tables';
import { addDays } from '@/lib/training/dates';
import { sessionGap } from '@/lib/training/gap';
import { freshRawDatabase } from '../../../harness/server';

let raw: RawDatabase;
let close: () => Promise<void>;
let k: Kysely<Tables>;

const TODAY = '2026-11-27';
const block = (exerciseId: string) => ({
  exerciseId,
  exerciseName: exerciseId,
  progression: 'linear',
  sets: [{ reps: 5, loadKg: 60 }],
});
const RUN = [{ kind: 'easy', distanceM: 6000 }];

/** Two years of completed sessions: squat and bench Mon/Wed/Fri, deadlift every fifth Monday, a Saturday run; plus odd ones. */
async function seed(userId: string): Promise<void> {
  const rows: { id: string; date: string; strength: unknown[]; run: unknown[] }[] = [];
  for (let d = 730; d >= 1; d--) {
    const date = addDays(TODAY, -d);
    const day = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (day === 1 || day === 3 || day === 5) {
      const lifts = ['back-squat', 'bench-press', ...(day === 1 && d % 5 === 0 ? ['deadlift'] : [])];
      rows.push({ id: `${userId}-${date}`, date, strength: lifts.map(block), run: [] });
    } else if (day === 6) rows.push({ id: `${userId}-${date}`, date, strength: [], run: RUN });
  }
  // Overhead press once 300 days ago and once 500 days ago (outside the year); two sessions on one day.
  rows.push({ id: `${userId}-ohp-300`, date: addDays(TODAY, -300), strength: [block('overhead-press')], run: [] });
  rows.push({ id: `${userId}-ohp-500`, date: addDays(TODAY, -500), strength: [block('overhead-press')], run: [] });
  rows.push({ id: `${userId}-twice`, date: addDays(TODAY, -3), strength: [block('barbell-row')], run: RUN });
  await raw.query(
    `INSERT INTO "User" ("id", "email", "passwordHash", "createdAt", "updatedAt") VALUES ($1, $1 || '@example.test', 'x', now(), now())`,
    [userId],
  );
  await raw.query(
    `INSERT INTO "Workout" ("id", "userId", "date", "status", "kind", "title", "strength", "run", "completedAt", "createdAt", "updatedAt")
     SELECT id, $1, date, 'completed', 'strength', 'Session', strength::jsonb, run::jsonb, now(), now(), now()
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS t(id, date, strength, run)`,
    [
      userId,
      rows.map((r) => r.id),
      rows.map((r) => r.date),
      rows.map((r) => JSON.stringify(r.strength)),
      rows.map((r) => JSON.stringify(r.run)),
    ],
  );
  // A skipped and a scheduled session inside the year: never history.
  await raw.query(
    `INSERT INTO "Workout" ("id", "userId", "date", "status", "kind", "title", "strength", "run", "createdAt", "updatedAt") VALUES
       ($1 || '-skipped', $1, $2, 'skipped', 'strength', 'Skipped', $4::jsonb, '[]'::jsonb, now(), now()),
       ($1 || '-planned', $1, $3, 'scheduled', 'strength', 'Planned', $4::jsonb, '[]'::jsonb, now(), now())`,
    [userId, addDays(TODAY, -1), addDays(TODAY, -2), JSON.stringify([block('front-squat')])],
  );
}

beforeAll(async () => {
  ({ raw, close } = await freshRawDatabase());
  await migrate(raw);
  await seed('athlete');
  await raw.query(
    `INSERT INTO "User" ("id", "email", "passwordHash", "createdAt", "updatedAt") VALUES ('newcomer', 'newcomer@example.test', 'x', now(), now())`,
  );
  await raw.query('ANALYZE');
});
afterAll(async () => {
  await close();
});

/** Every completed session of the year before `date`, newest first: what the briefing read before. */
async function wholeYear(userId: string, date: string): Promise<HistoryRow[]> {
  return raw.query<HistoryRow>(
    `SELECT "id", "date", "title", "strength", "run" FROM "Workout" WHERE "userId" = $1 AND "status" = 'completed'
        AND "date" >= $2 AND "date" < $3 ORDER BY "date" DESC, "id" DESC`,
    [userId, addDays(date, -365), date],
  );
}

const gapFrom = (session: { id: string; date: string; strength: unknown[]; run: unknown[] }, rows: readonly HistoryRow[]) =>
  sessionGap(
    { id: session.id, date: session.date, strength: parseStrength(session.strength as never), run: parseRun(session.run as never) },
    rows.map((r) => ({
      id: r.id,
      date: r.date,
      title: r.title,
      status: 'completed' as const,
      strength: parseStrength(r.strength as never),
      run: parseRun(r.run as never),
    })),
  );

const SESSIONS: [string, string, string, unknown[], unknown[]][] = [
  ['squat and bench tomorrow', 'athlete', addDays(TODAY, 1), [block('back-squat'), block('bench-press')], []],
  ['deadlift (every fifth Monday)', 'athlete', TODAY, [block('deadlift')], []],
  ['overhead press (last done 300 days ago)', 'athlete', TODAY, [block('overhead-press'), block('back-squat')], []],
  ['a lift never done', 'athlete', TODAY, [block('romanian-deadlift')], []],
  ['a run', 'athlete', TODAY, [], RUN],
  ['a lift and a run, the day after a session that had both', 'athlete', addDays(TODAY, -2), [block('barbell-row')], RUN],
  ['a squat day two years ago (the history begins inside its year)', 'athlete', addDays(TODAY, -600), [block('back-squat')], []],
  ['bodyweight only, no lifts listed', 'athlete', TODAY, [], []],
  ['a first session', 'newcomer', TODAY, [block('back-squat')], RUN],
];

describe('the briefing reads only what it looks at', () => {
  it.each(SESSIONS)('%s: the same time away as from the whole year', async (_name, userId, date, strength, run) => {
    const session = { id: 'next', date, strength, run };
    const row = await k_()
      .selectNoFrom(historyBefore(userId, sessionValues(session)).as('history'))
      .executeTakeFirstOrThrow();
    const year = await wholeYear(userId, date);
    expect(gapFrom(session, row.history)).toEqual(gapFrom(session, year));
    // Only rows of the year, each once, newest first; far fewer than the year for a long history.
    const ids = row.history.map((h) => h.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(row.history.every((h) => year.some((y) => y.id === h.id))).toBe(true);
    expect(row.history.map((h) => h.date)).toEqual([...row.history.map((h) => h.date)].sort().reverse());
    expect(row.history.length).toBeLessThanOrEqual(2 + 2 * strength.length + (run.length > 0 ? 2 : 0));
  });
});

function k_(): Kysely<Tables> {
  k ??= kyselyOver(raw);
  return k;
}
