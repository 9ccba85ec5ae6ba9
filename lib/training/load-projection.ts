import { prescribeLoad } from './prescription';
import { isChartReps } from './rpe';
import type { LiftState, LoadUnit, StrengthBlock, StrengthSet, TrainingPhase, Workout } from './types';
import { DEFAULT_LOAD_STEP, roundLoad } from './units';
import { toDayNumber } from './dates';

/**
 * Fills in the loads of a lift's upcoming sessions from its current state.
 * The plan generator and adaptation both call this, so a freshly generated
 * plan and an adapted one always agree on what the rule prescribes.
 */

/** Deload / taper / recovery sessions lift 90 % of what a build session would. */
export const REDUCED_PHASE_LOAD_FACTOR = 0.9;
/**
 * Linear projections beyond the next session stop at the load the current
 * e1RM says is RPE 9 for those reps: assuming endless success would show
 * absurd loads weeks ahead. The next session always follows the rule exactly.
 */
export const PROJECTION_CAP_RPE = 9;

export interface ProjectionEntry {
  phase: TrainingPhase;
  block: StrengthBlock;
  /** Plan week the session belongs to (weekly cadence rises once per week); see weekKey. */
  week?: string;
}

/** The week a session counts in for weekly progression: its plan week, else the Monday-based calendar week. */
export function weekKey(w: Pick<Workout, 'planId' | 'week' | 'date'>): string {
  if (w.planId !== undefined && w.week !== undefined) return `${w.planId}:${w.week}`;
  const day = toDayNumber(w.date);
  // Day 0 (1970-01-01) was a Thursday: shift so weeks start on Monday.
  return `cal:${Math.floor((day + 3) / 7)}`;
}

export interface ProjectionContext {
  lift: LiftState;
  unit: LoadUnit;
  /** Gym's smallest jump in `unit`. */
  step?: number;
}

function withLoad(set: StrengthSet, loadKg: number | undefined): StrengthSet {
  const next: StrengthSet = { ...set };
  if (loadKg === undefined) delete next.loadKg;
  else next.loadKg = loadKg;
  return next;
}

/** New blocks (same order) for one lift's upcoming sessions, in chronological order. */
export function projectLiftBlocks(entries: readonly ProjectionEntry[], ctx: ProjectionContext): StrengthBlock[] {
  const step = ctx.step ?? DEFAULT_LOAD_STEP[ctx.unit];
  const round = (kg: number) => roundLoad(kg, ctx.unit, step);
  const { lift } = ctx;
  let buildSessionsAhead = 0;
  let linearLoad = lift.workingLoadKg ?? 0;
  let lastWeek: string | undefined;

  return entries.map(({ phase, block, week }) => {
    const reduced = phase !== 'build';
    switch (block.progression) {
      case 'linear': {
        const working = lift.workingLoadKg;
        if (working === undefined) return { ...block, sets: block.sets.map((s) => withLoad(s, undefined)) };
        const reps = block.sets[0]?.reps ?? 0;
        const cap =
          lift.e1rmKg !== undefined && isChartReps(reps)
            ? prescribeLoad({ e1rmKg: lift.e1rmKg, reps, rpe: PROJECTION_CAP_RPE, unit: ctx.unit, step })
            : Number.POSITIVE_INFINITY;
        const increment = block.incrementKg ?? 0;
        // A deload straight after a break becomes a build session in the plan itself (deloadsAfterBreak).
        const asBuild = !reduced;
        const advance = (prev: number): number => {
          if (buildSessionsAhead === 0) return working;
          // Ramping back after time away: each session ahead holds the current load until a logged
          // session at target earns the next step (adaptation re-projects then). Projecting the ramp
          // ahead would hand a missed session's step to the next one, an increase without evidence.
          if (lift.rampToKg !== undefined && prev < lift.rampToKg) return prev;
          if (block.cadence === 'weekly' && week === lastWeek) return prev;
          return Math.min(prev + increment, Math.max(working, cap));
        };
        const next = advance(linearLoad);
        if (asBuild) {
          linearLoad = next;
          lastWeek = week;
        }
        const loadKg = round(asBuild ? next : next * REDUCED_PHASE_LOAD_FACTOR);
        if (asBuild) buildSessionsAhead++;
        return { ...block, sets: block.sets.map((s) => withLoad(s, loadKg)) };
      }
      case 'double': {
        const low = block.repRange?.[0] ?? block.sets[0]?.reps ?? 1;
        const reps = reduced ? low : (lift.targetReps ?? low);
        const working = lift.workingLoadKg;
        const loadKg = working === undefined ? undefined : reduced ? round(working * REDUCED_PHASE_LOAD_FACTOR) : working;
        return { ...block, sets: block.sets.map((s) => ({ ...withLoad(s, loadKg), reps })) };
      }
      case 'autoregulated': {
        // The phase already lowered the target RPE; the load simply follows the e1RM.
        const e1rmKg = lift.e1rmKg;
        return {
          ...block,
          sets: block.sets.map((s) =>
            e1rmKg !== undefined && s.rpe !== undefined && isChartReps(s.reps)
              ? withLoad(s, prescribeLoad({ e1rmKg, reps: s.reps, rpe: s.rpe, unit: ctx.unit, step }))
              : s,
          ),
        };
      }
      case 'none':
        return block;
    }
  });
}

/**
 * Re-project one lift across workouts the caller has already chosen (only the
 * ones allowed to change) and sorted chronologically. Other lifts' blocks and
 * workouts without this lift come back untouched (same objects).
 */
export function projectWorkouts(workouts: readonly Workout[], exerciseId: string, ctx: ProjectionContext): Workout[] {
  const entries: ProjectionEntry[] = [];
  for (const w of workouts) {
    for (const block of w.strength)
      if (block.exerciseId === exerciseId) entries.push({ phase: w.phase ?? 'build', block, week: weekKey(w) });
  }
  const projected = projectLiftBlocks(entries, ctx);
  let next = 0;
  return workouts.map((w) => {
    if (!w.strength.some((b) => b.exerciseId === exerciseId)) return w;
    return { ...w, strength: w.strength.map((b) => (b.exerciseId === exerciseId ? (projected[next++] ?? b) : b)) };
  });
}
