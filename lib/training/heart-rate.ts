import type { HrZone } from './types';

/** Heart-rate zones by the Karvonen (heart-rate reserve) method. */

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

/** Zone n covers 40 + 10n % to 50 + 10n % of heart-rate reserve (zone 1: 50-60 %, zone 5: 90-100 %). */
export const ZONE_BOUNDS: readonly (readonly [HrZone, number, number])[] = [
  [1, 0.5, 0.6],
  [2, 0.6, 0.7],
  [3, 0.7, 0.8],
  [4, 0.8, 0.9],
  [5, 0.9, 1.0],
];
