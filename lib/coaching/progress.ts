// What the coach currently believes about the person, and the recent adaptation log (reads only).
import { db } from '@/lib/database/client';
import { derivedEstimate } from '@/lib/profile/benchmarks';
import { addDays } from '@/lib/training/dates';
import { mondayOf, weeklyTrends, type TrendBenchmark, type WeeklyTrends } from '@/lib/training/trends';
import type { IsoDate } from '@/lib/training/types';
import { expressionBuilder, sql, type Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { reads } from '@/lib/database/kysely';
import type { Tables } from '@/lib/database/tables';
import { heldTrends, type HeldSnapshot, type HeldTrends } from '@/lib/training/held-trends';
import type { ProfileFacts } from './athlete-store';
import { readAthleteShown } from './time-away-view';
import { parseAthleteState } from './documents';
import { toWorkout } from './records';
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
  const prisma = await db();
  const plans = await prisma.trainingPlan.findMany({
    where: { userId, goal: { not: 'strength' } },
    orderBy: [{ startDate: 'asc' }, { createdAt: 'asc' }],
    select: { id: true, name: true, goal: true, startDate: true, weeks: true, raceDate: true, raceDistanceM: true, goalTimeS: true },
  });
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
 * How many field changes the person's events hold: counted per event through the WorkoutChange
 * eventId index (a lateral count), so no other person's rows are read whatever share of the table
 * one person owns (a join let the planner scan the whole table for a large one).
 */
export function changeCountStatement(k: Kysely<Tables>, userId: string) {
  return k
    .selectFrom('AdaptationEvent as e')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('WorkoutChange as c')
          .select((c) => c.fn.countAll<string>().as('n'))
          .whereRef('c.eventId', '=', 'e.id')
          .as('x'),
      (join) => join.onTrue(),
    )
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('x.n'), sql<string>`0`).as('n'))
    .where('e.userId', '=', userId);
}

async function countChanges(userId: string): Promise<number> {
  const row = await changeCountStatement(await reads(), userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function getProgress(userId: string, profile: ProfileFacts, recent: number, today: IsoDate) {
  const prisma = await db();
  const athlete = await readAthleteShown(userId, profile, today);
  const [events, eventCount, changeCount] = await Promise.all([
    prisma.adaptationEvent.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: recent,
      include: { changes: { orderBy: { position: 'asc' } } },
    }),
    prisma.adaptationEvent.count({ where: { userId } }),
    countChanges(userId),
  ]);
  return { athlete, events, totals: { events: eventCount, changes: changeCount } };
}

/**
 * `weeks` Monday-Sunday weeks from completed and skipped sessions and benchmarks, ending with the
 * current week, or with the week of the latest logged session when one was logged ahead of its date.
 */
export async function getWeeklyTrends(userId: string, today: IsoDate, weeks: number): Promise<WeeklyTrends> {
  const prisma = await db();
  const latest = await prisma.workout.findFirst({
    where: { userId, status: { in: ['completed', 'skipped'] } },
    orderBy: { date: 'desc' },
    select: { date: true },
  });
  const end = latest && latest.date > today ? latest.date : today;
  const from = addDays(mondayOf(end), -7 * (weeks - 1));
  const to = addDays(mondayOf(end), 6);
  const [rows, benchmarks] = await Promise.all([
    prisma.workout.findMany({
      where: { userId, status: { in: ['completed', 'skipped'] }, date: { gte: from, lte: to } },
      orderBy: [{ date: 'asc' }, { id: 'asc' }],
    }),
    prisma.benchmark.findMany({ where: { userId, date: { gte: from, lte: to } } }),
  ]);
  const evidence: TrendBenchmark[] = benchmarks.map((b) => ({
    date: b.date,
    kind: b.kind === 'race' ? 'race' : 'lift',
    exercise: b.exercise,
    ...derivedEstimate(b),
  }));
  return weeklyTrends(rows.map(toWorkout), evidence, from, end);
}

/** The person's local day of an instant (YYYY-MM-DD in their IANA timezone). */
function localDay(at: Date, timezone: string): IsoDate {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
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
  const logged = () =>
    eb
      .selectFrom('Workout as w')
      .innerJoin('AdaptationEvent as e', (join) => join.onRef('e.workoutId', '=', 'w.id').onRef('e.userId', '=', 'w.userId'))
      .select(['w.date', sql<Date | null>`${sql.ref('w.completedAt')} AT TIME ZONE 'UTC'`.as('completedAt'), 'e.stateAfter'])
      .where('w.userId', '=', userId)
      .where('e.trigger', '=', 'completed')
      .where('e.stateAfter', 'is not', null);
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
 * current state for today. Sessions logged before the coach kept those records show from the next one.
 */
export async function getHeldTrends(
  userId: string,
  profile: ProfileFacts,
  timezone: string,
  today: IsoDate,
  weeks: readonly IsoDate[],
): Promise<HeldTrends> {
  const first = weeks[0] ?? today;
  const [row, athlete] = await Promise.all([
    heldSnapshotsStatement(await reads(), userId, first).executeTakeFirstOrThrow(),
    readAthleteShown(userId, profile, today),
  ]);
  const snapshots: HeldSnapshot[] = [];
  // json_agg keeps the subquery's order in practice; the records were read oldest first.
  for (const r of [...(row.before ? [row.before] : []), ...row.since]) {
    if (!r.stateAfter) continue;
    const date = r.completedAt ? localDay(new Date(r.completedAt), timezone) : r.date;
    snapshots.push({ date, state: parseAthleteState(r.stateAfter as Parameters<typeof parseAthleteState>[0]) });
  }
  snapshots.push({ date: today, state: athlete.state });
  return heldTrends(weeks, snapshots);
}
