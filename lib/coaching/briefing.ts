// What travels with a session not yet done: today's readiness (resting heart rate and HRV trend,
// lib/health/readiness.ts) and the time away before it (lib/training/gap.ts), so an agent showing the
// next session has both without a separate get_health_data call.
// Its reads run on every list_workouts and get_workout call, so they are driver-read fragments
// (lib/database/reads.ts) that list_workouts folds into its one statement (./workout-list.ts).
import { parameters, read, type Bind } from '@/lib/database/reads';
import { readinessColumn, readinessFrom, type ReadinessRow, type ReadinessView } from '@/lib/health/readiness';
import { sessionGap, type SessionGap } from '@/lib/training/gap';
import type { IsoDate } from '@/lib/training/types';
import { parseAthleteState, parseRun, parseStrength } from './documents';
import { WORKOUT_COLUMNS, type StoredWorkout } from './records';
import { timeAwayColumns, type TimeAwayInputs } from './time-off';

export type Briefing = SessionGap & { workoutId: string; date: IsoDate; readiness: ReadinessView };

/** How far back a lift's last session is looked for (a longer gap is reported as "not in the last 365 days"). */
const LOOKBACK_DAYS = 365;
/** Most completed sessions looked through for the last time each lift was done. */
const HISTORY_LIMIT = 200;

export type HistoryRow = { id: string; date: string; title: string; strength: unknown; run: unknown };

/** A CTE, "next_session": the first scheduled session dated `today` or later (WORKOUT_COLUMNS). */
export function nextSessionCte(bind: Bind, userId: string, today: IsoDate): string {
  return `"next_session" AS (
    SELECT ${WORKOUT_COLUMNS} FROM "Workout"
     WHERE "userId" = ${bind(userId)} AND "status" = 'scheduled' AND "date" >= ${bind(today)}
     ORDER BY "date" ASC, "id" ASC LIMIT 1)`;
}
/** With nextSessionCte: the next session as JSON (WorkoutJson), null when none is scheduled. */
export const NEXT_SESSION_COLUMN = `(SELECT row_to_json(n) FROM "next_session" n) AS "next"`;
/** With nextSessionCte: the next session's date, for historyColumn. */
export const NEXT_SESSION_DATE = `(SELECT n."date" FROM "next_session" n)`;

/**
 * A column, "history": completed sessions of the year before the session dated by the SQL expression
 * `sessionDate` (a placeholder or a subquery; no rows when it is null), as JSON.
 */
export function historyColumn(bind: Bind, userId: string, sessionDate: string): string {
  const day = `(${sessionDate})::text`;
  return `(SELECT json_agg(h ORDER BY h."date" DESC) FROM (
      SELECT w."id", w."date", w."title", w."strength", w."run" FROM "Workout" w
       WHERE w."userId" = ${bind(userId)} AND w."status" = 'completed'
         AND w."date" >= to_char(${day}::date - ${bind(LOOKBACK_DAYS)}::int, 'YYYY-MM-DD') AND w."date" < ${day}
       ORDER BY w."date" DESC LIMIT ${bind(HISTORY_LIMIT)}) h) AS "history"`;
}

/**
 * What the coach knows beside the history (timeAwayColumns): each lift's usual spacing, which the
 * prescription used to decide time away, and the time off recorded, so the briefing agrees with both.
 */
function knownFrom(inputs: TimeAwayInputs | undefined): Parameters<typeof sessionGap>[2] {
  if (!inputs) return {};
  const lifts = inputs.state ? parseAthleteState(inputs.state as Parameters<typeof parseAthleteState>[0]).lifts : undefined;
  return {
    offs: inputs.offs ?? [],
    ...(lifts ? { everyDays: Object.fromEntries(Object.entries(lifts).map(([id, l]) => [id, l.everyDays])) } : {}),
  };
}

/** The briefing of `session` from the rows of historyColumn, readinessColumn and timeAwayColumns. Pure. */
export function briefingFrom(
  session: StoredWorkout,
  history: readonly HistoryRow[] | null,
  readiness: readonly ReadinessRow[] | null,
  today: IsoDate,
  known?: TimeAwayInputs,
): Briefing {
  const done = (history ?? []).map((r) => ({
    id: r.id,
    date: r.date,
    title: r.title,
    status: 'completed' as const,
    strength: parseStrength(r.strength),
    run: parseRun(r.run),
  }));
  return {
    workoutId: session.id,
    date: session.date,
    readiness: readinessFrom(readiness, today),
    ...sessionGap(session, done, knownFrom(known)),
  };
}

/** The briefing of one session (get_workout): one driver read. */
export async function briefingFor(userId: string, session: StoredWorkout, today: IsoDate): Promise<Briefing> {
  const { params, bind } = parameters();
  const [row] = await read<TimeAwayInputs & { history: HistoryRow[] | null; readinessRows: ReadinessRow[] | null }>(
    `SELECT ${historyColumn(bind, userId, bind(session.date))}, ${readinessColumn(bind, userId, today)}, ${timeAwayColumns(bind, userId, session.date > today ? session.date : today)}`,
    params,
  );
  return briefingFrom(session, row?.history ?? null, row?.readinessRows ?? null, today, row);
}
