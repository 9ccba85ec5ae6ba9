// What the coach currently believes about the person, and the recent adaptation log (reads only).
import { db } from '@/lib/db';
import { readAthlete, type ProfileFacts } from './athlete-store';

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
