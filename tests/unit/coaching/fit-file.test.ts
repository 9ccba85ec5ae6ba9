// A FIT workout file made with Garmin's SDK Encoder decodes with its Decoder to the very steps and
// targets it was made from: runs (warm-up, repeats, pace and heart-rate targets) and strength sets.
import { describe, expect, it } from 'vitest';
import { encodeFitWorkout } from '@/lib/coaching/fit-file';
import { fitPlan, type FitPlan } from '@/lib/training/fit-steps';
import { decodeFitWorkout } from '../../support/fit-decode';

const heart = { restingHr: 50, maxHr: 190 };
const createdAt = new Date('2026-11-27T10:00:00Z');

const cases: [string, Parameters<typeof fitPlan>[0], { restingHr: number | null; maxHr: number | null }][] = [
  [
    'intervals with pace targets',
    {
      kind: 'run',
      title: 'Intervals 6 x 800 m',
      strength: [],
      run: [
        { kind: 'easy', durationS: 900, label: 'Warm-up', zone: 2 },
        { kind: 'interval', distanceM: 800, repeats: 6, recoveryS: 150, targetPaceSPerKm: 230, zone: 5 },
        { kind: 'easy', durationS: 600, label: 'Cool-down', zone: 2 },
      ],
    },
    heart,
  ],
  [
    'easy run by heart rate (bpm)',
    { kind: 'run', title: 'Easy run', strength: [], run: [{ kind: 'easy', durationS: 2700, zone: 2 }] },
    heart,
  ],
  [
    'easy run by zone (no HR anchors)',
    { kind: 'run', title: 'Easy run', strength: [], run: [{ kind: 'easy', durationS: 2700, zone: 2 }] },
    { restingHr: null, maxHr: null },
  ],
  [
    'half-marathon long run, 21.1 km',
    { kind: 'run', title: 'Long run', strength: [], run: [{ kind: 'long', distanceM: 21097.5, targetPaceSPerKm: 330, zone: 2 }] },
    heart,
  ],
  [
    'strength with loads, holds and open rests',
    {
      kind: 'strength',
      title: 'Full body A',
      run: [],
      strength: [
        {
          exerciseId: 'back-squat',
          exerciseName: 'Back squat',
          progression: 'linear',
          sets: [
            { reps: 5, loadKg: 100 },
            { reps: 5, loadKg: 100 },
            { reps: 5, loadKg: 102.5 },
          ],
          restS: 180,
        },
        {
          exerciseId: 'side-plank',
          exerciseName: 'Side plank (each side)',
          progression: 'none',
          sets: [
            { reps: 1, durationS: 30 },
            { reps: 1, durationS: 30 },
          ],
        },
        { exerciseId: 'push-up', exerciseName: 'Push-up', progression: 'double', sets: [{ reps: 12 }] },
      ],
    },
    heart,
  ],
];

describe('FIT workout file round trip through the SDK', () => {
  it.each(cases)('%s', (_name, workout, basis) => {
    const plan = fitPlan(workout, basis) as FitPlan;
    expect(plan.steps.length).toBeGreaterThan(0);
    const decoded = decodeFitWorkout(encodeFitWorkout(plan, { weightUnit: 'kg', createdAt }));
    expect(decoded.errors).toEqual([]);
    expect(decoded.integrity).toBe(true);
    expect(decoded.fileType).toBe('workout');
    expect(decoded.name).toBe(workout.title);
    expect(decoded.sport).toBe(plan.sport === 'running' ? 'running' : 'training');
    expect(decoded.numValidSteps).toBe(plan.steps.length);
    // Speeds are stored in mm/s: equal to the millimetre.
    expect(decoded.steps).toEqual(plan.steps);
  });
});

describe('strength exercises are named, not only categorized', () => {
  it('each exercise has an exercise_title with its full name, told apart from others of its category', () => {
    const workout: Parameters<typeof fitPlan>[0] = {
      kind: 'strength',
      title: 'Lower body',
      run: [],
      strength: [
        { exerciseId: 'back-squat', exerciseName: 'Back squat', progression: 'linear', sets: [{ reps: 5, loadKg: 100 }] },
        {
          exerciseId: 'single-leg-romanian-deadlift',
          exerciseName: 'Single-leg Romanian deadlift',
          progression: 'double',
          sets: [
            { reps: 8, loadKg: 16 },
            { reps: 8, loadKg: 16 },
          ],
        },
        { exerciseId: 'front-squat', exerciseName: 'Front squat', progression: 'linear', sets: [{ reps: 5, loadKg: 70 }] },
        { exerciseId: 'deadlift', exerciseName: 'Deadlift', progression: 'linear', sets: [{ reps: 3, loadKg: 140 }] },
      ],
    };
    const plan = fitPlan(workout, heart) as FitPlan;
    const decoded = decodeFitWorkout(encodeFitWorkout(plan, { weightUnit: 'kg', createdAt }));
    expect(decoded.errors).toEqual([]);
    expect(decoded.exerciseTitles).toEqual([
      { category: 'squat', number: 0, title: 'Back squat' },
      { category: 'deadlift', number: 0, title: 'Single-leg Romanian deadlift' },
      { category: 'squat', number: 1, title: 'Front squat' },
      { category: 'deadlift', number: 1, title: 'Deadlift' },
    ]);
    // Every set step names its exercise in full (its step name is cut to one watch line).
    const sets = decoded.steps.filter((s) => s.exercise);
    expect(sets.map((s) => s.exercise!.name)).toEqual([
      'Back squat',
      'Single-leg Romanian deadlift',
      'Single-leg Romanian deadlift',
      'Front squat',
      'Deadlift',
    ]);
    expect(sets[1]!.name).toBe('Single-leg Rom.');
    expect(decoded.steps).toEqual(plan.steps);
  });
});
