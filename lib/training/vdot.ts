import { METRES_PER_KM } from './units';

/**
 * Daniels-Gilbert running model (Daniels & Gilbert, "Oxygen Power", 1979), the
 * basis of the VDOT tables in Daniels' Running Formula.
 * Speeds in metres per minute internally because that is how the regression
 * was fitted; everything exported is SI (metres, seconds, s/km).
 */

/** Oxygen cost (ml/kg/min) of running at `v` metres per minute. */
export function vo2Cost(metresPerMinute: number): number {
  return -4.6 + 0.182258 * metresPerMinute + 0.000104 * metresPerMinute ** 2;
}

/** Fraction of VO2max that can be sustained for a race lasting `minutes`. */
export function sustainableFraction(minutes: number): number {
  return 0.8 + 0.1894393 * Math.exp(-0.012778 * minutes) + 0.2989558 * Math.exp(-0.1932605 * minutes);
}

function assertPositive(value: number, what: string): void {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${what} must be > 0, got ${value}`);
}

/** VDOT from a race (or all-out time trial) performance. */
export function vdotFromPerformance(distanceM: number, timeS: number): number {
  assertPositive(distanceM, 'distance');
  assertPositive(timeS, 'time');
  const minutes = timeS / 60;
  return vo2Cost(distanceM / minutes) / sustainableFraction(minutes);
}

/**
 * Race time (s) that VDOT predicts for a distance. VDOT falls monotonically as
 * time grows, so bisection always converges; 200 halvings is far below 1 ms.
 */
export function predictRaceTime(vdot: number, distanceM: number): number {
  assertPositive(vdot, 'VDOT');
  assertPositive(distanceM, 'distance');
  // Between 40 km/h and 1 km/h: brackets every human race.
  let fast = distanceM / (40000 / 3600);
  let slow = distanceM / (1000 / 3600);
  for (let i = 0; i < 200 && slow - fast > 1e-6; i++) {
    const mid = (fast + slow) / 2;
    if (vdotFromPerformance(distanceM, mid) > vdot) fast = mid;
    else slow = mid;
  }
  return (fast + slow) / 2;
}

/** Speed (m/min) whose oxygen cost is `vo2` ml/kg/min: the positive root of vo2Cost. */
export function velocityAtVo2(vo2: number): number {
  assertPositive(vo2, 'VO2');
  const a = 0.000104;
  const b = 0.182258;
  const c = -4.6 - vo2;
  return (-b + Math.sqrt(b * b - 4 * a * c)) / (2 * a);
}

function paceAtFraction(vdot: number, fraction: number): number {
  return (METRES_PER_KM / velocityAtVo2(vdot * fraction)) * 60;
}

/**
 * Fractions of VDOT for each training intensity. Daniels describes E as
 * 59-74 % of VO2max, T as ~88 %, I as 95-100 % and R as faster than I.
 * These values are the ones that reproduce the published pace table
 * (Daniels' Running Formula 3rd ed., Table 5.2) across VDOT 30-85 to within a
 * few seconds per km: the table's E range spans about 63-73.5 %, its I column
 * sits at 97.5 % and its R column at about 107.5 %.
 */
export const TRAINING_INTENSITY = {
  easySlow: 0.63,
  easyFast: 0.735,
  threshold: 0.88,
  interval: 0.975,
  repetition: 1.075,
} as const;

export interface TrainingPaces {
  /** Easy / long-run range: `fast` is the quicker (smaller s/km) end. */
  easy: { fast: number; slow: number };
  marathon: number;
  threshold: number;
  interval: number;
  repetition: number;
}

const MARATHON_M = 42195;

/** Daniels training paces in seconds per km. M is the predicted marathon race pace. */
export function trainingPaces(vdot: number): TrainingPaces {
  assertPositive(vdot, 'VDOT');
  return {
    easy: {
      fast: paceAtFraction(vdot, TRAINING_INTENSITY.easyFast),
      slow: paceAtFraction(vdot, TRAINING_INTENSITY.easySlow),
    },
    marathon: (predictRaceTime(vdot, MARATHON_M) / MARATHON_M) * METRES_PER_KM,
    threshold: paceAtFraction(vdot, TRAINING_INTENSITY.threshold),
    interval: paceAtFraction(vdot, TRAINING_INTENSITY.interval),
    repetition: paceAtFraction(vdot, TRAINING_INTENSITY.repetition),
  };
}

/**
 * The VDOT whose threshold pace equals `paceSPerKm`: the inverse of the T
 * column, so a tempo run held faster than prescribed implies a higher VDOT.
 */
export function vdotFromThresholdPace(paceSPerKm: number): number {
  assertPositive(paceSPerKm, 'pace');
  return vo2Cost((METRES_PER_KM / paceSPerKm) * 60) / TRAINING_INTENSITY.threshold;
}
