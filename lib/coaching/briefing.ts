// What travels with a session not yet done: today's readiness (resting heart rate and HRV trend,
// lib/health/readiness.ts) and the time away before it (lib/training/gap.ts), so an agent showing the
// next session has both without a separate get_health_data call.
// Its reads run on every list_workouts and get_workout call, so they are driver-read fragments
// typed expressions (lib/database/kysely.ts) that list_workouts folds into its one statement (./workout-list.ts).
import { sql, type Expression, type QueryCreator, type RawBuilder } from 'kysely';
import { reads } from '@/lib/database/kysely';
import type { Tables } from '@/lib/database/tables';
import { readinessFrom, readinessRows, type ReadinessRow, type ReadinessView } from '@/lib/health/readiness';
import { sessionGap, type SessionGap } from '@/lib/training/gap';
import type { IsoDate } from '@/lib/training/types';
import { parseAthleteState, parseRun, parseStrength } from './documents';
import type { CoachingContext } from './context';
import { workoutColumns, type StoredWorkout } from './records';
import { timeAwayInputs, type TimeAwayInputs } from './time-off';

export type Briefing = SessionGap & { workoutId: string; date: IsoDate; readiness: ReadinessView };

/** How far back a lift's last session is looked for (a longer gap is reported as "not in the last 365 days"). */
const LOOKBACK_DAYS = 365;
export type HistoryRow = { id: string; date: string; title: string; strength: unknown; run: unknown };

/** The next session's day and prescription (a one-row subquery, or values), what historyBefore looks back from. */
export type SessionShape = Expression<{ date: string; strength: unknown; run: unknown }>;

/** The session `s` as a one-row subquery of values (get_workout's briefing: the session is already read). */
export function sessionValues(session: { date: string; strength: unknown; run: unknown }): SessionShape {
  return sql<{ date: string; strength: unknown; run: unknown }>`(SELECT ${session.date}::text AS "date", ${JSON.stringify(
    session.strength,
  )}::jsonb AS "strength", ${JSON.stringify(session.run)}::jsonb AS "run")`;
}

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
 * A column: the completed sessions of the year before `session` that its briefing looks at (sessionGap,
 * lib/training/gap.ts), newest first, as a JSON array (empty without a session): the last one, the last
 * with lifting, and the last two with each of its lifts and (when it runs) with a run. Each is a short
 * walk down the (userId, status, date) index that stops at its LIMIT, so a long history costs no more
 * than a short one; reading every session of the year (up to 200 documents) grew with it.
 */
export function historyBefore(userId: string, session: SessionShape) {
  const recent = (match: RawBuilder<boolean>, limit: number) => sql`(SELECT w."id", w."date", w."title", w."strength", w."run"
      FROM "Workout" AS w
     WHERE w."userId" = ${userId} AND w."status" = 'completed' AND w."date" < s."date"
       AND w."date" >= to_char(s."date"::date - ${LOOKBACK_DAYS}::int, 'YYYY-MM-DD') AND ${match}
     ORDER BY w."date" DESC, w."id" DESC LIMIT ${limit})`;
  return sql<HistoryRow[]>`(SELECT coalesce(json_agg(h ORDER BY h."date" DESC, h."id" DESC), '[]') FROM (
    SELECT DISTINCT ON (u."id") u.* FROM ${session} AS s CROSS JOIN LATERAL (
      ${recent(sql<boolean>`true`, 1)}
      UNION ALL ${recent(sql<boolean>`jsonb_array_length(w."strength") > 0`, 1)}
      UNION ALL ${recent(sql<boolean>`jsonb_array_length(s."run") > 0 AND jsonb_array_length(w."run") > 0`, 2)}
      UNION ALL SELECT x.* FROM jsonb_array_elements(s."strength") AS b(block) CROSS JOIN LATERAL
        ${recent(sql<boolean>`w."strength" @> jsonb_build_array(jsonb_build_object('exerciseId', b.block->'exerciseId'))`, 2)} AS x
    ) AS u) AS h)`;
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

/** The briefing of one session (get_workout): one typed read, time away due applied on read. */
export async function briefingFor(ctx: CoachingContext, session: StoredWorkout): Promise<Briefing> {
  const k = await reads();
  const row = await k
    .selectNoFrom([
      historyBefore(ctx.userId, sessionValues(session)).as('history'),
      readinessRows(ctx.userId, ctx.today).as('readinessRows'),
      ...timeAwayInputs(ctx.userId, session.date > ctx.today ? session.date : ctx.today),
    ])
    .executeTakeFirstOrThrow();
  return briefingFrom(session, row.history, row.readinessRows, ctx.today, row);
}
