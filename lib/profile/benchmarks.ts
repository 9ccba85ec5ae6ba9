// Benchmarks: a lift (load x reps) or a race result (distance, time). Derived numbers (e1RM, VDOT)
// come from lib/training so the plan and the agent see the same estimates.
import { db } from '@/lib/database/client';
import type { Benchmark } from '@/lib/generated/prisma/client';
import { e1rmFromRpe, epley1RM } from '@/lib/training/e1rm';
import { vdotFromPerformance } from '@/lib/training/vdot';

/** `rpe`: the set's RPE when it was not all-out (5 reps at RPE 8 is not a 5RM); absent means a max effort. */
export type LiftBenchmarkInput = {
  kind: 'lift';
  exercise: string;
  loadKg: number;
  reps: number;
  rpe?: number;
  date: string;
  notes?: string;
};
export type RaceBenchmarkInput = { kind: 'race'; distanceM: number; timeS: number; date: string; notes?: string };

export async function listBenchmarks(userId: string, filter: { kind?: 'lift' | 'race'; exercise?: string }): Promise<Benchmark[]> {
  const prisma = await db();
  return prisma.benchmark.findMany({
    where: { userId, kind: filter.kind, exercise: filter.exercise },
    orderBy: [{ date: 'desc' }, { createdAt: 'desc' }],
  });
}

/**
 * Estimated 1RM for a lift: the RTS RPE chart when an RPE was given (reps in reserve counted), Epley
 * for a max effort; VDOT (Daniels-Gilbert) for a race.
 */
export function derivedEstimate(b: Pick<Benchmark, 'kind' | 'loadKg' | 'reps' | 'distanceM' | 'timeS'> & { rpe?: number | null }): {
  e1rmKg?: number;
  vdot?: number;
} {
  if (b.kind === 'lift' && b.loadKg != null && b.reps != null) {
    const e1rm = b.rpe != null ? e1rmFromRpe(b.loadKg, b.reps, b.rpe) : epley1RM(b.loadKg, b.reps);
    return { e1rmKg: Math.round(e1rm * 10) / 10 };
  }
  if (b.kind === 'race' && b.distanceM != null && b.timeS != null)
    return { vdot: Math.round(vdotFromPerformance(b.distanceM, b.timeS) * 10) / 10 };
  return {};
}
