// Argument building blocks shared by the tool declarations.
import { z } from 'zod';
import { now as clockNow } from '@/lib/clock';

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'use YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'not a real calendar date');

export const weightUnit = z.enum(['kg', 'lb']);
export const distanceUnit = z.enum(['km', 'mi', 'm']);

export function isIanaTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz.includes('/') || tz === 'UTC';
  } catch {
    return false;
  }
}

/** One formatter per timezone: building an Intl.DateTimeFormat costs more than a whole tool's query. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date in a timezone (YYYY-MM-DD). */
export function todayIn(timezone: string | null | undefined, now = clockNow()): string {
  const zone = timezone ?? 'UTC';
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(zone, format);
  }
  return format.format(now);
}
