// What travels with a session not yet done: today's readiness (resting heart rate and HRV trend,
// lib/health/readiness.ts) and the time away before it (lib/training/gap.ts), so an agent showing the
// next session has both without a separate get_health_data call.
import { db } from '@/lib/database/client';
import { readinessFor, type ReadinessView } from '@/lib/health/readiness';
import { addDays } from '@/lib/training/dates';
import { sessionGap, type SessionGap } from '@/lib/training/gap';
import type { IsoDate } from '@/lib/training/types';
import { parseRun, parseStrength } from './documents';
import { toWorkout, type StoredWorkout } from './records';

export type Briefing = SessionGap & { workoutId: string; date: IsoDate; readiness: ReadinessView };

/** How far back a lift's last session is looked for (a longer gap is reported as "not in the last 365 days"). */
const LOOKBACK_DAYS = 365;

/** The next session not yet done: the first scheduled one dated today or later. */
export async function nextSession(userId: string, today: IsoDate): Promise<StoredWorkout | null> {
  const rows = await (await db()).workout.findMany({ where: { userId, status: 'scheduled', date: { gte: today } }, orderBy: [{ date: 'asc' }, { id: 'asc' }], take: 1 });
  return rows[0] ? toWorkout(rows[0]) : null;
}

export async function briefingFor(userId: string, session: StoredWorkout, today: IsoDate): Promise<Briefing> {
  const prisma = await db();
  const [rows, readiness] = await Promise.all([
    prisma.workout.findMany({
      where: { userId, status: 'completed', date: { gte: addDays(session.date, -LOOKBACK_DAYS), lt: session.date } },
      select: { id: true, date: true, title: true, status: true, strength: true, run: true },
      orderBy: { date: 'desc' },
      take: 200,
    }),
    readinessFor(userId, today),
  ]);
  const history = rows.map((r) => ({ id: r.id, date: r.date, title: r.title, status: 'completed' as const, strength: parseStrength(r.strength), run: parseRun(r.run) }));
  return { workoutId: session.id, date: session.date, readiness, ...sessionGap(session, history) };
}
