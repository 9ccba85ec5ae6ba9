import { formatDuration as clock } from './units';
import { predictRaceTime } from './vdot';

/**
 * The goal race's predicted finish time from the VDOT the coach holds (Daniels-Gilbert, vdot.ts), with
 * a range. The equivalence tables assume the runner is trained for the distance; the longer the race,
 * the more often the real time is slower than the table (endurance, pacing, fuelling). So the range
 * is one VDOT point faster and, by distance, one to two and a half points slower.
 */

export interface RacePrediction {
  distanceM: number;
  vdot: number;
  seconds: number;
  /** Finish times at the range's ends: fastS < seconds < slowS. */
  fastS: number;
  slowS: number;
  /** When a goal time is given: predicted - goal (negative: the prediction is faster than the goal). */
  goal?: { seconds: number; gapS: number };
}

/** VDOT points either side of the held VDOT that the range spans, by race distance. */
export function predictionSpread(distanceM: number): { faster: number; slower: number } {
  if (distanceM > 30000) return { faster: 1, slower: 2.5 };
  if (distanceM > 15000) return { faster: 1, slower: 1.5 };
  return { faster: 1, slower: 1 };
}

export function predictGoalRace(vdot: number, distanceM: number, goalS?: number): RacePrediction {
  const spread = predictionSpread(distanceM);
  const seconds = Math.round(predictRaceTime(vdot, distanceM));
  const prediction: RacePrediction = {
    distanceM,
    vdot,
    seconds,
    fastS: Math.round(predictRaceTime(vdot + spread.faster, distanceM)),
    slowS: Math.round(predictRaceTime(Math.max(1, vdot - spread.slower), distanceM)),
  };
  if (goalS !== undefined && goalS > 0) prediction.goal = { seconds: Math.round(goalS), gapS: seconds - Math.round(goalS) };
  return prediction;
}

/** One sentence for the person: the prediction, its range, and how far it is from the goal. */
export function predictionText(p: RacePrediction, distanceName: string): string {
  const base = `At VDOT ${p.vdot.toFixed(1)} the ${distanceName} predicts ${clock(p.seconds)} (range ${clock(p.fastS)}–${clock(p.slowS)})`;
  if (!p.goal) return `${base}.`;
  const gap = Math.abs(p.goal.gapS);
  if (gap < 5) return `${base}, on the goal of ${clock(p.goal.seconds)}.`;
  return p.goal.gapS > 0
    ? `${base}, ${clock(gap)} slower than the goal of ${clock(p.goal.seconds)}${p.goal.seconds < p.fastS ? ': the goal is faster than the range, so it needs more fitness than the plan holds now' : ''}.`
    : `${base}, ${clock(gap)} faster than the goal of ${clock(p.goal.seconds)}.`;
}

const DISTANCE_NAMES: Readonly<Record<number, string>> = { 5000: '5 km', 10000: '10 km', 21097.5: 'half marathon', 42195: 'marathon' };

/** The plan note on a goal time: how far the prediction from the VDOT held is from it. */
export function goalTimeNote(goalS: number, distanceM: number, vdot: number | undefined): string {
  const name = DISTANCE_NAMES[distanceM] ?? `${Math.round(distanceM) / 1000} km race`;
  if (vdot === undefined)
    return `Goal time ${clock(Math.round(goalS))} for the ${name}: no VDOT yet, so no prediction to compare it with (set_benchmark with a recent race gives one).`;
  return `Goal time: ${predictionText(predictGoalRace(vdot, distanceM, goalS), name)}`;
}
