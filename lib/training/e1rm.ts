import { fractionOf1RM, isChartReps, isChartRpe, percentOf1RMByReserve } from './rpe';
import type { PerformedSet } from './types';

/** Estimated one-rep max from a set, by three published methods. */

function assertSet(loadKg: number, reps: number): void {
  if (!Number.isFinite(loadKg) || loadKg < 0) throw new RangeError(`load must be >= 0 kg, got ${loadKg}`);
  if (!Number.isInteger(reps) || reps < 1) throw new RangeError(`reps must be a whole number >= 1, got ${reps}`);
}

/** Epley (1985): w x (1 + r/30). A single is its own 1RM, not 1.033 x w. */
export function epley1RM(loadKg: number, reps: number): number {
  assertSet(loadKg, reps);
  return reps === 1 ? loadKg : loadKg * (1 + reps / 30);
}

/** RPE-based: the set's load divided by the chart's %1RM for its reps and RPE. */
export function e1rmFromRpe(loadKg: number, reps: number, rpe: number): number {
  assertSet(loadKg, reps);
  return loadKg / fractionOf1RM(reps, rpe);
}

export interface BestSet {
  e1rmKg: number;
  setIndex: number;
}

/**
 * Heaviest RPE-based estimate among the sets. Sets without an RPE, off the
 * chart (more than 12 reps, RPE below 6.5) or unloaded are ignored: their
 * distance from failure is unknown, so they say nothing reliable about the max.
 */
export function bestSetE1rm(sets: readonly PerformedSet[]): BestSet | undefined {
  let best: BestSet | undefined;
  sets.forEach((set, setIndex) => {
    if (set.rpe === undefined || !isChartRpe(set.rpe) || !isChartReps(set.reps) || !(set.loadKg > 0)) return;
    const e1rmKg = e1rmFromRpe(set.loadKg, set.reps, set.rpe);
    if (!best || e1rmKg > best.e1rmKg) best = { e1rmKg, setIndex };
  });
  return best;
}

/**
 * The e1RM of an easy session (every set well under its target RPE, some below the chart): its hardest
 * set read as reps done plus reps in reserve (percentOf1RMByReserve). The hardest set is the one
 * closest to failure, so its reserve is the best judged; undefined when no set can be read.
 */
export function easySetE1rm(sets: readonly PerformedSet[]): BestSet | undefined {
  let hardest: { rpe: number; setIndex: number } | undefined;
  sets.forEach((set, setIndex) => {
    if (set.rpe === undefined || !(set.loadKg > 0)) return;
    if (!hardest || set.rpe > hardest.rpe) hardest = { rpe: set.rpe, setIndex };
  });
  if (!hardest) return undefined;
  const set = sets[hardest.setIndex] as PerformedSet;
  const percent = percentOf1RMByReserve(set.reps, hardest.rpe);
  return percent === undefined ? undefined : { e1rmKg: set.loadKg / (percent / 100), setIndex: hardest.setIndex };
}
