// A session's prescription as the steps of a structured watch workout (the FIT workout file's
// workout_step messages, in the FIT profile's terms): runs as warm-up, work, repeats with their
// recoveries and cool-down, each with a pace range or a heart-rate target; strength as one step per
// set (reps or a timed hold, with its load) and a rest step between sets. Pure: the encoding is
// lib/coaching/fit-file.ts.
import { heartRateRange } from './run-targets';
import type { RunSegment, StrengthBlock, Workout } from './types';

/** Half-width of the pace range a watch alerts outside of, in seconds per km around the prescribed pace. */
export const PACE_BAND_S_PER_KM = 5;

export type FitIntensity = 'active' | 'rest' | 'warmup' | 'cooldown' | 'recovery';

export type FitDuration =
  | { type: 'time'; seconds: number }
  | { type: 'distance'; metres: number }
  | { type: 'reps'; reps: number }
  | { type: 'open' }
  /** Repeat the steps from `fromStep` (its index) up to this one, `times` times in all. */
  | { type: 'repeat'; fromStep: number; times: number };

export type FitTarget =
  | { type: 'open' }
  /** Metres per second, low (slower) to high (faster). */
  | { type: 'speed'; lowMps: number; highMps: number }
  | { type: 'heartRate'; lowBpm: number; highBpm: number }
  | { type: 'heartRateZone'; zone: number };

export type FitStep = {
  name: string;
  intensity: FitIntensity;
  duration: FitDuration;
  target: FitTarget;
  /**
   * Strength: the FIT exercise category (a name of the profile's exercise_category type), the
   * exercise's own name (the step's name is cut to what a watch shows on one line) and the load.
   */
  exercise?: { category: string; name: string; weightKg?: number };
};

export type FitPlan = { sport: 'running' | 'strength'; name: string; steps: FitStep[] };

/**
 * The FIT exercise category of each catalogue exercise (lib/training/catalogue.ts). An exercise
 * missing here has no category a watch knows, and its session is not offered as a file.
 */
export const FIT_EXERCISE_CATEGORY: Readonly<Record<string, string>> = {
  'back-squat': 'squat',
  'front-squat': 'squat',
  'goblet-squat': 'squat',
  'bodyweight-squat': 'squat',
  'wall-sit': 'squat',
  'leg-press': 'squat',
  deadlift: 'deadlift',
  'sumo-deadlift': 'deadlift',
  'romanian-deadlift': 'deadlift',
  'dumbbell-romanian-deadlift': 'deadlift',
  'single-leg-romanian-deadlift': 'deadlift',
  'good-morning': 'deadlift',
  'kettlebell-swing': 'hipSwing',
  'hip-thrust': 'hipRaise',
  'glute-bridge': 'hipRaise',
  // The FIT profile files the cable pull-through under chop (chop_exercise_name 0).
  'cable-pull-through': 'chop',
  lunge: 'lunge',
  'reverse-lunge': 'lunge',
  'bulgarian-split-squat': 'lunge',
  'step-up': 'lunge',
  'lateral-lunge': 'lunge',
  'bench-press': 'benchPress',
  'incline-bench-press': 'benchPress',
  'close-grip-bench-press': 'benchPress',
  'dumbbell-bench-press': 'benchPress',
  'push-up': 'pushUp',
  'incline-push-up': 'pushUp',
  'band-chest-press': 'benchPress',
  'machine-chest-press': 'benchPress',
  'overhead-press': 'shoulderPress',
  'push-press': 'shoulderPress',
  'dumbbell-shoulder-press': 'shoulderPress',
  'machine-shoulder-press': 'shoulderPress',
  'pike-push-up': 'pushUp',
  'barbell-row': 'row',
  'pendlay-row': 'row',
  'dumbbell-row': 'row',
  'inverted-row': 'row',
  'band-row': 'row',
  'face-pull': 'row',
  'seated-cable-row': 'row',
  'pull-up': 'pullUp',
  'chin-up': 'pullUp',
  'band-pulldown': 'pullUp',
  'lat-pulldown': 'pullUp',
  plank: 'plank',
  'side-plank': 'plank',
  'hollow-hold': 'core',
  'dead-bug': 'core',
  'bird-dog': 'core',
  'hanging-knee-raise': 'legRaise',
  'pallof-press': 'core',
};

export type FitRefusal = { reason: string };

/** Why a session cannot be a watch workout, or null when it can. */
export function fitRefusal(w: Pick<Workout, 'kind' | 'strength' | 'run'>): FitRefusal | null {
  if (w.kind === 'rest') return { reason: 'a rest day has no steps to put on a watch' };
  if (w.strength.length > 0 && w.run.length > 0) {
    return {
      reason:
        'a FIT workout holds one sport and this session has both lifting and running; split it into two sessions (update_workout) to get two files',
    };
  }
  if (w.strength.length === 0 && w.run.length === 0) return { reason: 'the session has no prescription yet' };
  const unmapped = w.strength.filter((b) => !FIT_EXERCISE_CATEGORY[b.exerciseId]).map((b) => b.exerciseName);
  if (unmapped.length > 0) return { reason: `no FIT exercise category fits ${unmapped.join(', ')}` };
  return null;
}

/** Step names are short on a watch face: at most 15 characters (FIT strings are fixed-size). */
function shortName(text: string): string {
  return text.length <= 15 ? text : `${text.slice(0, 14).trimEnd()}.`;
}

const title = (kind: string) => kind[0]!.toUpperCase() + kind.slice(1);

function runTarget(s: RunSegment, restingHr: number | null, maxHr: number | null): FitTarget {
  if (s.targetPaceSPerKm !== undefined && s.targetPaceSPerKm > PACE_BAND_S_PER_KM) {
    // Slower pace (more seconds per km) is the lower speed.
    return {
      type: 'speed',
      lowMps: round3(1000 / (s.targetPaceSPerKm + PACE_BAND_S_PER_KM)),
      highMps: round3(1000 / (s.targetPaceSPerKm - PACE_BAND_S_PER_KM)),
    };
  }
  const hr = heartRateRange(s, restingHr, maxHr);
  if (hr) return { type: 'heartRate', lowBpm: hr.min, highBpm: hr.max };
  if (s.zone !== undefined) return { type: 'heartRateZone', zone: s.zone };
  return { type: 'open' };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

function runDuration(s: RunSegment): FitDuration {
  if (s.distanceM !== undefined) return { type: 'distance', metres: s.distanceM };
  if (s.durationS !== undefined) return { type: 'time', seconds: s.durationS };
  return { type: 'open' };
}

function runIntensity(s: RunSegment): FitIntensity {
  const label = (s.label ?? '').toLowerCase();
  if (label.startsWith('warm')) return 'warmup';
  if (label.startsWith('cool')) return 'cooldown';
  return 'active';
}

export function runSteps(segments: readonly RunSegment[], heart: { restingHr: number | null; maxHr: number | null }): FitStep[] {
  const steps: FitStep[] = [];
  for (const s of segments) {
    const first = steps.length;
    steps.push({
      name: shortName(s.label ?? title(s.kind)),
      intensity: runIntensity(s),
      duration: runDuration(s),
      target: runTarget(s, heart.restingHr, heart.maxHr),
    });
    const times = s.repeats ?? 1;
    if (times > 1) {
      // The watch repeats work and recovery together, so the last repeat is followed by a recovery too.
      if (s.recoveryS)
        steps.push({ name: 'Recovery', intensity: 'recovery', duration: { type: 'time', seconds: s.recoveryS }, target: { type: 'open' } });
      steps.push({
        name: `Repeat ${times}x`,
        intensity: 'active',
        duration: { type: 'repeat', fromStep: first, times },
        target: { type: 'open' },
      });
    }
  }
  return steps;
}

export function strengthSteps(blocks: readonly StrengthBlock[]): FitStep[] {
  const steps: FitStep[] = [];
  blocks.forEach((b, bi) => {
    b.sets.forEach((set, si) => {
      const category = FIT_EXERCISE_CATEGORY[b.exerciseId]!;
      steps.push({
        name: shortName(b.exerciseName),
        intensity: 'active',
        duration: set.durationS !== undefined ? { type: 'time', seconds: set.durationS } : { type: 'reps', reps: set.reps },
        target: { type: 'open' },
        exercise: { category, name: b.exerciseName, ...(set.loadKg !== undefined && set.loadKg > 0 ? { weightKg: set.loadKg } : {}) },
      });
      const last = bi === blocks.length - 1 && si === b.sets.length - 1;
      // Rest after every set but the session's last; without a prescribed rest, until the lap button.
      if (!last)
        steps.push({
          name: 'Rest',
          intensity: 'rest',
          duration: b.restS ? { type: 'time', seconds: b.restS } : { type: 'open' },
          target: { type: 'open' },
        });
    });
  });
  return steps;
}

/** The watch workout of a session, or a refusal saying why there is none. */
export function fitPlan(
  w: Pick<Workout, 'kind' | 'title' | 'strength' | 'run'>,
  heart: { restingHr: number | null; maxHr: number | null },
): FitPlan | FitRefusal {
  const refusal = fitRefusal(w);
  if (refusal) return refusal;
  return w.run.length > 0
    ? { sport: 'running', name: w.title, steps: runSteps(w.run, heart) }
    : { sport: 'strength', name: w.title, steps: strengthSteps(w.strength) };
}
