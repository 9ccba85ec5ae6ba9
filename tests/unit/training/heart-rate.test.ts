import { describe, expect, it } from 'vitest';
import { karvonenTarget, ZONE_BOUNDS } from '@/lib/training/heart-rate';

describe('Karvonen heart-rate reserve (Karvonen, Kentala & Mustala, Ann Med Exp Biol Fenn 1957)', () => {
  // Worked example: resting 60, max 180 -> reserve 120 bpm.
  it.each([
    [0.5, 120],
    [0.6, 132],
    [0.7, 144],
    [0.85, 162],
    [1, 180],
  ])('%d of reserve -> %d bpm', (fraction, bpm) => {
    expect(karvonenTarget(60, 180, fraction)).toBeCloseTo(bpm, 9);
  });

  it('has five zones at 50-60-70-80-90-100 % of reserve (ZONE_BOUNDS, which run targets read)', () => {
    const bpm = (fraction: number) => Math.round(karvonenTarget(60, 180, fraction));
    expect(ZONE_BOUNDS.map(([zone, low, high]) => [zone, bpm(low), bpm(high)])).toEqual([
      [1, 120, 132],
      [2, 132, 144],
      [3, 144, 156],
      [4, 156, 168],
      [5, 168, 180],
    ]);
  });

  it.each([
    [10, 180, 0.5],
    [60, 60, 0.5],
    [60, 300, 0.5],
    [60, 180, 1.2],
    [60, 180, -0.1],
  ])('rejects resting %d, max %d, fraction %d', (rest, max, fraction) => {
    expect(() => karvonenTarget(rest, max, fraction)).toThrow(RangeError);
  });
});
