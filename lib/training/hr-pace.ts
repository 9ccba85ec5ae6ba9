import { daysBetween } from './dates';
import { ZONE_BOUNDS } from './heart-rate';
import { ZONE_FOR_KIND } from './run-targets';
import type { AthleteState, IsoDate, RunActual, RunSegment } from './types';
import { TRAINING_INTENSITY, vo2Cost } from './vdot';
import { round1 } from './rounding';

/**
 * Running fitness from heart rate against pace. Heart-rate reserve tracks VO2 reserve (Swain &
 * Leutholtz 1997). The plan prescribes threshold work at T pace (88 % of VDOT) and in zone 4 (80-90 %
 * HRR): a run at T pace in the middle of that range is exactly what the VDOT held predicts. So a
 * threshold run says VDOT ≈ cost(pace) / (88 % × HRR / 85 %): at T pace and a heart rate under the
 * prescribed range the person is fitter than the VDOT held, above it less fit. One run is noisy (heat,
 * hills, caffeine, a bad night); the rule acts on the median of the runs of the last weeks, and only
 * when it lies outside what the prescribed range allows (the same pace below its bottom, or above
 * its top: about ±6 %):
 *
 * - slower at a higher heart rate than the paces assume, over weeks: VDOT falls, at most
 *   MAX_WEEKLY_VDOT_FALL_FROM_HR a week;
 * - the same pace at a clearly lower heart rate: VDOT rises, within the weekly cap training evidence
 *   shares (run-evidence.ts);
 * - a race outranks it: readings before a race are dropped, and training evidence waits a week.
 *
 * It needs the person's resting and maximum heart rate; without them it does not apply.
 */

/** Readings older than this are forgotten: the rule looks at the last three weeks. */
export const HR_PACE_WINDOW_DAYS = 21;
/** At least this many runs ... */
export const HR_PACE_MIN_READINGS = 3;
/** ... spread over at least this many days ("over weeks", not one hot weekend). */
export const HR_PACE_MIN_SPAN_DAYS = 7;
/** The threshold heart-rate range (zone 4 of heart-rate.ts) as fractions of heart-rate reserve. */
const [, ZONE_LOW, ZONE_HIGH] = ZONE_BOUNDS.find(([z]) => z === ZONE_FOR_KIND.threshold)!;
const ZONE_MID = (ZONE_LOW + ZONE_HIGH) / 2;
/** Median above VDOT × this: T pace below the prescribed range. Below VDOT × HR_PACE_DOWN: above it. */
export const HR_PACE_UP = ZONE_MID / ZONE_LOW;
export const HR_PACE_DOWN = ZONE_MID / ZONE_HIGH;
/** Most heart-rate evidence may take off VDOT in any 7 days (the same as training may add). */
export const MAX_WEEKLY_VDOT_FALL_FROM_HR = 0.5;
/**
 * Only threshold segments of at least 10 minutes are read: they are run to a pace target in a narrow
 * heart-rate range. Easy and long runs span a wide pace range by design (run by feel), so heart rate
 * against their pace says too little.
 */
export const HR_PACE_KINDS: ReadonlySet<RunSegment['kind']> = new Set(['threshold']);
export const HR_PACE_MIN_DURATION_S = 600;
/** Below 50 % HRR heart rate says little about effort; above 95 % the run was not steady. */
export const HR_PACE_MIN_HRR = 0.5;
export const HR_PACE_MAX_HRR = 0.95;

export interface HrPaceReading {
  date: IsoDate;
  /** VDOT the pace and heart rate imply, one decimal. */
  vdot: number;
}

/** Whether resting and maximum heart rate are known, so heart-rate rules apply. */
export function heartRateKnown(state: Pick<AthleteState, 'restingHr' | 'maxHr'>): boolean {
  return state.restingHr !== undefined && state.maxHr !== undefined && state.maxHr > state.restingHr;
}

/** The VDOT a steady segment implies from its pace and average heart rate, or undefined when it cannot say. */
export function vdotFromHeartRate(
  kind: RunSegment['kind'],
  actual: RunActual,
  state: Pick<AthleteState, 'restingHr' | 'maxHr'>,
): number | undefined {
  if (!HR_PACE_KINDS.has(kind) || actual.avgHr === undefined || !heartRateKnown(state)) return undefined;
  if (!(actual.durationS >= HR_PACE_MIN_DURATION_S) || !(actual.distanceM > 0)) return undefined;
  const hrr = (actual.avgHr - (state.restingHr as number)) / ((state.maxHr as number) - (state.restingHr as number));
  if (hrr < HR_PACE_MIN_HRR || hrr > HR_PACE_MAX_HRR) return undefined;
  const metresPerMinute = actual.distanceM / (actual.durationS / 60);
  return round1(vo2Cost(metresPerMinute) / ((TRAINING_INTENSITY.threshold * hrr) / ZONE_MID));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The readings of the window ending `date` (newest last), with `added` appended. */
export function hrPaceWindow(
  readings: readonly HrPaceReading[] | undefined,
  added: readonly HrPaceReading[],
  date: IsoDate,
): HrPaceReading[] {
  return [...(readings ?? []), ...added].filter((r) => {
    const age = daysBetween(r.date, date);
    return age >= 0 && age < HR_PACE_WINDOW_DAYS;
  });
}

export type HrPaceVerdict =
  { move: 'none'; why: string } | { move: 'up' | 'down'; implied: number; runs: number; from: IsoDate; to: IsoDate };

/** What the window says about the VDOT held: nothing yet, or a direction with the median it implies. */
export function judgeHrPace(window: readonly HrPaceReading[], vdot: number): HrPaceVerdict {
  if (window.length < HR_PACE_MIN_READINGS)
    return {
      move: 'none',
      why: `${window.length} of ${HR_PACE_MIN_READINGS} runs with heart rate in the last ${HR_PACE_WINDOW_DAYS} days`,
    };
  const dates = window.map((r) => r.date).sort();
  const from = dates[0] as IsoDate;
  const to = dates[dates.length - 1] as IsoDate;
  if (daysBetween(from, to) < HR_PACE_MIN_SPAN_DAYS)
    return { move: 'none', why: `the runs with heart rate span ${daysBetween(from, to)} days, fewer than ${HR_PACE_MIN_SPAN_DAYS}` };
  const implied = round1(median(window.map((r) => r.vdot)));
  if (implied > vdot * HR_PACE_UP) return { move: 'up', implied, runs: window.length, from, to };
  if (implied < vdot * HR_PACE_DOWN) return { move: 'down', implied, runs: window.length, from, to };
  return {
    move: 'none',
    why: `heart rate against pace implies VDOT ${implied.toFixed(1)}, inside what the prescribed heart-rate range allows around the ${vdot.toFixed(1)} held`,
  };
}

/** How much heart-rate evidence may still take off VDOT on `date`, given the falls of the 7 days before. */
export function hrFallLeft(state: Pick<AthleteState, 'vdotHrFall'>, date: IsoDate): number {
  const fall = state.vdotHrFall;
  if (!fall || daysBetween(fall.since, date) >= 7 || daysBetween(fall.since, date) < 0) return MAX_WEEKLY_VDOT_FALL_FROM_HR;
  return Math.max(0, MAX_WEEKLY_VDOT_FALL_FROM_HR - fall.points);
}

/** The sentence a plan or a run note uses when heart-rate rules cannot apply. */
export const HEART_RATE_UNKNOWN_NOTE =
  'Resting and maximum heart rate are not in the profile, so heart-rate rules do not apply: no bpm targets, and heart rate against pace cannot move VDOT (races, threshold runs and time away still do). Add both with update_profile.';
