import type { IsoDate } from './types';

/**
 * Age and heart-rate facts that shape a plan (pure). Masters athletes (50 and older, from the
 * profile's birth year) recover more slowly between hard weeks: a deload every 3rd week instead of
 * every 4th, and RPE targets that rise 7 -> 7.5 over two build weeks instead of 7 -> 8 over three.
 */

export const MASTERS_AGE = 50;
export const MASTERS_DELOAD_EVERY_WEEKS = 3;
export const MASTERS_RPE_WAVE: readonly number[] = [7, 7.5];

/** The person's age in the year the plan starts when that makes them a masters athlete, else undefined. */
export function mastersAge(startDate: IsoDate, birthYear: number | undefined): number | undefined {
  if (birthYear === undefined || !Number.isInteger(birthYear)) return undefined;
  const age = Number(startDate.slice(0, 4)) - birthYear;
  return age >= MASTERS_AGE ? age : undefined;
}

/**
 * Linear increments for masters: every main lift moves by the smallest standard step (2.5 kg / 5 lb)
 * instead of 5 kg / 10 lb for squat and deadlift, so the load climbs at the gentler pace their
 * recovery allows; upper-body lifts already move by that step.
 */
export const MASTERS_LINEAR_INCREMENT = { kg: 2.5, lb: 5 } as const;

export function mastersNote(age: number, birthYear: number, rpeWave: boolean, linear = false): string {
  return (
    `Masters (${age} in the plan's first year, born ${birthYear}): a deload every ${MASTERS_DELOAD_EVERY_WEEKS}rd week instead of every 4th` +
    (rpeWave ? `, and RPE targets rise 7 → 7.5 over each two build weeks instead of 7 → 8 over three` : '') +
    (linear
      ? `, and linear loads rise ${MASTERS_LINEAR_INCREMENT.kg} kg (${MASTERS_LINEAR_INCREMENT.lb} lb) at a time for every main lift, squat and deadlift included, instead of 5 kg (10 lb)`
      : '') +
    ': recovery between hard weeks takes longer after 50.'
  );
}

/** The plan note when resting or maximum heart rate is not known (undefined when both are). */
export function heartRateNote(restingHr: number | undefined, maxHr: number | undefined): string | undefined {
  if (restingHr !== undefined && maxHr !== undefined) return undefined;
  const missing = [restingHr === undefined ? 'resting' : undefined, maxHr === undefined ? 'maximum' : undefined]
    .filter(Boolean)
    .join(' and ');
  return (
    `No ${missing} heart rate in the profile, so heart-rate rules do not apply: runs carry paces and zones but no bpm ranges, ` +
    'and heart rate logged with a run is not used to judge it. Set restingHr and maxHr with update_profile to use them.'
  );
}
