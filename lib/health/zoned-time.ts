// Calendar days in the person's timezone, with Intl only (no date library): a health record counts
// toward the local day it happened on, and a date-only record covers that local day.
import { addDays, toDayNumber } from '@/lib/training/dates';
import type { IsoDate } from '@/lib/training/types';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(instantMs: number, timeZone: string) {
  const parts = formatter(timeZone).formatToParts(new Date(instantMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const w = wallClock(instantMs, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/** The local calendar date of an instant. */
export function localDateOf(instant: Date, timeZone: string): IsoDate {
  const w = wallClock(instant.getTime(), timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The instant a local day starts (its midnight, or the first valid moment when a DST change skips it). */
export function startOfLocalDay(date: IsoDate, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(y, m - 1, d);
  const first = wallMidnight - zoneOffsetMs(wallMidnight, timeZone);
  const second = wallMidnight - zoneOffsetMs(first, timeZone);
  const onThatDay = [first, second].filter((t) => localDateOf(new Date(t), timeZone) === date);
  return new Date(onThatDay.length > 0 ? Math.min(...onThatDay) : Math.max(first, second));
}

/** [start, end) of a local day. */
export function localDayBounds(date: IsoDate, timeZone: string): { start: Date; end: Date } {
  return { start: startOfLocalDay(date, timeZone), end: startOfLocalDay(addDays(date, 1), timeZone) };
}

/** Monday of the ISO week containing `date`. */
export function weekStart(date: IsoDate): IsoDate {
  // Day 0 (1970-01-01) was a Thursday: (n + 3) mod 7 is 0 on Mondays.
  const dow = (((toDayNumber(date) + 3) % 7) + 7) % 7;
  return addDays(date, -dow);
}
