import { fractionOf1RM } from './rpe';
import type { LoadUnit } from './types';
import { DEFAULT_LOAD_STEP, roundLoad } from './units';

/** Turning "N reps at RPE x" into a load the person can put on the bar. */

export interface LoadPrescription {
  e1rmKg: number;
  reps: number;
  rpe: number;
  unit?: LoadUnit;
  /** Gym's smallest jump in `unit`. */
  step?: number;
}

/** e1RM x chart %1RM, rounded to the nearest loadable weight. Returns kg. */
export function prescribeLoad({ e1rmKg, reps, rpe, unit = 'kg', step = DEFAULT_LOAD_STEP[unit] }: LoadPrescription): number {
  if (!Number.isFinite(e1rmKg) || e1rmKg <= 0) throw new RangeError(`e1RM must be > 0 kg, got ${e1rmKg}`);
  return roundLoad(e1rmKg * fractionOf1RM(reps, rpe), unit, step);
}
