// What the coach currently believes about the person, and the recent adaptation log (reads only).
import { db } from '@/lib/database/client';
import { derivedEstimate } from '@/lib/profile/benchmarks';
import { addDays } from '@/lib/training/dates';
import { mondayOf, weeklyTrends, type TrendBenchmark, type WeeklyTrends } from '@/lib/training/trends';
import type { IsoDate } from '@/lib/training/types';
import { Prisma } from '@/lib/generated/prisma/client';
import { heldTrends, type HeldSnapshot, type HeldTrends } from '@/lib/training/held-trends';
import { readAthlete, type ProfileFacts } from './athlete-store';
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

export async function getProgress(userId: string, profile: ProfileFacts, recent: number) {
  const prisma = await db();
  const athlete = await readAthlete(userId, profile);
  const [events, eventCount, changeCount] = await Promise.all([
    prisma.adaptationEvent.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: recent,
      include: { changes: { orderBy: { position: 'asc' } } },
    }),
    prisma.adaptationEvent.count({ where: { userId } }),
    prisma.workoutChange.count({ where: { event: { userId } } }),
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
  const prisma = await db();
  const [events, athlete] = await Promise.all([
    prisma.adaptationEvent.findMany({
      where: { userId, trigger: 'completed', workoutId: { not: null }, NOT: { stateAfter: { equals: Prisma.AnyNull } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { workoutId: true, stateAfter: true },
    }),
    readAthlete(userId, profile),
  ]);
  const rows = await prisma.workout.findMany({
    where: { userId, id: { in: events.map((e) => e.workoutId!) } },
    select: { id: true, date: true, completedAt: true },
  });
  const logged = new Map(rows.map((r) => [r.id, r.completedAt ? localDay(r.completedAt, timezone) : r.date]));
  const snapshots: HeldSnapshot[] = [];
  for (const e of events) {
    const date = logged.get(e.workoutId!);
    // A deleted session's record no longer stands for anything the coach holds.
    if (date === undefined || !e.stateAfter) continue;
    snapshots.push({ date, state: parseAthleteState(e.stateAfter) });
  }
  snapshots.push({ date: today, state: athlete.state });
  return heldTrends(weeks, snapshots);
}
