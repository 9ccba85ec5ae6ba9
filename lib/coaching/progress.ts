// What the coach currently believes about the person, and the recent adaptation log (reads only).
import { dayOfInstant } from '@/lib/clock';
import { derivedEstimate } from '@/lib/profile/benchmarks';
import { addDays } from '@/lib/training/dates';
import { figuresByWeek, mondayOf, trendsFromWeeks, type TrendBenchmark, type WeeklyTrends } from '@/lib/training/trends';
import { freshWeeksIn, inFreshWeek, storedWeekColumns, storedWeekFrom } from './training-weeks';
import type { AthleteState, IsoDate } from '@/lib/training/types';
import { expressionBuilder, sql, type Expression, type Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { reads } from '@/lib/database/kysely';
import type { Tables } from '@/lib/database/tables';
import { heldTrends, type HeldSnapshot, type HeldTrends } from '@/lib/training/held-trends';
import type { ProfileFacts } from './athlete-store';
import { athleteShownColumns, athleteShownFrom } from './time-away-view';
import { compiledOnce } from '@/lib/database/compiled-once';
import { parseAthleteState } from './documents';
import { toTrendSession, trendSessionColumns } from './records';
import { predictGoalRace, predictionText, type RacePrediction } from '@/lib/training/race-prediction';
import { RACE_DISTANCE_M } from '@/lib/training/plan';
import type { PlanGoal } from '@/lib/training/types';

const RACE_NAMES: Record<number, string> = { 5000: '5 km', 10000: '10 km', 21097.5: 'half marathon', 42195: 'marathon' };

export type GoalRace = { planId: string; planName: string; raceDate: string | null; prediction: RacePrediction; text: string };

/** The person's plans that can have a race (not strength), in the order goalRaceFrom picks from. */
export function racePlansQuery(userId: string, k: Kysely<Tables>) {
  return k
    .selectFrom('TrainingPlan')
    .select(['id', 'name', 'goal', 'startDate', 'weeks', 'raceDate', 'raceDistanceM', 'goalTimeS'])
    .where('userId', '=', userId)
    .where('goal', '<>', sql.lit('strength'))
    .orderBy('startDate')
    .orderBy('createdAt');
}
type RacePlan = {
  id: string;
  name: string;
  goal: string;
  startDate: string;
  weeks: number;
  raceDate: string | null;
  raceDistanceM: number | null;
  goalTimeS: number | null;
};

/**
 * The goal race of the person's current plan (active, else the next upcoming; running and hybrid plans
 * with a race distance) and the finish time the VDOT held now predicts for it; null without either.
 */
export async function goalRace(userId: string, today: IsoDate, vdot: number | undefined, goalTimeS?: number): Promise<GoalRace | null> {
  if (vdot === undefined) return null;
  return goalRaceFrom(await racePlansQuery(userId, await reads()).execute(), today, vdot, goalTimeS);
}

/** goalRace from the person's race plans (racePlansQuery) as read. */
export function goalRaceFrom(plans: readonly RacePlan[], today: IsoDate, vdot: number | undefined, goalTimeS?: number): GoalRace | null {
  if (vdot === undefined) return null;
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
  return k.selectNoFrom((eb) => [
    eb.fn.coalesce(storedTotal(userId, 'events'), sql<number>`0`).as('events'),
    eb.fn.coalesce(storedTotal(userId, 'changes'), sql<number>`0`).as('changes'),
  ]);
}

/** One figure of the person's AdaptationTotals row, as a subquery (no row: null). */
function storedTotal(userId: string, column: 'events' | 'changes') {
  return expressionBuilder<Tables, never>().selectFrom('AdaptationTotals').select(column).where('userId', '=', userId);
}

/**
 * The latest `recent` adaptation records with their field changes, and how many records and changes
 * the person has, in one statement: the records through (userId, createdAt), each one's changes
 * through the eventId index, the totals from the person's AdaptationTotals row (totalsStatement).
 */
export function progressStatement(k: Kysely<Tables>, userId: string, recent: number) {
  return k.selectNoFrom(progressColumns(userId, recent, recent));
}

/** The most records get_training_progress shows (its `recent` argument's maximum). */
export const RECENT_MAX = 50;

/** What get_training_progress shows of each adaptation record (beside its instant). */
const recordColumns = ['e.id', 'e.trigger', 'e.workoutId', 'e.benchmarkId', 'e.notes'] as const;

/**
 * progressStatement's columns, for a statement that reads them beside others (trainingProgressStatement):
 * the latest `most` records (a number written into the text), of which the first `recent` are sent.
 */
function progressColumns(userId: string, recent: number, most: number) {
  const eb = expressionBuilder<Tables, never>();
  // A limit written into the text, and the count asked for compared with each record's place: a limit
  // sent as a parameter is costed as a tenth of the person's records in a generic plan, so PostgreSQL
  // planned the whole statement again on every call (docs/decisions.md, "One plan for get_training_progress").
  const latest = eb
    .selectFrom('AdaptationEvent as e')
    .select([
      ...recordColumns,
      'e.createdAt',
      sql<number>`row_number() OVER (ORDER BY ${sql.ref('e.createdAt')} DESC, ${sql.ref('e.id')} DESC)`.as('place'),
    ])
    .where('e.userId', '=', userId)
    .orderBy('e.createdAt', 'desc')
    .orderBy('e.id', 'desc')
    .limit(sql.lit(most))
    .as('e');
  return [
    jsonArrayFrom(
      eb
        .selectFrom(latest)
        .select([...recordColumns, sql<string>`${sql.ref('e.createdAt')} AT TIME ZONE 'UTC'`.as('createdAt')])
        .select((e) =>
          jsonArrayFrom(
            e
              .selectFrom('WorkoutChange as c')
              .select(['c.workoutId', 'c.date', 'c.path', 'c.before', 'c.after', 'c.reason'])
              .whereRef('c.eventId', '=', 'e.id')
              .orderBy('c.position'),
          ).as('changes'),
        )
        .where('e.place', '<=', recent)
        .orderBy('e.place'),
    ).as('events'),
    storedTotal(userId, 'events').as('eventCount'),
    storedTotal(userId, 'changes').as('changeCount'),
  ] as const;
}

type ProgressRow = Awaited<ReturnType<ReturnType<typeof progressStatement>['executeTakeFirstOrThrow']>>;

/** The records and totals of a progressStatement row. */
function progressFrom(row: Pick<ProgressRow, 'events' | 'eventCount' | 'changeCount'>) {
  const events = row.events.map((e) => ({ ...e, createdAt: new Date(e.createdAt) }));
  return { events, totals: { events: Number(row.eventCount ?? 0), changes: Number(row.changeCount ?? 0) } };
}

/**
 * `weeks` Monday-Sunday weeks from completed and skipped sessions and benchmarks, ending with the
 * current week, or with the week of the latest logged session when one was logged ahead of its date.
 */
export async function getWeeklyTrends(userId: string, today: IsoDate, weeks: number): Promise<WeeklyTrends> {
  const k = await reads();
  const shown = weeksShown(await latestLoggedStatement(k, userId).executeTakeFirstOrThrow(), today, weeks);
  return trendsFrom(await trendRowsStatement(k, userId, shown.from, shown.to).executeTakeFirstOrThrow(), shown);
}

/** The weeks drawn: from the first Monday to the last Sunday, ending with today's week or the latest logged session's. */
export function weeksShown(latest: { completed: string | null; skipped: string | null }, today: IsoDate, weeks: number) {
  const last = [latest.completed, latest.skipped]
    .filter((d): d is string => typeof d === 'string')
    .sort()
    .at(-1);
  const end = last && last > today ? last : today;
  return { from: addDays(mondayOf(end), -7 * (weeks - 1)), to: addDays(mondayOf(end), 6), end };
}

type TrendRows = Awaited<ReturnType<ReturnType<typeof trendRowsStatement>['executeTakeFirstOrThrow']>>;

/** The weeks' trends from the stored weeks, the sessions of the others (each week's figures worked out here) and the benchmarks. */
export function trendsFrom(row: Pick<TrendRows, 'weeks' | 'rows' | 'benchmarks'>, shown: { from: IsoDate; end: IsoDate }): WeeklyTrends {
  const evidence: TrendBenchmark[] = row.benchmarks.map((b) => ({
    date: b.date,
    kind: b.kind === 'race' ? 'race' : 'lift',
    exercise: b.exercise,
    ...derivedEstimate(b),
  }));
  const weekly = [...row.weeks.map(storedWeekFrom), ...figuresByWeek(row.rows.map(toTrendSession))];
  return trendsFromWeeks(weekly, evidence, shown.from, shown.end);
}

/**
 * The day of the person's latest completed and latest skipped session: one step down the
 * (userId, status, date) index for each, however long the history.
 */
export function latestLoggedStatement(k: Kysely<Tables>, userId: string) {
  return k.selectNoFrom(latestLoggedColumns(userId));
}

function latestLoggedColumns(userId: string) {
  const eb = expressionBuilder<Tables, never>();
  // The status and the limit written into the text, not sent as parameters: PostgreSQL costs a limit
  // it cannot see as a tenth of the rows, and kept planning the statement for every call
  // (docs/decisions.md, "One plan for get_training_progress").
  const lastOf = (status: 'completed' | 'skipped') =>
    eb
      .selectFrom('Workout')
      .select('date')
      .where('userId', '=', userId)
      .where('status', '=', sql.lit(status))
      .orderBy('date', 'desc')
      .limit(sql.lit(1));
  return [lastOf('completed').as('completed'), lastOf('skipped').as('skipped')] as const;
}

/**
 * What the weeks `from`..`to` (the weeks drawn) are drawn from: the weeks stored fresh (TrainingWeek,
 * lib/coaching/training-weeks.ts), the completed and skipped sessions of the other weeks in date order
 * (of each what the trends read: trendSessionColumns), and the benchmarks dated in them. However many
 * sessions a week holds, a stored week is one row.
 */
export function trendRowsStatement(k: Kysely<Tables>, userId: string, from: IsoDate, to: IsoDate) {
  return k.selectNoFrom(trendRowsColumns(userId, from, to));
}

function trendRowsColumns(userId: string, from: IsoDate | Expression<string>, to: IsoDate | Expression<string>) {
  const eb = expressionBuilder<Tables, never>();
  return [
    jsonArrayFrom(freshWeeksIn(userId, from, to).select(storedWeekColumns).orderBy('t.week')).as('weeks'),
    jsonArrayFrom(
      eb
        .selectFrom('Workout')
        .select(trendSessionColumns)
        .where('userId', '=', userId)
        .where('status', 'in', [sql.lit('completed'), sql.lit('skipped')])
        .where('date', '>=', from)
        .where('date', '<=', to)
        .where((w) => w.not(inFreshWeek(userId, from, to)))
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
  ] as const;
}

/** Local days are at most 14 hours from UTC: an instant this far before a day's UTC midnight is before its local start anywhere. */
const ZONE_MARGIN_MS = 15 * 60 * 60 * 1000;

/** The instant before which no session can have been logged on `firstMonday` or later, in any timezone. */
const heldBound = (firstMonday: IsoDate) => new Date(Date.parse(`${firstMonday}T00:00:00Z`) - ZONE_MARGIN_MS);

/**
 * The snapshots heldTrends needs to draw `weeks` (docs/decisions.md, "Progress reads what it draws"):
 * the coach's state after each session logged from the first week on, and the last one logged before
 * it (what the first week starts from). Two bounded reads by the person's completion instants
 * (Workout userId, completedAt), however long the history: sessions are logged in order under the
 * person's lock, so the application order of their records follows their completion instants.
 */
export function heldSnapshotsStatement(k: Kysely<Tables>, userId: string, firstMonday: IsoDate) {
  return k.selectNoFrom(heldSnapshotsColumns(userId, firstMonday, heldBound(firstMonday)));
}

/**
 * Whether a session's state can be the one a week shows, in any timezone, so only those states are
 * sent (about one in three of the 12 weeks' sessions). A week shows the state of the last session
 * logged on or before its local Sunday: session i is that one when its completion instant c(i) is
 * before the local midnight that starts the next Monday and the next session's c(i+1) is not. Local
 * midnights lie within 14 hours before and 12 after that Monday's UTC midnight M (UTC+14 to UTC-12),
 * so such an M lies in (c(i) - 12 h, c(i+1) + 14 h]; with 15 hours either side (ZONE_MARGIN_MS) the
 * test below keeps a superset (heldFrom still picks in the person's zone), and needs no zone names.
 * Completion instants follow the order of the records (sessions are logged in order under the
 * person's lock); a session without an instant, or the last one, is always sent.
 */
const mayBeShown = sql<boolean>`coalesce(
  date_bin('7 days', lead(${sql.ref('w.completedAt')}) OVER (ORDER BY ${sql.ref('e.createdAt')}, ${sql.ref('e.id')}) + interval '15 hours', timestamp '2000-01-03')
    > ${sql.ref('w.completedAt')} - interval '15 hours',
  true)`;

/** heldSnapshotsStatement's columns; `bound` is heldBound(firstMonday). */
function heldSnapshotsColumns(userId: string, firstMonday: IsoDate | Expression<string>, bound: Date | Expression<Date>) {
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
            .where('e.trigger', '=', sql.lit('completed'))
            .where('e.stateAfter', 'is not', null)
            // Ordered, the subquery is not merged into the outer query (PostgreSQL pulls up only
            // subqueries without ORDER BY), so it stays a lookup per session.
            .orderBy('e.createdAt')
            .orderBy('e.id')
            .as('e'),
        (join) => join.onTrue(),
      )
      .select(['w.date', sql<Date | null>`${sql.ref('w.completedAt')} AT TIME ZONE 'UTC'`.as('completedAt')])
      .where('w.userId', '=', userId);
  return [
    jsonObjectFrom(
      logged()
        .select('e.stateAfter')
        .where('w.completedAt', '<', bound)
        .orderBy('w.completedAt', 'desc')
        .orderBy('e.createdAt', 'desc')
        .orderBy('e.id', 'desc')
        .limit(sql.lit(1)),
    ).as('before'),
    jsonArrayFrom(
      eb
        .selectFrom(
          logged()
            .select([
              sql<unknown>`CASE WHEN ${mayBeShown} THEN ${sql.ref('e.stateAfter')} END`.as('stateAfter'),
              'e.createdAt as recordedAt',
              'e.id as recordId',
            ])
            .where((w) => w.or([w('w.completedAt', '>=', bound), w.and([w('w.completedAt', 'is', null), w('w.date', '>=', firstMonday)])]))
            .as('s'),
        )
        .select(['s.date', 's.completedAt', 's.stateAfter'])
        // Only the sessions whose state is sent: heldFrom skips the others.
        .where('s.stateAfter', 'is not', null)
        .orderBy('s.recordedAt')
        .orderBy('s.recordId'),
    ).as('since'),
  ] as const;
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
  return heldFrom(await heldSnapshotsStatement(await reads(), userId, first).executeTakeFirstOrThrow(), timezone, today, weeks, current);
}

type HeldRow = Awaited<ReturnType<ReturnType<typeof heldSnapshotsStatement>['executeTakeFirstOrThrow']>>;

/**
 * heldTrends from a heldSnapshotsStatement row. heldTrends reads, for each week, the last snapshot
 * dated on or before its Sunday: only those (at most one a week) are parsed, not every session's state.
 */
export function heldFrom(
  row: Pick<HeldRow, 'before' | 'since'>,
  timezone: string,
  today: IsoDate,
  weeks: readonly IsoDate[],
  current: AthleteState,
) {
  const logged: { date: IsoDate; stateAfter: unknown }[] = [];
  // The local day of a completion instant (remembered per quarter hour of UTC across calls: lib/clock.ts).
  const localDay = (instant: string | Date) => dayOfInstant(timezone, new Date(instant));
  // json_agg keeps the subquery's order in practice; the records were read oldest first.
  for (const r of [...(row.before ? [row.before] : []), ...row.since]) {
    if (!r.stateAfter) continue;
    logged.push({ date: r.completedAt ? localDay(r.completedAt) : r.date, stateAfter: r.stateAfter });
  }
  const read = new Set<number>();
  for (const monday of weeks) {
    const sunday = addDays(monday, 6);
    let last = -1;
    for (let i = 0; i < logged.length; i++) if (logged[i]!.date <= sunday) last = i;
    if (last >= 0) read.add(last);
  }
  const snapshots: HeldSnapshot[] = [...read]
    .sort((a, b) => a - b)
    .map((i) => ({ date: logged[i]!.date, state: parseAthleteState(logged[i]!.stateAfter as Parameters<typeof parseAthleteState>[0]) }));
  snapshots.push({ date: today, state: current });
  return heldTrends(weeks, snapshots);
}

/**
 * The weeks get_training_progress draws, worked out in its statement as weeksShown does in code: `weeks`
 * Monday-Sunday weeks ending with the week of today or of the latest logged session when that is later.
 * One row: the first Monday, the last Sunday, the end day and the held snapshots' bound
 * (heldBound: the first Monday's UTC midnight less ZONE_MARGIN_MS).
 */
function shownWeeks(userId: string, today: IsoDate, weeks: number) {
  const [completed, skipped] = latestLoggedColumns(userId);
  // In parentheses: a raw source in FROM is written as given. OFFSET 0 keeps it one row worked out
  // once: merged into the statement, its two look-ups were copied into every use of its days (22 of them).
  return sql<{
    from: string;
    to: string;
    end: string;
    bound: Date;
    completed: string | null;
    skipped: string | null;
  }>`(SELECT to_char(m - 7 * (${weeks}::int - 1), 'YYYY-MM-DD') AS "from", to_char(m + 6, 'YYYY-MM-DD') AS "to",
      to_char(e, 'YYYY-MM-DD') AS "end", (m - 7 * (${weeks}::int - 1))::timestamp - interval '15 hours' AS "bound",
      "completed", "skipped"
    FROM (SELECT e, e - (extract(isodow FROM e)::int - 1) AS m, "completed", "skipped"
            FROM (SELECT greatest(${today}::date, "completed"::date, "skipped"::date) AS e, "completed", "skipped"
                    FROM (SELECT (${completed.expression}) AS "completed", (${skipped.expression}) AS "skipped") AS logged) AS latest) AS days
    OFFSET 0)`;
}

/**
 * Everything get_training_progress reads, in one statement compiled once (compiledOnce): the athlete
 * shown and its time off, the latest records and the totals, the latest logged days, the race plans,
 * the weeks drawn (worked out by the statement: shownWeeks) with their sessions and benchmarks, and the
 * held snapshots over them.
 */
export const trainingProgressStatement = compiledOnce(
  ['userId', 'recent', 'today', 'weeks'],
  (k, v: { userId: string; recent: number; today: IsoDate; weeks: number }) => {
    const shown = <C extends 'from' | 'to' | 'end' | 'bound' | 'completed' | 'skipped'>(column: C) =>
      sql.ref<C extends 'bound' ? Date : C extends 'completed' | 'skipped' ? string | null : string>(`shown.${column}`);
    return k
      .selectFrom(shownWeeks(v.userId, v.today, v.weeks).as('shown'))
      .select([
        ...athleteShownColumns(v.userId),
        ...progressColumns(v.userId, v.recent, RECENT_MAX),
        shown('completed').as('completed'),
        shown('skipped').as('skipped'),
        jsonArrayFrom(racePlansQuery(v.userId, k)).as('racePlans'),
        shown('from').as('shownFrom'),
        shown('end').as('shownEnd'),
        ...trendRowsColumns(v.userId, shown('from'), shown('to')),
        ...heldSnapshotsColumns(v.userId, shown('from'), shown('bound')),
      ]);
  },
);

/**
 * get_training_progress's reads in one statement (trainingProgressStatement): what progressStatement,
 * getWeeklyTrends, getHeldTrends, goalRace and readAthleteShown read, in six.
 */
export async function trainingProgress(
  userId: string,
  q: { profile: ProfileFacts; timezone: string; today: IsoDate; recent: number; weeks: number; goalTimeS?: number },
) {
  const [row] = await trainingProgressStatement(await reads(), { userId, recent: q.recent, today: q.today, weeks: q.weeks });
  const athlete = athleteShownFrom(row!, q.profile, q.today);
  const trends = trendsFrom(row!, { from: row!.shownFrom, end: row!.shownEnd });
  return {
    athlete,
    ...progressFrom(row!),
    trends,
    held: heldFrom(row!, q.timezone, q.today, trends.weeks, athlete.state),
    race: goalRaceFrom(row!.racePlans, q.today, athlete.state.vdot, q.goalTimeS),
  };
}
