// Imported runs -> completed run workouts, through the coaching service (lib/coaching/workouts.ts), so
// an imported run adapts the plan like a logged one. The ImportedActivity ledger row of a run is
// written first (with the provider's facts) and gets its workoutId once the workout exists: a run
// whose workout could not be made stays pending and is tried again on the next import.
import { now } from '@/lib/clock';
import { db } from '@/lib/database/client';
import type { ImportedActivity } from '@/lib/generated/prisma/client';
import { benchmarkEstimates } from '@/lib/coaching/benchmarks';
import type { CoachingContext } from '@/lib/coaching/context';
import { CoachingError } from '@/lib/coaching/errors';
import { createCompletedWorkout, deleteWorkout } from '@/lib/coaching/workouts';
import { localDateOf } from '@/lib/health/zoned-time';
import { getOrCreateProfile } from '@/lib/profile/profiles';

const RUN_SPORTS = ['Run', 'TrailRun', 'VirtualRun'];

async function coachingContext(userId: string): Promise<CoachingContext> {
  const p = await getOrCreateProfile(userId);
  return {
    userId,
    profile: { weightUnit: p.weightUnit, distanceUnit: p.distanceUnit, restingHr: p.restingHr, maxHr: p.maxHr },
    today: localDateOf(now(), p.timezone ?? 'UTC'),
  };
}

export type RunImportOutcome = { created: number; pending: { externalId: string; name: string; reason: string }[] };

/** Runs of the ledger that have no workout yet (new ones, or ones a failed import left behind). */
export async function pendingRuns(userId: string, integrationId: string): Promise<ImportedActivity[]> {
  const prisma = await db();
  return prisma.importedActivity.findMany({
    where: {
      userId,
      integrationId,
      workoutId: null,
      sportType: { in: RUN_SPORTS },
      OR: [{ distanceM: { gt: 0 } }, { movingTimeS: { gt: 0 } }],
    },
    orderBy: { startAt: 'asc' },
  });
}

/** Creates one completed run workout per pending ledger run, oldest first (adaptation sees them in order). */
export async function importRunWorkouts(
  userId: string,
  integrationName: string,
  runs: readonly ImportedActivity[],
): Promise<RunImportOutcome> {
  if (runs.length === 0) return { created: 0, pending: [] };
  const ctx = await coachingContext(userId);
  const estimates = await benchmarkEstimates(userId);
  let created = 0;
  const pending: RunImportOutcome['pending'] = [];
  for (const run of runs) {
    const durationS = run.movingTimeS > 0 ? run.movingTimeS : run.elapsedTimeS;
    try {
      // Created, completed and linked to its ledger row in one transaction: all or nothing.
      await createCompletedWorkout(
        ctx,
        {
          date: run.date,
          kind: 'run',
          title: run.name.trim() || 'Run',
          strength: [],
          run: [
            {
              kind: 'easy',
              ...(run.distanceM > 0 ? { distanceM: run.distanceM } : {}),
              ...(durationS > 0 ? { durationS } : {}),
              label: `Imported from ${integrationName}`,
            },
          ],
          notes: `Imported from ${integrationName} (activity ${run.externalId}).`,
        },
        { run: { distanceM: run.distanceM, durationS, ...(run.avgHr !== null ? { avgHr: Math.round(run.avgHr) } : {}) } },
        estimates,
        async (tx, workoutId) => {
          await tx.importedActivity.update({ where: { id: run.id }, data: { workoutId } });
        },
      );
      created++;
    } catch (error) {
      if (!(error instanceof CoachingError)) throw error;
      pending.push({ externalId: run.externalId, name: run.name, reason: error.message });
    }
  }
  return { created, pending };
}

/** Deletes the workouts an import created (those still existing); returns how many. */
export async function deleteImportedWorkouts(userId: string, workoutIds: readonly string[]): Promise<number> {
  if (workoutIds.length === 0) return 0;
  const ctx = await coachingContext(userId);
  let deleted = 0;
  for (const id of workoutIds) {
    try {
      await deleteWorkout(ctx, id);
      deleted++;
    } catch (error) {
      // Already deleted by the person: nothing to do.
      if (!(error instanceof CoachingError && error.code === 'not_found')) throw error;
    }
  }
  return deleted;
}
