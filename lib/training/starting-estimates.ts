// A plan's first load for a barbell accessory the person has no benchmark for. Without one the plan
// used to prescribe the barbell row as "reps at RPE" with no load at all; a coach starts it from a
// main lift instead, conservatively (a working load at RPE 7 leaves room), and the first logged
// session replaces the estimate with what the person really lifted.
import { EXERCISE_IDS as ids } from './catalogue';

/** e1RM of `to` as a share of a related main lift's e1RM; the first source known wins (table order). */
export const STARTING_RATIOS: readonly { to: string; from: string; ratio: number }[] = [
  // A strict barbell row is commonly 70-80 % of the bench press; the low end, as a first guess.
  { to: ids.barbellRow, from: ids.benchPress, ratio: 0.7 },
  // Or about half the deadlift.
  { to: ids.barbellRow, from: ids.deadlift, ratio: 0.45 },
  // The Romanian deadlift at 70 % of the deadlift (the ratio lib/training/substitution.ts uses).
  { to: ids.romanianDeadlift, from: ids.deadlift, ratio: 0.7 },
];

/**
 * The e1RM a plan starts a lift from: its benchmark when there is one, else an estimate from a
 * related benchmark (STARTING_RATIOS), else undefined (the session then asks for a load at an RPE).
 */
export function startingE1rm(exerciseId: string, benchmarks: Readonly<Record<string, number>>): number | undefined {
  const known = benchmarks[exerciseId];
  if (known !== undefined) return known;
  for (const r of STARTING_RATIOS) {
    const from = benchmarks[r.from];
    if (r.to === exerciseId && from !== undefined && from > 0) return Math.round(from * r.ratio * 10) / 10;
  }
  return undefined;
}
