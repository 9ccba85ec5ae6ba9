// Reads a FIT workout file back with Garmin's SDK Decoder into the step shape of
// lib/training/fit-steps.ts, so tests compare a file with the prescription it came from.
import { Decoder, Stream } from '@garmin/fitsdk';
import type { FitStep } from '@/lib/training/fit-steps';
import { FIT_HR_OFFSET } from '@/lib/coaching/fit-file';

type Mesg = Record<string, unknown>;

export type DecodedWorkout = {
  fileType: unknown;
  name: unknown;
  sport: unknown;
  subSport: unknown;
  numValidSteps: unknown;
  steps: FitStep[];
  /** The exercise_title messages as written: category, number, title. */
  exerciseTitles: { category: string; number: number; title: string }[];
  errors: unknown[];
  integrity: boolean;
};

export function decodeFitWorkout(bytes: Uint8Array): DecodedWorkout {
  const stream = Stream.fromByteArray(Array.from(bytes));
  const decoder = new Decoder(stream);
  const integrity = decoder.checkIntegrity();
  const { messages, errors } = new Decoder(Stream.fromByteArray(Array.from(bytes))).read();
  const m = messages as Record<string, Mesg[] | undefined>;
  const workout = m.workoutMesgs?.[0] ?? {};
  // An exercise's own name, from the exercise_title of its category and number.
  const titles = new Map(
    (m.exerciseTitleMesgs ?? []).map((t) => [`${String(t.exerciseCategory)}/${Number(t.exerciseName)}`, t.wktStepName]),
  );
  const steps = (m.workoutStepMesgs ?? []).map((s): FitStep => {
    const duration: FitStep['duration'] =
      s.durationType === 'time'
        ? { type: 'time', seconds: Number(s.durationTime) }
        : s.durationType === 'distance'
          ? { type: 'distance', metres: Number(s.durationDistance) }
          : s.durationType === 'reps'
            ? { type: 'reps', reps: Number(s.durationReps) }
            : s.durationType === 'repeatUntilStepsCmplt'
              ? { type: 'repeat', fromStep: Number(s.durationStep), times: Number(s.repeatSteps) }
              : { type: 'open' };
    let target: FitStep['target'] = { type: 'open' };
    if (duration.type !== 'repeat' && s.targetType === 'speed')
      target = { type: 'speed', lowMps: Number(s.customTargetSpeedLow), highMps: Number(s.customTargetSpeedHigh) };
    if (duration.type !== 'repeat' && s.targetType === 'heartRate') {
      target =
        Number(s.targetHrZone ?? s.targetValue) > 0
          ? { type: 'heartRateZone', zone: Number(s.targetHrZone ?? s.targetValue) }
          : {
              type: 'heartRate',
              lowBpm: Number(s.customTargetHeartRateLow) - FIT_HR_OFFSET,
              highBpm: Number(s.customTargetHeartRateHigh) - FIT_HR_OFFSET,
            };
    }
    const step: FitStep = { name: String(s.wktStepName), intensity: s.intensity as FitStep['intensity'], duration, target };
    if (s.exerciseCategory !== undefined)
      step.exercise = {
        category: String(s.exerciseCategory),
        name: String(titles.get(`${String(s.exerciseCategory)}/${Number(s.exerciseName)}`)),
        ...(s.exerciseWeight !== undefined ? { weightKg: Number(s.exerciseWeight) } : {}),
      };
    return step;
  });
  return {
    fileType: m.fileIdMesgs?.[0]?.type,
    name: workout.wktName,
    sport: workout.sport,
    subSport: workout.subSport,
    numValidSteps: workout.numValidSteps,
    steps,
    exerciseTitles: (m.exerciseTitleMesgs ?? []).map((t) => ({
      category: String(t.exerciseCategory),
      number: Number(t.exerciseName),
      title: String(t.wktStepName),
    })),
    errors,
    integrity,
  };
}
