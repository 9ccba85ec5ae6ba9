import { describe, expect, it } from 'vitest';
import { buildActual } from '@/lib/coaching/actuals';
import type { Workout } from '@/lib/training/types';

const workout: Workout = {
  id: 'w1',
  date: '2026-01-05',
  status: 'scheduled',
  kind: 'mixed',
  title: 'Mixed',
  strength: [
    {
      exerciseId: 'back-squat',
      exerciseName: 'Back squat',
      progression: 'linear',
      incrementKg: 5,
      sets: [
        { reps: 5, loadKg: 100 },
        { reps: 5, loadKg: 100 },
      ],
    },
    { exerciseId: 'pull-up', exerciseName: 'Pull-up', progression: 'double', repRange: [5, 10], sets: [{ reps: 6 }] },
    { exerciseId: 'back-squat', exerciseName: 'Back squat', progression: 'none', sets: [{ reps: 8, loadKg: 80 }] },
  ],
  run: [
    { kind: 'easy', durationS: 600 },
    { kind: 'threshold', distanceM: 4000, targetPaceSPerKm: 270 },
  ],
};

describe('buildActual', () => {
  it('matches blocks by exercise (the next unlisted one) or by index, and fills the rest as prescribed on request', () => {
    const actual = buildActual(workout, {
      strength: [
        {
          exerciseId: 'back-squat',
          sets: [
            { reps: 5, loadKg: 100 },
            { reps: 3, loadKg: 100 },
          ],
        },
        { exerciseId: 'back-squat', sets: [{ reps: 8, loadKg: 80 }] },
      ],
      asPrescribed: true,
    });
    expect(actual.strength).toEqual([
      {
        blockIndex: 0,
        exerciseId: 'back-squat',
        sets: [
          { reps: 5, loadKg: 100 },
          { reps: 3, loadKg: 100 },
        ],
      },
      { blockIndex: 1, exerciseId: 'pull-up', sets: [{ reps: 6, loadKg: 0 }] },
      { blockIndex: 2, exerciseId: 'back-squat', sets: [{ reps: 8, loadKg: 80 }] },
    ]);
  });

  it('keeps run totals and per-segment detail, sorted by segment', () => {
    const actual = buildActual(workout, {
      asPrescribed: true,
      run: { distanceM: 7000, durationS: 2100 },
      runSegments: [{ segmentIndex: 1, distanceM: 4000, durationS: 1040, avgHr: 165 }],
    });
    expect(actual.run).toEqual({ distanceM: 7000, durationS: 2100 });
    expect(actual.runSegments).toEqual([{ segmentIndex: 1, distanceM: 4000, durationS: 1040, avgHr: 165 }]);
  });

  it.each([
    ['an index out of range', { strength: [{ blockIndex: 7, sets: [] }] }, /strength\.0\.blockIndex/],
    ['an index that is another exercise', { strength: [{ blockIndex: 1, exerciseId: 'back-squat', sets: [] }] }, /block 1 is pull-up/],
    [
      'an exercise not in the workout',
      { strength: [{ exerciseId: 'deadlift', sets: [] }] },
      /no \(further\) deadlift block; its exercises are back-squat, pull-up/,
    ],
    [
      'a block listed twice',
      {
        strength: [
          { blockIndex: 0, sets: [] },
          { blockIndex: 0, sets: [] },
        ],
      },
      /listed twice/,
    ],
    ['a block named by nothing', { strength: [{ sets: [] }] }, /name the block/],
    [
      'a segment out of range',
      { asPrescribed: true, runSegments: [{ segmentIndex: 2, distanceM: 1, durationS: 1 }] },
      /runSegments\.0\.segmentIndex/,
    ],
    ['a strength workout with nothing said', {}, /asPrescribed: true/],
  ])('rejects %s', (_label, input, message) => {
    expect(() => buildActual(workout, input)).toThrow(message);
  });

  it('rejects run data for a workout without run segments', () => {
    expect(() => buildActual({ ...workout, run: [] }, { asPrescribed: true, run: { distanceM: 1000, durationS: 300 } })).toThrow(
      /no run segments/,
    );
  });
});
