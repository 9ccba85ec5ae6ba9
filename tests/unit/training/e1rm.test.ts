import { describe, expect, it } from 'vitest';
import { bestSetE1rm, e1rmFromRpe, epley1RM } from '@/lib/training/e1rm';

describe('Epley (Epley, B. "Poundage Chart", Boyd Epley Workout, 1985): 1RM = w (1 + r/30)', () => {
  it.each([
    [100, 1, 100],
    [100, 5, 116.667],
    [100, 10, 133.333],
    [140, 3, 154],
    [60, 12, 84],
  ])('%d kg x %d = %d kg', (load, reps, oneRm) => {
    expect(epley1RM(load, reps)).toBeCloseTo(oneRm, 2);
  });
});

describe('Epley against the NSCA %1RM-repetitions table', () => {
  // NSCA, Essentials of Strength Training and Conditioning, 3rd ed. (Baechle & Earle), Table 17.7.
  it.each([
    [2, 95],
    [3, 93],
    [4, 90],
    [5, 87],
    [6, 85],
    [7, 83],
    [8, 80],
    [9, 77],
    [10, 75],
  ])('%d reps ~ %d %% 1RM (within 2.5 points)', (reps, pct) => {
    expect(Math.abs((100 / epley1RM(100, reps)) * 100 - pct)).toBeLessThanOrEqual(2.5);
  });
});

describe('e1RM from reps and RPE (RTS chart)', () => {
  it.each([
    // 5 @ 8 is 81.1 % (RTS chart) -> 100 / 0.811
    [100, 5, 8, 123.305],
    // 3 @ 8 is 86.3 %
    [100, 3, 8, 115.875],
    // a true single at RPE 10 is the 1RM
    [180, 1, 10, 180],
    // 8 @ 9 is 76.2 %
    [80, 8, 9, 104.987],
  ])('%d kg x %d @ RPE %d -> %d kg', (load, reps, rpe, oneRm) => {
    expect(e1rmFromRpe(load, reps, rpe)).toBeCloseTo(oneRm, 2);
  });

  it.each([
    [-1, 5],
    [100, 0],
    [100, 2.5],
  ])('rejects load %d x %d reps', (load, reps) => {
    expect(() => epley1RM(load, reps)).toThrow(RangeError);
    expect(() => e1rmFromRpe(load, reps, 8)).toThrow(RangeError);
  });
});

describe('bestSetE1rm', () => {
  it('takes the heaviest RPE-based estimate', () => {
    const best = bestSetE1rm([
      { reps: 5, loadKg: 100, rpe: 7 },
      { reps: 5, loadKg: 100, rpe: 8 },
      { reps: 5, loadKg: 100, rpe: 8.5 },
    ]);
    // 5 @ 7 = 78.6 % is the largest quotient: 100 / 0.786
    expect(best?.setIndex).toBe(0);
    expect(best?.e1rmKg).toBeCloseTo(127.226, 2);
  });

  it.each([
    ['no RPE', { reps: 5, loadKg: 100 }],
    ['more than 12 reps', { reps: 15, loadKg: 60, rpe: 8 }],
    ['RPE below the chart', { reps: 5, loadKg: 100, rpe: 5 }],
    ['no load', { reps: 10, loadKg: 0, rpe: 8 }],
  ])('ignores sets with %s', (_label, set) => {
    expect(bestSetE1rm([set])).toBeUndefined();
  });

  it('returns undefined for no sets', () => {
    expect(bestSetE1rm([])).toBeUndefined();
  });
});
