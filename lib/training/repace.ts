import { withTargetPace } from './run-targets';
import type { DistanceUnit, PlanChange, Workout } from './types';
import { formatPace } from './units';

/** Target paces of every run segment in `workouts` recomputed from `vdot`, each change with its reason. */
export function repaceWorkouts(
  workouts: readonly Workout[],
  vdot: number,
  unit: DistanceUnit,
  headline: string,
): { workouts: Workout[]; changes: PlanChange[] } {
  const changes: PlanChange[] = [];
  const show = (p: number | undefined) => (p === undefined ? 'unset' : formatPace(p, unit));
  const next = workouts.map((w) => {
    if (w.run.length === 0) return w;
    const run = w.run.map((s) => withTargetPace(s, vdot));
    let changed = false;
    run.forEach((s, si) => {
      const prev = w.run[si]?.targetPaceSPerKm;
      if (prev === s.targetPaceSPerKm) return;
      changed = true;
      changes.push({
        workoutId: w.id,
        date: w.date,
        path: `run[${si}].targetPaceSPerKm`,
        before: prev ?? null,
        after: s.targetPaceSPerKm ?? null,
        reason: `${headline}. ${w.date} ${w.title} (${s.label ?? s.kind}) pace ${show(prev)} → ${show(s.targetPaceSPerKm)}`,
      });
    });
    return changed ? { ...w, run } : w;
  });
  return { workouts: next, changes };
}
