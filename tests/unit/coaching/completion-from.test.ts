// completionFrom: what a person reports in their own units (complete_workout's arguments, the app's
// log form) as the service's input in kg and metres. One conversion for both callers.
import { describe, expect, it } from 'vitest';
import { completionFrom } from '@/lib/coaching/shapes';

describe('completionFrom', () => {
  it.each([
    // units, reported set, stored set
    ['kg', { reps: 5, load: 100, rpe: 8 }, { reps: 5, loadKg: 100, rpe: 8 }],
    ['lb', { reps: 5, load: 225 }, { reps: 5, loadKg: 102.05828325 }],
    ['kg', { reps: 8 }, { reps: 8, loadKg: 0 }], // no load given: bodyweight or not weighed
    ['kg', { durationSeconds: 45 }, { reps: 1, loadKg: 0, durationS: 45 }], // a timed hold
    ['kg', { reps: 0, load: 100, rpe: 10 }, { reps: 0, loadKg: 100, rpe: 10 }], // a failed set stays a failed set
  ] as const)('%s %o -> %o', (weight, set, stored) => {
    const input = completionFrom({ strength: [{ blockIndex: 0, sets: [set] }] }, { weight, distance: 'km' });
    const got = input.strength![0]!.sets[0]!;
    expect({ ...got, loadKg: Number(got.loadKg.toFixed(8)) }).toEqual(stored);
    expect(input.strength![0]!.blockIndex).toBe(0);
  });

  it.each([
    ['km', 5, 5000],
    ['mi', 3.1, 4988.9664],
  ] as const)('a run of %s %d is %d m, with its time, heart rate and RPE', (distance, value, metres) => {
    const input = completionFrom(
      { run: { distance: value, durationSeconds: 1500, avgHr: 160, rpe: 7 }, notes: 'windy' },
      { weight: 'kg', distance },
    );
    expect(input.run!.distanceM).toBeCloseTo(metres, 3);
    expect(input.run).toMatchObject({ durationS: 1500, avgHr: 160, rpe: 7 });
    expect(input.notes).toBe('windy');
    expect(input.strength).toBeUndefined();
  });
});
