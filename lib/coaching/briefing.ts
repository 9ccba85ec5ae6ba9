// What travels with a session not yet done: today's readiness (resting heart rate and HRV trend,
// lib/health/readiness.ts) and the time away before it (lib/training/gap.ts), so an agent showing the
// next session has both without a separate get_health_data call.
// Its reads run on every list_workouts and get_workout call, so they are driver-read fragments
// typed expressions (lib/database/kysely.ts) that list_workouts folds into its one statement (./workout-list.ts).
import { expressionBuilder, sql, type Expression, type QueryCreator } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { reads } from '@/lib/database/kysely';
import type { Tables } from '@/lib/database/tables';
import { readinessFrom, readinessRows, type ReadinessRow, type ReadinessView } from '@/lib/health/readiness';
import { sessionGap, type SessionGap } from '@/lib/training/gap';
import type { IsoDate, RunSegment, StrengthBlock } from '@/lib/training/types';
import { parseAthleteState, parseRun, parseStrength } from './documents';
import type { CoachingContext } from './context';
import { workoutColumns, type StoredWorkout } from './records';
import { timeAwayInputs, type TimeAwayInputs } from './time-off';

export type Briefing = SessionGap & { workoutId: string; date: IsoDate; readiness: ReadinessView };

/** How far back a lift's last session is looked for (a longer gap is reported as "not in the last 365 days"). */
const LOOKBACK_DAYS = 365;
/** Most completed sessions looked through for the last time each lift was done. */
const HISTORY_LIMIT = 200;

export type HistoryRow = { id: string; date: string; title: string; strength: unknown; run: unknown };

/** The first scheduled session dated `today` or later (workoutColumns), for a CTE or a subquery. */
export function nextSessionQuery(db: QueryCreator<Tables>, userId: string, today: IsoDate) {
  return db
    .selectFrom('Workout')
    .select(workoutColumns)
    .where('userId', '=', userId)
    .where('status', '=', 'scheduled')
    .where('date', '>=', today)
    .orderBy('date')
    .orderBy('id')
    .limit(1);
}

/**
 * A column: completed sessions of the year before the session dated `sessionDate` (a value or a
 * one-column subquery; no rows when it is null), newest first, as a JSON array.
 */
export function historyBefore(userId: string, sessionDate: Expression<string | null> | Expression<{ date: string }>) {
  const eb = expressionBuilder<Tables, never>();
  const day = sql<string>`(${sessionDate})::text`;
  return jsonArrayFrom(
    eb
      .selectFrom('Workout as w')
      .select(['w.id', 'w.date', 'w.title', 'w.strength', 'w.run'])
      .where('w.userId', '=', userId)
      .where('w.status', '=', 'completed')
      .where('w.date', '>=', sql<string>`to_char(${day}::date - ${LOOKBACK_DAYS}::int, 'YYYY-MM-DD')`)
      .where('w.date', '<', day)
      .orderBy('w.date', 'desc')
      .limit(HISTORY_LIMIT),
  );
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

/**
 * A completed session of the history whose documents are parsed when first read: sessionGap reads the
 * newest few of up to 200 (the last two of each lift, the last run), so a year of history no longer
 * costs 400 document parses a list_workouts call (docs/performance.md, issue 35, branch `progress`).
 */
function lazySession(r: HistoryRow) {
  let strength: StrengthBlock[] | undefined;
  let run: RunSegment[] | undefined;
  return {
    id: r.id,
    date: r.date,
    title: r.title,
    status: 'completed' as const,
    get strength() {
      return (strength ??= parseStrength(r.strength));
    },
    get run() {
      return (run ??= parseRun(r.run));
    },
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
  const done = (history ?? []).map(lazySession);
  return {
    workoutId: session.id,
    date: session.date,
    readiness: readinessFrom(readiness, today),
    ...sessionGap(session, done, knownFrom(known)),
  };
}

/** The briefing of one session (get_workout): one typed read, time away due applied on read. */
export async function briefingFor(ctx: CoachingContext, session: StoredWorkout): Promise<Briefing> {
  const k = await reads();
  const row = await k
    .selectNoFrom([
      historyBefore(ctx.userId, sql.val(session.date)).as('history'),
      readinessRows(ctx.userId, ctx.today).as('readinessRows'),
      ...timeAwayInputs(ctx.userId, session.date > ctx.today ? session.date : ctx.today),
    ])
    .executeTakeFirstOrThrow();
  return briefingFrom(session, row.history, row.readinessRows, ctx.today, row);
}
