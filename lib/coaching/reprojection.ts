// Re-prescribing future sessions outside a logged workout (a session added, moved or removed, a new
// benchmark): the same lib/training projection adaptation uses, with every changed field recorded
// together with its reason. Pure.
import { strengthChanges } from '@/lib/training/adaptation';
import { repaceWorkouts } from '@/lib/training/repace';
import { projectWorkouts } from '@/lib/training/load-projection';
import { prescribeLoad } from '@/lib/training/prescription';
import { isChartReps } from '@/lib/training/rpe';
import type { AthleteState, LiftState, LoadUnit, PlanChange, StrengthBlock, Workout } from '@/lib/training/types';
import { DEFAULT_LOAD_STEP } from '@/lib/training/units';

export type Reprojection = { updated: Workout[]; changes: PlanChange[] };

export function loadStep(state: AthleteState): number {
  return state.loadStep ?? DEFAULT_LOAD_STEP[state.unit];
}

/**
 * Re-projects the given lifts over `future` (scheduled sessions the caller allows to change, oldest
 * first) from the current state. `headline(exerciseId)` says why; sessions whose prescription does
 * not move are left out of the result.
 */
export function reprojectLifts(
  future: readonly Workout[],
  exerciseIds: Iterable<string>,
  state: AthleteState,
  headline: (exerciseId: string) => string,
): Reprojection {
  let current = [...future];
  const changes: PlanChange[] = [];
  for (const exerciseId of new Set(exerciseIds)) {
    const lift = state.lifts[exerciseId];
    if (!lift) continue;
    const projected = projectWorkouts(current, exerciseId, { lift, unit: state.unit, step: loadStep(state) });
    projected.forEach((w, i) => {
      const before = current[i];
      if (before && w !== before) changes.push(...strengthChanges(before, w, exerciseId, state.unit, headline(exerciseId)));
    });
    current = projected;
  }
  return collect(future, current, changes);
}

/** Target paces of every run segment in `future` recomputed from `vdot`. */
export function repace(future: readonly Workout[], vdot: number, state: AthleteState, headline: string): Reprojection {
  const { workouts, changes } = repaceWorkouts(future, vdot, state.distanceUnit, headline);
  return collect(future, workouts, changes);
}

function collect(before: readonly Workout[], after: readonly Workout[], changes: PlanChange[]): Reprojection {
  const changed = new Set(changes.map((c) => c.workoutId));
  const updated = after.filter((w, i) => w !== before[i] && changed.has(w.id));
  changes.sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.workoutId.localeCompare(b.workoutId) || a.path.localeCompare(b.path),
  );
  return { updated, changes };
}

/**
 * Starting state for a lift first met outside a plan: the e1RM (from a benchmark, when there is
 * one) and, for load-progressed blocks, a working load at RPE 7 so there is room to progress. The
 * same rule lib/training/plan.ts starts a plan's lifts with.
 */
export function seedLift(block: StrengthBlock, e1rmKg: number | undefined, unit: LoadUnit, step: number): LiftState {
  const lift: LiftState = { failureStreak: 0 };
  if (e1rmKg !== undefined) lift.e1rmKg = e1rmKg;
  const reps = block.progression === 'double' ? (block.repRange?.[0] ?? 8) : (block.sets[0]?.reps ?? 5);
  if (block.progression === 'double') lift.targetReps = reps;
  if ((block.progression === 'linear' || block.progression === 'double') && e1rmKg !== undefined && isChartReps(reps)) {
    lift.workingLoadKg = prescribeLoad({ e1rmKg, reps, rpe: 7, unit, step });
  }
  return lift;
}
