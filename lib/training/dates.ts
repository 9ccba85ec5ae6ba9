import type { IsoDate } from './types';

/**
 * Calendar arithmetic on ISO `YYYY-MM-DD` strings without Date objects, so the
 * result never depends on the server's timezone or clock. Uses the
 * days-from-civil algorithm (proleptic Gregorian calendar).
 */

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (MONTH_DAYS[month - 1] ?? 0);
}

/** The number written by `length` ASCII digits of `s` from `at`; -1 when one is not a digit. */
function digitsAt(s: string, at: number, length: number): number {
  let value = 0;
  for (let i = at; i < at + length; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

/**
 * Year, month and day of a valid YYYY-MM-DD date (ASCII digits, a real calendar day), or null. Read
 * by character codes, not a regular expression: date arithmetic runs for every point a series draws.
 */
function partsOf(value: string): [number, number, number] | null {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return null;
  const year = digitsAt(value, 0, 4);
  const month = digitsAt(value, 5, 2);
  const day = digitsAt(value, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return [year, month, day];
}

export function isIsoDate(value: string): boolean {
  return typeof value === 'string' && partsOf(value) !== null;
}

export function assertIsoDate(value: string, what = 'date'): void {
  if (!isIsoDate(value)) throw new RangeError(`${what} must be a valid YYYY-MM-DD date, got "${value}"`);
}

/** Days since 1970-01-01. */
export function toDayNumber(date: IsoDate): number {
  const parts = partsOf(date);
  if (!parts) throw new RangeError(`date must be a valid YYYY-MM-DD date, got "${date}"`);
  const [year, month, day] = parts;
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function fromDayNumber(dayNumber: number): IsoDate {
  if (!Number.isInteger(dayNumber)) throw new RangeError(`day number must be an integer, got ${dayNumber}`);
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toDayNumber(to) - toDayNumber(from);
}
