import { describe, expect, it } from 'vitest';
import { round1 } from '@/lib/training/rounding';

describe('round1: one decimal, half up (the copies it replaced used Math.round)', () => {
  // [input, expected]: halves round up (towards +Infinity), float noise is absorbed, -0 stays -0 as before.
  const CASES: [number, number][] = [
    [0, 0],
    [1.25, 1.3],
    [2.25, 2.3],
    [-2.25, -2.2],
    [-0.04, -0],
    [102.49999, 102.5],
    [0.1 + 0.2, 0.3],
    [57.349, 57.3],
  ];
  it.each(CASES)('round1(%d) is %d', (input, expected) => {
    expect(Object.is(round1(input), expected)).toBe(true);
  });
});
