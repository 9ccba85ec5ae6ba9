// What the coach currently believes about the person, and the recent adaptation log (reads only).
import { db } from '@/lib/db';
import { derivedEstimate } from '@/lib/profile/benchmarks';
import { addDays } from '@/lib/training/dates';
import { mondayOf, weeklyTrends, type TrendBenchmark, type WeeklyTrends } from '@/lib/training/trends';
import type { IsoDate } from '@/lib/training/types';
import { readAthlete, type ProfileFacts } from './athlete-store';
import { toWorkout } from './records';

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
  const latest = await prisma.workout.findFirst({ where: { userId, status: { in: ['completed', 'skipped'] } }, orderBy: { date: 'desc' }, select: { date: true } });
  const end = latest && latest.date > today ? latest.date : today;
  const from = addDays(mondayOf(end), -7 * (weeks - 1));
  const to = addDays(mondayOf(end), 6);
  const [rows, benchmarks] = await Promise.all([
    prisma.workout.findMany({ where: { userId, status: { in: ['completed', 'skipped'] }, date: { gte: from, lte: to } }, orderBy: [{ date: 'asc' }, { id: 'asc' }] }),
    prisma.benchmark.findMany({ where: { userId, date: { gte: from, lte: to } } }),
  ]);
  const evidence: TrendBenchmark[] = benchmarks.map((b) => ({ date: b.date, kind: b.kind === 'race' ? 'race' : 'lift', exercise: b.exercise, ...derivedEstimate(b) }));
  return weeklyTrends(rows.map(toWorkout), evidence, from, end);
}
