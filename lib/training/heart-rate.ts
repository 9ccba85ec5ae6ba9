import type { HrZone } from './types';

/** Heart-rate zones by the Karvonen (heart-rate reserve) method. */

export interface MaxHrEstimate {
  bpm: number;
  /** Always true: a population regression, off by +/-10 bpm for many individuals. */
  isEstimate: true;
  method: 'Tanaka 2001: 208 - 0.7 x age';
}

/**
 * Tanaka, Monahan & Seals, JACC 2001;37:153-156. Better than 220 - age across
 * adult ages, but still an estimate: a measured max always wins.
 */
export function maxHrEstimate(ageYears: number): MaxHrEstimate {
  // The regression was fitted on adults roughly 18-81; children and extremes are out of range.
  if (!Number.isFinite(ageYears) || ageYears < 15 || ageYears > 100) {
    throw new RangeError(`age must be between 15 and 100 years, got ${ageYears}`);
  }
  return { bpm: 208 - 0.7 * ageYears, isEstimate: true, method: 'Tanaka 2001: 208 - 0.7 x age' };
}

function assertHeartRates(restingHr: number, maxHr: number): void {
  if (!Number.isFinite(restingHr) || restingHr < 20 || restingHr > 120) {
    throw new RangeError(`resting HR must be 20-120 bpm, got ${restingHr}`);
  }
  if (!Number.isFinite(maxHr) || maxHr <= restingHr || maxHr > 250) {
    throw new RangeError(`max HR must be above resting HR and at most 250 bpm, got ${maxHr}`);
  }
}

/** Karvonen: resting + fraction x (max - resting). */
export function karvonenTarget(restingHr: number, maxHr: number, fraction: number): number {
  assertHeartRates(restingHr, maxHr);
  if (!Number.isFinite(fraction) || fraction < 0 || fraction > 1) {
    throw new RangeError(`fraction of heart-rate reserve must be 0-1, got ${fraction}`);
  }
  return restingHr + fraction * (maxHr - restingHr);
}

export interface HeartRateZone {
  zone: HrZone;
  /** Fractions of heart-rate reserve. */
  minFraction: number;
  maxFraction: number;
  /** Whole bpm, rounded to nearest. */
  minBpm: number;
  maxBpm: number;
}

/** Zone n covers 40 + 10n % to 50 + 10n % of heart-rate reserve (zone 1: 50-60 %, zone 5: 90-100 %). */
export const ZONE_BOUNDS: readonly (readonly [HrZone, number, number])[] = [
  [1, 0.5, 0.6],
  [2, 0.6, 0.7],
  [3, 0.7, 0.8],
  [4, 0.8, 0.9],
  [5, 0.9, 1.0],
];

export function karvonenZones(restingHr: number, maxHr: number): HeartRateZone[] {
  assertHeartRates(restingHr, maxHr);
  return ZONE_BOUNDS.map(([zone, minFraction, maxFraction]) => ({
    zone,
    minFraction,
    maxFraction,
    minBpm: Math.round(karvonenTarget(restingHr, maxHr, minFraction)),
    maxBpm: Math.round(karvonenTarget(restingHr, maxHr, maxFraction)),
  }));
}

/**
 * Zone for a heart rate; a bpm on a shared boundary belongs to the higher zone.
 * Below zone 1 returns undefined (not training intensity); above max is zone 5.
 */
export function zoneForHeartRate(bpm: number, zones: readonly HeartRateZone[]): HrZone | undefined {
  let found: HrZone | undefined;
  for (const z of zones) if (bpm >= z.minBpm) found = z.zone;
  return found;
}
