import type { DistanceUnit, LoadUnit } from './types';

/** Exact by definition (international yard and pound agreement, 1959). */
export const KG_PER_LB = 0.45359237;
/** Exact by definition: 1760 yd x 0.9144 m. */
export const METRES_PER_MILE = 1609.344;
export const METRES_PER_KM = 1000;

/** Smallest jump most gyms can load: 1.25 kg or 2.5 lb plates on each side. */
export const DEFAULT_LOAD_STEP: Readonly<Record<LoadUnit, number>> = { kg: 2.5, lb: 5 };

export function kgToLb(kg: number): number {
  return kg / KG_PER_LB;
}

export function lbToKg(lb: number): number {
  return lb * KG_PER_LB;
}

/** Seconds per km -> seconds per mile (or back with the inverse). */
export function paceToUnit(secondsPerKm: number, unit: DistanceUnit): number {
  return unit === 'km' ? secondsPerKm : (secondsPerKm * METRES_PER_MILE) / METRES_PER_KM;
}

export function paceFromUnit(secondsPerUnit: number, unit: DistanceUnit): number {
  return unit === 'km' ? secondsPerUnit : (secondsPerUnit * METRES_PER_KM) / METRES_PER_MILE;
}

function assertFiniteNonNegative(value: number, what: string): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`${what} must be a finite number >= 0, got ${value}`);
  }
}

export type RoundingMode = 'nearest' | 'down' | 'up';

/**
 * Round a load to what the person's gym can actually put on the bar.
 * Rounding happens in the person's unit (a lb gym has 5 lb steps, not 2.27 kg),
 * and the result is returned in kg because everything internal is SI.
 */
export function roundLoad(
  kg: number,
  unit: LoadUnit = 'kg',
  step: number = DEFAULT_LOAD_STEP[unit],
  mode: RoundingMode = 'nearest',
): number {
  assertFiniteNonNegative(kg, 'load');
  if (!Number.isFinite(step) || step <= 0) {
    throw new RangeError(`load step must be > 0, got ${step}`);
  }
  const inUnit = unit === 'kg' ? kg : kgToLb(kg);
  // Scale away float noise (e.g. 107.49999999) before choosing the step.
  const steps = Math.round((inUnit / step) * 1e9) / 1e9;
  const whole = mode === 'down' ? Math.floor(steps) : mode === 'up' ? Math.ceil(steps) : Math.round(steps);
  const rounded = Number((whole * step).toFixed(6));
  return unit === 'kg' ? rounded : lbToKg(rounded);
}

/** "107.5 kg" / "235 lb": loads shown in the person's unit, at most one decimal. */
export function formatLoad(kg: number, unit: LoadUnit = 'kg'): string {
  assertFiniteNonNegative(kg, 'load');
  const value = unit === 'kg' ? kg : kgToLb(kg);
  const shown = Math.round(value * 10) / 10;
  return `${Number.isInteger(shown) ? shown.toFixed(0) : shown.toFixed(1)} ${unit}`;
}

/** "4:15 /km" or "6:51 /mi" from seconds per km. */
export function formatPace(secondsPerKm: number, unit: DistanceUnit = 'km'): string {
  assertFiniteNonNegative(secondsPerKm, 'pace');
  // Round the total first so 4:59.6 becomes 5:00, never "4:60".
  const total = Math.round(paceToUnit(secondsPerKm, unit));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')} /${unit}`;
}

/** "1:31:35" for an hour or more, "19:57" below (the way race tables print times). */
export function formatDuration(totalSeconds: number): string {
  assertFiniteNonNegative(totalSeconds, 'duration');
  const total = Math.round(totalSeconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}

/** "5 km" / "3.1 mi": distances shown in the person's unit, at most two decimals. */
export function formatDistance(metres: number, unit: DistanceUnit = 'km'): string {
  assertFiniteNonNegative(metres, 'distance');
  const value = unit === 'km' ? metres / METRES_PER_KM : metres / METRES_PER_MILE;
  return `${Number(value.toFixed(2))} ${unit}`;
}
