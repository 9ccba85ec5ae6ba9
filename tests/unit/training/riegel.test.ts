import { describe, expect, it } from 'vitest';
import { RIEGEL_EXPONENT, riegelPredict } from '@/lib/training/riegel';

const hms = (text: string) =>
  text
    .split(':')
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);

describe('Riegel (American Scientist 69:285-290, 1981): T2 = T1 (D2/D1)^1.06', () => {
  it('uses 1.06 by default', () => {
    expect(RIEGEL_EXPONENT).toBe(1.06);
  });

  it.each([
    // 20:00 5K -> 10K: 1200 x 2^1.06 = 2501.9 s (41:42)
    [1200, 5000, 10000, 1.06, 2501.9],
    // with exponent 1, time scales with distance
    [1200, 5000, 10000, 1, 2400],
    // a fatigue-prone runner (k = 1.08): 1200 x 2^1.08 = 1200 x 2.11404 = 2536.8 s
    [1200, 5000, 10000, 1.08, 2536.8],
    // same distance, same time
    [3000, 10000, 10000, 1.06, 3000],
  ])('%d s over %d m -> %d m with k=%d: %d s', (time, from, to, k, expected) => {
    expect(riegelPredict(time, from, to, k)).toBeCloseTo(expected, 1);
  });

  // Cross-check with Daniels' Running Formula 3rd ed., Table 5.1, VDOT 50 row:
  // the two models agree within 1 % between neighbouring distances.
  it.each([
    ['19:57', 5000, 10000, '41:21'],
    ['41:21', 10000, 21097.5, '1:31:35'],
    ['1:31:35', 21097.5, 42195, '3:10:49'],
  ])('%s over %d m predicts the table time for %d m (%s) within 1 %%', (from, d1, d2, table) => {
    const predicted = riegelPredict(hms(from), d1, d2);
    expect(Math.abs(predicted - hms(table)) / hms(table)).toBeLessThanOrEqual(0.01);
  });

  it.each([
    [0, 5000, 10000, 1.06],
    [1200, 0, 10000, 1.06],
    [1200, 5000, -1, 1.06],
    [1200, 5000, 10000, 0],
  ])('rejects non-positive input (%d, %d, %d, %d)', (time, from, to, k) => {
    expect(() => riegelPredict(time, from, to, k)).toThrow(RangeError);
  });
});
