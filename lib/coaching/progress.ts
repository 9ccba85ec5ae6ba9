// What the coach currently believes about the person, and the recent adaptation log (reads only).
import { todayIn } from '@/lib/clock';
import { derivedEstimate } from '@/lib/profile/benchmarks';
import { addDays } from '@/lib/training/dates';
import { mondayOf, weeklyTrends, type TrendBenchmark, type WeeklyTrends } from '@/lib/training/trends';
import type { AthleteState, IsoDate } from '@/lib/training/types';
import { expressionBuilder, sql, type Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { reads } from '@/lib/database/kysely';
import type { Tables } from '@/lib/database/tables';
import { heldTrends, type HeldSnapshot, type HeldTrends } from '@/lib/training/held-trends';
import type { ProfileFacts } from './athlete-store';
import { readAthleteShown } from './time-away-view';
import { parseAthleteState } from './documents';
import { toWorkout, workoutColumns } from './records';
import { predictGoalRace, predictionText, type RacePrediction } from '@/lib/training/race-prediction';
import { RACE_DISTANCE_M } from '@/lib/training/plan';
import type { PlanGoal } from '@/lib/training/types';

const RACE_NAMES: Record<number, string> = { 5000: '5 km', 10000: '10 km', 21097.5: 'half marathon', 42195: 'marathon' };

export type GoalRace = { planId: string; planName: string; raceDate: string | null; prediction: RacePrediction; text: string };

/**
 * The goal race of the person's current plan (active, else the next upcoming; running and hybrid plans
 * with a race distance) and the finish time the VDOT held now predicts for it; null without either.
 */
export async function goalRace(userId: string, today: IsoDate, vdot: number | undefined, goalTimeS?: number): Promise<GoalRace | null> {
  if (vdot === undefined) return null;
  const plans = await (
    await reads()
  )
    .selectFrom('TrainingPlan')
    .select(['id', 'name', 'goal', 'startDate', 'weeks', 'raceDate', 'raceDistanceM', 'goalTimeS'])
    .where('userId', '=', userId)
    .where('goal', '<>', 'strength')
    .orderBy('startDate')
    .orderBy('createdAt')
    .execute();
  const current = plans.filter((p) => addDays(p.startDate, p.weeks * 7 - 1) >= today);
  const plan = current.find((p) => p.startDate <= today) ?? current[0];
  // A plan without its own race distance races its goal's (a 5K plan, a 5 km race).
  const distanceM = plan ? (plan.raceDistanceM ?? RACE_DISTANCE_M[plan.goal as Exclude<PlanGoal, 'strength'>]) : undefined;
  if (!plan || distanceM === undefined) return null;
  // Without an argument, the goal time stored with the plan.
  const prediction = predictGoalRace(vdot, distanceM, goalTimeS ?? plan.goalTimeS ?? undefined);
  const name = RACE_NAMES[distanceM] ?? `${Math.round(distanceM) / 1000} km race`;
  return { planId: plan.id, planName: plan.name, raceDate: plan.raceDate, prediction, text: predictionText(prediction, name) };
}

/**
 * How many adaptation records and field changes the person has: their one AdaptationTotals row, read
 * by its key whatever the length of the history (triggers of migration adaptation_totals keep it in
 * the statement that writes a record or a change); zeros for a person without one.
 */
export function totalsStatement(k: Kysely<Tables>, userId: string) {
  const total = (column: 'events' | 'changes') => k.selectFrom('AdaptationTotals').select(column).where('userId', '=', userId);
  return k.selectNoFrom((eb) => [
    eb.fn.coalesce(total('events'), sql<number>`0`).as('events'),
    eb.fn.coalesce(total('changes'), sql<number>`0`).as('changes'),
  ]);
}

/**
 * The latest `recent` adaptation records with their field changes, and how many records and changes
 * the person has, in one statement: the records through (userId, createdAt), each one's changes
 * through the eventId index, the totals from the person's AdaptationTotals row (totalsStatement).
 */
export function progressStatement(k: Kysely<Tables>, userId: string, recent: number) {
  const eb = expressionBuilder<Tables, never>();
  return k.selectNoFrom([
    jsonArrayFrom(
      eb
        .selectFrom('AdaptationEvent as e')
        .select([
          'e.id',
          'e.trigger',
          'e.workoutId',
          'e.benchmarkId',
          'e.notes',
          sql<string>`${sql.ref('e.createdAt')} AT TIME ZONE 'UTC'`.as('createdAt'),
        ])
        .select((e) =>
          jsonArrayFrom(
            e
              .selectFrom('WorkoutChange as c')
              .select(['c.workoutId', 'c.date', 'c.path', 'c.before', 'c.after', 'c.reason'])
              .whereRef('c.eventId', '=', 'e.id')
              .orderBy('c.position'),
          ).as('changes'),
        )
        .where('e.userId', '=', userId)
        .orderBy('e.createdAt', 'desc')
        .orderBy('e.id', 'desc')
        .limit(recent),
    ).as('events'),
    eb.selectFrom('AdaptationTotals').select('events').where('userId', '=', userId).as('eventCount'),
    eb.selectFrom('AdaptationTotals').select('changes').where('userId', '=', userId).as('changeCount'),
  ]);
}

/** The athlete a read shows (readAthleteShown), the latest `recent` records and the totals. */
export async function getProgress(userId: string, profile: ProfileFacts, recent: number, today: IsoDate) {
  const [athlete, row] = await Promise.all([
    readAthleteShown(userId, profile, today),
    progressStatement(await reads(), userId, recent).executeTakeFirstOrThrow(),
  ]);
  const events = row.events.map((e) => ({ ...e, createdAt: new Date(e.createdAt) }));
  return { athlete, events, totals: { events: Number(row.eventCount ?? 0), changes: Number(row.changeCount ?? 0) } };
}

/**
 * `weeks` Monday-Sunday weeks from completed and skipped sessions and benchmarks, ending with the
 * current week, or with the week of the latest logged session when one was logged ahead of its date.
 */
export async function getWeeklyTrends(userId: string, today: IsoDate, weeks: number): Promise<WeeklyTrends> {
  const k = await reads();
  const latest = await latestLoggedStatement(k, userId).executeTakeFirstOrThrow();
  const last = [latest.completed, latest.skipped]
    .filter((d): d is string => typeof d === 'string')
    .sort()
    .at(-1);
  const end = last && last > today ? last : today;
  const from = addDays(mondayOf(end), -7 * (weeks - 1));
  const to = addDays(mondayOf(end), 6);
  const row = await trendRowsStatement(k, userId, from, to).executeTakeFirstOrThrow();
  const evidence: TrendBenchmark[] = row.benchmarks.map((b) => ({
    date: b.date,
    kind: b.kind === 'race' ? 'race' : 'lift',
    exercise: b.exercise,
    ...derivedEstimate(b),
  }));
  return weeklyTrends(row.rows.map(toWorkout), evidence, from, end);
}

/**
 * The day of the person's latest completed and latest skipped session: one step down the
 * (userId, status, date) index for each, however long the history.
 */
export function latestLoggedStatement(k: Kysely<Tables>, userId: string) {
  const lastOf = (status: 'completed' | 'skipped') =>
    k.selectFrom('Workout').select('date').where('userId', '=', userId).where('status', '=', status).orderBy('date', 'desc').limit(1);
  return k.selectNoFrom([lastOf('completed').as('completed'), lastOf('skipped').as('skipped')]);
}

/** The completed and skipped sessions and the benchmarks dated `from`..`to` (the weeks drawn), sessions in date order. */
export function trendRowsStatement(k: Kysely<Tables>, userId: string, from: IsoDate, to: IsoDate) {
  const eb = expressionBuilder<Tables, never>();
  return k.selectNoFrom([
    jsonArrayFrom(
      eb
        .selectFrom('Workout')
        .select(workoutColumns)
        .where('userId', '=', userId)
        .where('status', 'in', ['completed', 'skipped'])
        .where('date', '>=', from)
        .where('date', '<=', to)
        .orderBy('date')
        .orderBy('id'),
    ).as('rows'),
    jsonArrayFrom(
      eb
        .selectFrom('Benchmark')
        .select(['kind', 'exercise', 'reps', 'loadKg', 'rpe', 'distanceM', 'timeS', 'date'])
        .where('userId', '=', userId)
        .where('date', '>=', from)
        .where('date', '<=', to),
    ).as('benchmarks'),
  ]);
}

/** Local days are at most 14 hours from UTC: an instant this far before a day's UTC midnight is before its local start anywhere. */
const ZONE_MARGIN_MS = 15 * 60 * 60 * 1000;

/**
 * The snapshots heldTrends needs to draw `weeks` (docs/decisions.md, "Progress reads what it draws"):
 * the coach's state after each session logged from the first week on, and the last one logged before
 * it (what the first week starts from). Two bounded reads by the person's completion instants
 * (Workout userId, completedAt), however long the history: sessions are logged in order under the
 * person's lock, so the application order of their records follows their completion instants.
 */
export function heldSnapshotsStatement(k: Kysely<Tables>, userId: string, firstMonday: IsoDate) {
  const bound = new Date(Date.parse(`${firstMonday}T00:00:00Z`) - ZONE_MARGIN_MS);
  const eb = expressionBuilder<Tables, never>();
  // Each session's records found from the session (a lateral join through the AdaptationEvent(workoutId)
  // index): a plain join let the planner read every record of the person (1,042 for five years) and
  // hash the sessions.
  const logged = () =>
    eb
      .selectFrom('Workout as w')
      .innerJoinLateral(
        (w) =>
          w
            .selectFrom('AdaptationEvent as e')
            .select(['e.stateAfter', 'e.createdAt', 'e.id'])
            .whereRef('e.workoutId', '=', 'w.id')
            .whereRef('e.userId', '=', 'w.userId')
            .where('e.trigger', '=', 'completed')
            .where('e.stateAfter', 'is not', null)
            // Ordered, the subquery is not merged into the outer query (PostgreSQL pulls up only
            // subqueries without ORDER BY), so it stays a lookup per session.
            .orderBy('e.createdAt')
            .orderBy('e.id')
            .as('e'),
        (join) => join.onTrue(),
      )
      .select(['w.date', sql<Date | null>`${sql.ref('w.completedAt')} AT TIME ZONE 'UTC'`.as('completedAt'), 'e.stateAfter'])
      .where('w.userId', '=', userId);
  return k.selectNoFrom([
    jsonObjectFrom(
      logged()
        .where('w.completedAt', '<', bound)
        .orderBy('w.completedAt', 'desc')
        .orderBy('e.createdAt', 'desc')
        .orderBy('e.id', 'desc')
        .limit(1),
    ).as('before'),
    jsonArrayFrom(
      logged()
        .where((w) => w.or([w('w.completedAt', '>=', bound), w.and([w('w.completedAt', 'is', null), w('w.date', '>=', firstMonday)])]))
        .orderBy('e.createdAt')
        .orderBy('e.id'),
    ).as('since'),
  ]);
}

/**
 * The e1RM per lift and the VDOT the coach held at the end of each of `weeks`: the state after each
 * logged session (its adaptation record, on the day it was logged by the coaching clock), and the
 * current state for today (`current`: the athlete the request read once, readAthleteShown). Sessions
 * logged before the coach kept those records show from the next one.
 */
export async function getHeldTrends(
  userId: string,
  timezone: string,
  today: IsoDate,
  weeks: readonly IsoDate[],
  current: AthleteState,
): Promise<HeldTrends> {
  const first = weeks[0] ?? today;
  const row = await heldSnapshotsStatement(await reads(), userId, first).executeTakeFirstOrThrow();
  const snapshots: HeldSnapshot[] = [];
  // json_agg keeps the subquery's order in practice; the records were read oldest first.
  for (const r of [...(row.before ? [row.before] : []), ...row.since]) {
    if (!r.stateAfter) continue;
    const date = r.completedAt ? todayIn(timezone, new Date(r.completedAt)) : r.date;
    snapshots.push({ date, state: parseAthleteState(r.stateAfter as Parameters<typeof parseAthleteState>[0]) });
  }
  snapshots.push({ date: today, state: current });
  return heldTrends(weeks, snapshots);
}
