import { describe, expect, it } from 'vitest';
import { CHART_RPES, RTS_RPE_CHART, fractionOf1RM, isChartReps, isChartRpe, percentOf1RM } from '@/lib/training/rpe';

/*
 * Reference: Mike Tuchscherer / Reactive Training Systems RPE chart ("The
 * Reactive Training Manual", 2008; reproduced on the RTS site and in the RTS
 * Generalized Intermediate Program). Cells are %1RM for reps x RPE.
 */
describe('RTS RPE chart: published cells', () => {
  it.each([
    [1, 10, 100.0],
    [2, 10, 95.5],
    [10, 10, 73.9],
    [12, 10, 68.0],
    [1, 9.5, 97.8],
    [8, 9, 76.2],
    [5, 9, 83.7],
    [6, 8.5, 79.9],
    [3, 8, 86.3],
    [5, 8, 81.1],
    [4, 7.5, 82.4],
    [10, 7, 65.3],
    [1, 6.5, 87.8],
    [12, 6.5, 58.6],
  ])('%d reps @ RPE %d = %d %%', (reps, rpe, pct) => {
    expect(percentOf1RM(reps, rpe)).toBe(pct);
    expect(fractionOf1RM(reps, rpe)).toBeCloseTo(pct / 100, 10);
  });

  // The chart is built on reps + reps-in-reserve: 5 @ 8 (2 in reserve) is the same load as 7 @ 10.
  const shifted = CHART_RPES.filter((rpe) => rpe <= 9).flatMap((rpe) => Array.from({ length: 11 }, (_, i) => [i + 1, rpe] as const));
  it.each(shifted)('%d @ RPE %d equals one more rep at one RPE higher', (reps, rpe) => {
    expect(percentOf1RM(reps, rpe)).toBe(percentOf1RM(reps + 1, rpe + 1));
  });

  it('has 12 rep columns for each of the 8 RPE rows, decreasing with reps', () => {
    expect(CHART_RPES).toHaveLength(8);
    for (const rpe of CHART_RPES) {
      const row = RTS_RPE_CHART[rpe];
      expect(row).toHaveLength(12);
      expect(
        row.filter((pct, i) => i > 0 && pct >= row[i - 1]!),
        `RPE ${rpe}`,
      ).toEqual([]);
    }
  });
});

describe('percentOf1RM interpolation and validation', () => {
  it.each([
    // halfway between 5 @ 8 (81.1) and 5 @ 8.5 (82.4)
    [5, 8.25, 81.75],
    // a quarter of the way from 3 @ 9 (89.2) to 3 @ 9.5 (90.7)
    [3, 9.125, 89.575],
  ])('%d reps @ RPE %d interpolates to %d %%', (reps, rpe, pct) => {
    expect(percentOf1RM(reps, rpe)).toBeCloseTo(pct, 10);
  });

  it.each([
    [0, 8],
    [13, 8],
    [2.5, 8],
    [5, 6],
    [5, 10.5],
    [5, Number.NaN],
  ])('rejects %d reps @ RPE %d (off the chart)', (reps, rpe) => {
    expect(() => percentOf1RM(reps, rpe)).toThrow(RangeError);
  });

  it.each([
    [1, true],
    [12, true],
    [13, false],
    [0, false],
  ])('isChartReps(%d) = %s', (reps, ok) => {
    expect(isChartReps(reps)).toBe(ok);
  });

  it.each([
    [6.5, true],
    [10, true],
    [6, false],
    [Number.POSITIVE_INFINITY, false],
  ])('isChartRpe(%d) = %s', (rpe, ok) => {
    expect(isChartRpe(rpe)).toBe(ok);
  });
});
