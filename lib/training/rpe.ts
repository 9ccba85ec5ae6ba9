/**
 * The RTS (Reactive Training Systems, Mike Tuchscherer) RPE chart: the %1RM a
 * lifter can handle for a given number of reps at a given RPE. Values are the
 * widely published chart, transcribed row by row.
 */

export const MIN_RPE = 6.5;
export const MAX_RPE = 10;
export const MIN_CHART_REPS = 1;
export const MAX_CHART_REPS = 12;

/** Chart columns, hardest first. */
export const CHART_RPES = [10, 9.5, 9, 8.5, 8, 7.5, 7, 6.5] as const;
export type ChartRpe = (typeof CHART_RPES)[number];

/** %1RM by RPE, index = reps - 1 (reps 1..12). */
export const RTS_RPE_CHART: Readonly<Record<ChartRpe, readonly number[]>> = {
  10: [100.0, 95.5, 92.2, 89.2, 86.3, 83.7, 81.1, 78.6, 76.2, 73.9, 70.7, 68.0],
  9.5: [97.8, 93.9, 90.7, 87.8, 85.0, 82.4, 79.9, 77.4, 75.1, 72.3, 69.4, 66.7],
  9: [95.5, 92.2, 89.2, 86.3, 83.7, 81.1, 78.6, 76.2, 73.9, 70.7, 68.0, 65.3],
  8.5: [93.9, 90.7, 87.8, 85.0, 82.4, 79.9, 77.4, 75.1, 72.3, 69.4, 66.7, 64.0],
  8: [92.2, 89.2, 86.3, 83.7, 81.1, 78.6, 76.2, 73.9, 70.7, 68.0, 65.3, 62.6],
  7.5: [90.7, 87.8, 85.0, 82.4, 79.9, 77.4, 75.1, 72.3, 69.4, 66.7, 64.0, 61.3],
  7: [89.2, 86.3, 83.7, 81.1, 78.6, 76.2, 73.9, 70.7, 68.0, 65.3, 62.6, 59.9],
  6.5: [87.8, 85.0, 82.4, 79.9, 77.4, 75.1, 72.3, 69.4, 66.7, 64.0, 61.3, 58.6],
};

export function isChartRpe(rpe: number): boolean {
  return Number.isFinite(rpe) && rpe >= MIN_RPE && rpe <= MAX_RPE;
}

export function isChartReps(reps: number): boolean {
  return Number.isInteger(reps) && reps >= MIN_CHART_REPS && reps <= MAX_CHART_REPS;
}

function assertRpe(rpe: number): void {
  if (!isChartRpe(rpe)) throw new RangeError(`RPE must be between ${MIN_RPE} and ${MAX_RPE}, got ${rpe}`);
}

function assertReps(reps: number): void {
  if (!isChartReps(reps)) {
    throw new RangeError(`reps must be a whole number from ${MIN_CHART_REPS} to ${MAX_CHART_REPS}, got ${reps}`);
  }
}

function cell(rpe: ChartRpe, reps: number): number {
  const value = RTS_RPE_CHART[rpe][reps - 1];
  if (value === undefined) throw new RangeError(`no chart value for ${reps} @ RPE ${rpe}`);
  return value;
}

/**
 * %1RM (e.g. 81.1) for `reps` at `rpe`. RPEs between chart columns (8.25)
 * are interpolated linearly; the chart itself is only defined for 1-12 reps
 * and RPE 6.5-10, and anything outside is rejected rather than extrapolated.
 */
export function percentOf1RM(reps: number, rpe: number): number {
  assertReps(reps);
  assertRpe(rpe);
  const lower = Math.floor(rpe * 2) / 2;
  const upper = Math.ceil(rpe * 2) / 2;
  const low = cell(lower as ChartRpe, reps);
  if (upper === lower) return low;
  const high = cell(upper as ChartRpe, reps);
  return low + ((high - low) * (rpe - lower)) / (upper - lower);
}

/** Same as percentOf1RM as a fraction (0.811). */
export function fractionOf1RM(reps: number, rpe: number): number {
  return percentOf1RM(reps, rpe) / 100;
}

/**
 * Below the chart (RPE under 6.5): the RTS chart is one curve read along its diagonals, reps at RPE r
 * being worth reps + (10 - r) at RPE 10 (5 @ 8 = 7 @ 10 = 81.1 %). Easy sets are read the same way,
 * as reps done plus reps in reserve, while that total stays on the chart (12 reps) and the reserve is
 * at most RESERVE_READ_MAX_RIR: further from failure, a lifter's guess of the reps left says little.
 */
export const RESERVE_READ_MAX_RIR = 5;

/** %1RM of `reps` at an RPE below the chart (5.5 = 4.5 in reserve), or undefined when it cannot be read. */
export function percentOf1RMByReserve(reps: number, rpe: number): number | undefined {
  if (!isChartReps(reps) || !Number.isFinite(rpe) || rpe > MAX_RPE) return undefined;
  const rir = MAX_RPE - rpe;
  if (rir < 0 || rir > RESERVE_READ_MAX_RIR + 1e-9) return undefined;
  const total = reps + rir;
  if (total > MAX_CHART_REPS + 1e-9) return undefined;
  const lower = Math.floor(total);
  const upper = Math.ceil(total);
  const low = cell(10, lower);
  if (upper === lower) return low;
  return low + (cell(10, upper) - low) * (total - lower);
}
