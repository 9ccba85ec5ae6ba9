import type { PlanGoal } from './types';
import { formatDuration } from './units';
import { predictRaceTime } from './vdot';

/**
 * How long a plan's long run may grow, and the sentence the plan notes carry about it. Pure.
 *
 * - Every goal: at most 2 h 30 min (Daniels: a long run past 150 minutes adds fatigue faster than
 *   endurance) and the goal's distance cap.
 * - Marathon: 2 h 30 min or 30 km, whichever comes first (Daniels' 150 minutes, Pfitzinger's 20-mile
 *   / 32 km ceiling held back to 30 km); never over 3 h.
 * - Half marathon: no longer than the race itself is predicted to take, except that a long run may
 *   reach 100 minutes for a runner fast enough to race it quicker (90-100 minutes on the feet build
 *   the endurance a half needs); the plan note says so whenever that happens.
 */

/** Every other easy run of a week is at most this share of its long run. */
export const EASY_OF_LONG = 0.75;
export const LONG_RUN_TIME_CAP_S = 150 * 60;
export const LONG_RUN_NEVER_OVER_S = 180 * 60;
export const MARATHON_LONG_CAP_M = 30000;
/** A half-marathon long run may reach this long even when the race is predicted quicker. */
export const HALF_LONG_FLOOR_S = 100 * 60;

const LONG_CAP_M: Readonly<Record<PlanGoal, number>> = {
  strength: 10000,
  '5k': 16000,
  '10k': 18000,
  half: 22000,
  marathon: MARATHON_LONG_CAP_M,
  hybrid: 14000,
};

export interface LongRunCap {
  /** Longest long run in metres at the plan's long-run pace. */
  metres: number;
  /** Which cap bound it: 'time' (2 h 30 min, or the half's race time) or 'distance'. */
  bound: 'time' | 'distance' | 'race-time';
  /** Half marathon: the predicted race time (s) the long runs are compared with. */
  raceTimeS?: number;
}

/** The longest long run a goal allows at `paceSPerKm` (long-run pace). */
export function longRunCap(goal: PlanGoal, paceSPerKm: number, vdot: number, raceDistanceM?: number): LongRunCap {
  const byDistance = LONG_CAP_M[goal];
  let timeS = LONG_RUN_TIME_CAP_S;
  let timeBound: LongRunCap['bound'] = 'time';
  let raceTimeS: number | undefined;
  if (goal === 'half') {
    raceTimeS = predictRaceTime(vdot, raceDistanceM ?? 21097.5);
    const allowed = Math.max(raceTimeS, HALF_LONG_FLOOR_S);
    if (allowed < timeS) {
      timeS = allowed;
      timeBound = 'race-time';
    }
  }
  timeS = Math.min(timeS, LONG_RUN_NEVER_OVER_S);
  const byTime = Math.floor(((timeS / paceSPerKm) * 1000) / 500) * 500;
  return byTime <= byDistance
    ? { metres: byTime, bound: timeBound, ...(raceTimeS !== undefined ? { raceTimeS } : {}) }
    : { metres: byDistance, bound: 'distance', ...(raceTimeS !== undefined ? { raceTimeS } : {}) };
}

const hm = (s: number) => {
  const minutes = Math.round(s / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
};
const km = (m: number) => `${Math.round(m / 100) / 10} km`;

/**
 * The plan note on the long run: the cap used for a marathon, and for a half marathon whether (and
 * why) long runs go past the race's predicted time. `longestM` is the plan's longest long run.
 */
export function longRunNote(goal: PlanGoal, cap: LongRunCap, longestM: number, paceSPerKm: number): string | undefined {
  const longestS = (longestM / 1000) * paceSPerKm;
  if (goal === 'marathon') {
    const which =
      cap.bound === 'distance'
        ? `30 km (about ${hm((cap.metres / 1000) * paceSPerKm)} at this plan's long-run pace), the distance cap, which comes before 2 h 30 min`
        : `2 h 30 min (about ${km(cap.metres)} at this plan's long-run pace), the time cap, which comes before 30 km`;
    return `Marathon long runs are capped at 2 h 30 min or 30 km, whichever comes first, and never go over 3 h: here that is ${which}. The longest long run in this plan is ${km(longestM)} (about ${hm(longestS)}).`;
  }
  if (goal === 'half' && cap.raceTimeS !== undefined) {
    const race = formatDuration(cap.raceTimeS);
    if (longestS > cap.raceTimeS + 30) {
      return (
        `The longest long run (${km(longestM)}, about ${hm(longestS)}) goes past the ${race} the half marathon is predicted to take: ` +
        `a runner this fast needs up to ${hm(HALF_LONG_FLOOR_S)} on the feet to build a half marathon's endurance, so long runs may reach ${hm(HALF_LONG_FLOOR_S)} and no more.`
      );
    }
    return `Half-marathon long runs stay within the ${race} the race is predicted to take (the longest is ${km(longestM)}, about ${hm(longestS)}).`;
  }
  return undefined;
}
