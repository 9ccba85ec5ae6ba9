// The coaching clock: what "now" is for a person's calendar (today, completedAt, refusing dates
// in the future). Simulations of weeks of training move it per request with the Pacewise-Test-Now
// header, honoured only when PACEWISE_TEST_CLOCK=1 on a loopback, non-production, non-Vercel site
// (lib/env.ts). Sign-in, tokens, rate limits and caches always use the real clock.
import { AsyncLocalStorage } from 'node:async_hooks';

const moved = new AsyncLocalStorage<Date>();

export const TEST_NOW_HEADER = 'pacewise-test-now';

/** The current instant for coaching: the request's test clock when one is set, else the real one. */
export function now(): Date {
  const at = moved.getStore();
  return at ? new Date(at.getTime()) : new Date();
}

/** Runs `fn` (and everything it awaits) with the coaching clock at `at`. */
export function withClock<T>(at: Date, fn: () => T): T {
  return moved.run(at, fn);
}

/** An RFC 3339 instant with a zone ("2026-12-01T07:30:00Z"), or undefined when it is not one. */
export function parseTestNow(value: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

/**
 * Local days already found, by zone and quarter hour of UTC: every zone's offset is a whole number of
 * quarter hours (Kathmandu +5:45, Chatham +12:45), so no local midnight falls inside one. A memo of a
 * pure function (the answer is the same without it), bounded; get_training_progress asks it for each
 * session it draws, and one Intl format each was a millisecond of a 5-year person's call (issue 35).
 */
const quarterDays = new Map<string, string>();

/** The local day (YYYY-MM-DD) of an instant in a timezone: todayIn(timezone, at), remembered per quarter hour. */
export function dayOfInstant(timezone: string, at: Date): string {
  const key = `${timezone} ${Math.floor(at.getTime() / 900_000)}`;
  let day = quarterDays.get(key);
  if (day === undefined) {
    day = todayIn(timezone, at);
    if (quarterDays.size >= 100_000) quarterDays.clear();
    quarterDays.set(key, day);
  }
  return day;
}

/** One formatter per timezone: building an Intl.DateTimeFormat costs more than a whole tool's query. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date in a timezone (YYYY-MM-DD), on the coaching clock unless `at` is given. */
export function todayIn(timezone: string | null | undefined, at = now()): string {
  const zone = timezone ?? 'UTC';
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(zone, format);
  }
  return format.format(at);
}
