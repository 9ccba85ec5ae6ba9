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

  it.each([
    '2025-02-29',
    '2100-02-29',
    '2025-13-01',
    '2025-00-10',
    '2025-1-01',
    '25-01-01',
    '2025-01-32',
    '2025-04-31',
    '',
    // Hostile text: digits that are not ASCII, signs, spaces, other separators, a trailing newline.
    '２０２５-01-01',
    '2025-0١-01',
    '+025-01-01',
    '2025-01-+1',
    ' 2025-01-01',
    '2025-01-01\n',
    '2025/01/01',
    '2025-01-01T00:00',
    '2025-01-0x',
  ])('rejects %j, and date arithmetic refuses it', (value) => {
    expect(isIsoDate(value)).toBe(false);
    expect(() => assertIsoDate(value)).toThrow(RangeError);
    expect(() => toDayNumber(value)).toThrow(/must be a valid YYYY-MM-DD date/);
    expect(() => addDays(value, 1)).toThrow(RangeError);
  });

  it('accepts every day of 1999-2025 and no other, each one day after the one before', () => {
    let n = toDayNumber('1999-01-01');
    for (let y = 1999; y <= 2025; y++)
      for (let m = 1; m <= 12; m++)
        for (let d = 1; d <= 31; d++) {
          const date = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const real = new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
          expect(isIsoDate(date), date).toBe(real);
          if (real) expect(toDayNumber(date), date).toBe(n++);
        }
    expect(n).toBe(toDayNumber('2026-01-01'));
  });

  it('rejects fractional day numbers', () => {
    expect(() => fromDayNumber(1.5)).toThrow(RangeError);
  });
});
