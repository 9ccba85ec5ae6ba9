// Benchmarks: a lift (load x reps) or a race result (distance, time). Derived numbers (e1RM, VDOT)
// come from lib/training so the plan and the agent see the same estimates.
import { db } from '@/lib/database/client';
import type { Benchmark } from '@/lib/generated/prisma/client';
import { epley1RM } from '@/lib/training/e1rm';
import { vdotFromPerformance } from '@/lib/training/vdot';

export type LiftBenchmarkInput = { kind: 'lift'; exercise: string; loadKg: number; reps: number; date: string; notes?: string };
export type RaceBenchmarkInput = { kind: 'race'; distanceM: number; timeS: number; date: string; notes?: string };

export async function listBenchmarks(userId: string, filter: { kind?: 'lift' | 'race'; exercise?: string }): Promise<Benchmark[]> {
  const prisma = await db();
  return prisma.benchmark.findMany({
    where: { userId, kind: filter.kind, exercise: filter.exercise },
    orderBy: [{ date: 'desc' }, { createdAt: 'desc' }],
  });
}

/** Estimated 1RM (Epley) for a lift, VDOT (Daniels-Gilbert) for a race. */
export function derivedEstimate(b: Benchmark): { e1rmKg?: number; vdot?: number } {
  if (b.kind === 'lift' && b.loadKg != null && b.reps != null) return { e1rmKg: Math.round(epley1RM(b.loadKg, b.reps) * 10) / 10 };
  if (b.kind === 'race' && b.distanceM != null && b.timeS != null) return { vdot: Math.round(vdotFromPerformance(b.distanceM, b.timeS) * 10) / 10 };
  return {};
}
