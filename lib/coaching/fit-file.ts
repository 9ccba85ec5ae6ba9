// Encodes a session's watch steps (lib/training/fit-steps.ts) as a FIT workout file with Garmin's own
// FIT SDK (@garmin/fitsdk): a file_id (type workout), a workout, its workout_steps and, for strength,
// an exercise_title naming each exercise (the FIT profile's way to title a step's exercise). The SDK's
// Encoder writes main fields, so sub-field values are written raw in their main field: durations in
// ms (time) or cm (distance), speeds in mm/s, and custom heart rates as bpm + 100 (the FIT profile's
// convention: 0-100 would be a percentage of maximum heart rate). The SDK types each message
// strictly; these are built from the step shape, so they are passed as its plain Mesg.
import { Encoder, Profile, type Mesg } from '@garmin/fitsdk';
import type { FitPlan, FitStep } from '@/lib/training/fit-steps';

/** The FIT "development" manufacturer: what a file made by a third-party app says it came from. */
const MANUFACTURER_DEVELOPMENT = 'development';
/** Heart rates above 100 in a custom target are bpm + 100. */
export const FIT_HR_OFFSET = 100;

function durationFields(step: FitStep): Record<string, unknown> {
  const d = step.duration;
  switch (d.type) {
    case 'time':
      return { durationType: 'time', durationValue: Math.round(d.seconds * 1000) };
    case 'distance':
      return { durationType: 'distance', durationValue: Math.round(d.metres * 100) };
    case 'reps':
      return { durationType: 'reps', durationValue: d.reps };
    case 'open':
      return { durationType: 'open' };
    case 'repeat':
      return { durationType: 'repeatUntilStepsCmplt', durationValue: d.fromStep, targetValue: d.times };
  }
}

function targetFields(step: FitStep): Record<string, unknown> {
  if (step.duration.type === 'repeat') return { targetType: 'open' };
  const t = step.target;
  switch (t.type) {
    case 'open':
      return { targetType: 'open' };
    case 'speed':
      return {
        targetType: 'speed',
        targetValue: 0,
        customTargetValueLow: Math.round(t.lowMps * 1000),
        customTargetValueHigh: Math.round(t.highMps * 1000),
      };
    case 'heartRate':
      return {
        targetType: 'heartRate',
        targetValue: 0,
        customTargetValueLow: t.lowBpm + FIT_HR_OFFSET,
        customTargetValueHigh: t.highBpm + FIT_HR_OFFSET,
      };
    case 'heartRateZone':
      return { targetType: 'heartRate', targetValue: t.zone };
  }
}

/**
 * Each distinct exercise of a strength workout: its category and the number that tells it apart
 * from the other exercises of that category in this file (the step's exercise_name). The file names
 * each pair in an exercise_title message, so a watch shows "Romanian deadlift", not only "Deadlift".
 */
function exerciseTitles(steps: readonly FitStep[]): Map<string, { category: string; number: number; name: string }> {
  const titles = new Map<string, { category: string; number: number; name: string }>();
  const perCategory = new Map<string, number>();
  for (const { exercise } of steps) {
    if (!exercise || titles.has(exercise.name)) continue;
    const number = perCategory.get(exercise.category) ?? 0;
    perCategory.set(exercise.category, number + 1);
    titles.set(exercise.name, { category: exercise.category, number, name: exercise.name });
  }
  return titles;
}

/** The .fit bytes of a workout. `weightUnit` is how the watch shows loads. */
export function encodeFitWorkout(plan: FitPlan, options: { weightUnit: 'kg' | 'lb'; createdAt: Date }): Uint8Array {
  const encoder = new Encoder();
  encoder.onMesg(Profile.MesgNum.FILE_ID!, {
    type: 'workout',
    manufacturer: MANUFACTURER_DEVELOPMENT,
    product: 0,
    timeCreated: options.createdAt,
    serialNumber: 1,
  } as Mesg);
  encoder.onMesg(Profile.MesgNum.WORKOUT!, {
    wktName: plan.name.slice(0, 40),
    sport: plan.sport === 'running' ? 'running' : 'training',
    subSport: plan.sport === 'running' ? 'generic' : 'strengthTraining',
    numValidSteps: plan.steps.length,
  } as Mesg);
  const titles = exerciseTitles(plan.steps);
  plan.steps.forEach((step, messageIndex) => {
    encoder.onMesg(Profile.MesgNum.WORKOUT_STEP!, {
      messageIndex,
      wktStepName: step.name,
      intensity: step.intensity,
      ...durationFields(step),
      ...targetFields(step),
      ...(step.exercise
        ? {
            exerciseCategory: step.exercise.category,
            exerciseName: titles.get(step.exercise.name)!.number,
            ...(step.exercise.weightKg !== undefined
              ? { exerciseWeight: step.exercise.weightKg, weightDisplayUnit: options.weightUnit === 'lb' ? 'pound' : 'kilogram' }
              : {}),
          }
        : {}),
    } as Mesg);
  });
  [...titles.values()].forEach((title, messageIndex) => {
    encoder.onMesg(Profile.MesgNum.EXERCISE_TITLE!, {
      messageIndex,
      exerciseCategory: title.category,
      exerciseName: title.number,
      wktStepName: title.name.slice(0, 60),
    } as Mesg);
  });
  return encoder.close();
}
