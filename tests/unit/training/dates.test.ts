import { describe, expect, it } from 'vitest';
import { addDays, assertIsoDate, daysBetween, fromDayNumber, isIsoDate, toDayNumber } from '@/lib/training/dates';

describe('ISO calendar dates', () => {
  it.each([
    ['1970-01-01', 0],
    // 2000-01-01 is day 10957 of the Unix epoch; 2000 is a leap year (div. by 400)
    ['2000-01-01', 10957],
    ['2000-03-01', 11017],
    ['1969-12-31', -1],
  ])('toDayNumber(%s) = %d and back', (date, n) => {
    expect(toDayNumber(date)).toBe(n);
    expect(fromDayNumber(n)).toBe(date);
  });

  it.each([
    ['2024-02-28', 1, '2024-02-29'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2100-02-28', 1, '2100-03-01'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2025-01-06', 83, '2025-03-30'],
    ['2025-03-01', -1, '2025-02-28'],
  ])('addDays(%s, %d) = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
    expect(daysBetween(date, expected)).toBe(days);
  });

  it.each(['2025-02-29', '2025-13-01', '2025-00-10', '2025-1-01', '25-01-01', '2025-01-32', ''])('rejects %j', (value) => {
    expect(isIsoDate(value)).toBe(false);
    expect(() => assertIsoDate(value)).toThrow(RangeError);
  });

  it('rejects fractional day numbers', () => {
    expect(() => fromDayNumber(1.5)).toThrow(RangeError);
  });
});
