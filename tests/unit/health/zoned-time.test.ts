import { describe, expect, it } from 'vitest';
import { localDateOf, localDayBounds, startOfLocalDay, weekStart } from '@/lib/health/zoned-time';

describe('local days in a timezone', () => {
  it('an instant belongs to the local date, not the UTC date', () => {
    const instant = new Date('2026-11-20T23:30:00Z');
    expect(localDateOf(instant, 'UTC')).toBe('2026-11-20');
    expect(localDateOf(instant, 'Europe/Berlin')).toBe('2026-11-21');
    expect(localDateOf(instant, 'America/Denver')).toBe('2026-11-20');
  });

  it('a local day starts at local midnight', () => {
    expect(startOfLocalDay('2026-11-20', 'UTC').toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(startOfLocalDay('2026-11-20', 'Europe/Berlin').toISOString()).toBe('2026-11-19T23:00:00.000Z');
    expect(startOfLocalDay('2026-07-01', 'America/Denver').toISOString()).toBe('2026-07-01T06:00:00.000Z');
    expect(startOfLocalDay('2026-11-20', 'Asia/Kolkata').toISOString()).toBe('2026-11-19T18:30:00.000Z');
  });

  it('days around a DST change last 23 and 25 hours', () => {
    // Europe/Berlin: clocks go forward on 2026-03-29 and back on 2026-10-25.
    const spring = localDayBounds('2026-03-29', 'Europe/Berlin');
    expect((spring.end.getTime() - spring.start.getTime()) / 3600_000).toBe(23);
    const autumn = localDayBounds('2026-10-25', 'Europe/Berlin');
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3600_000).toBe(25);
  });

  it('weeks start on Monday', () => {
    expect(weekStart('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // Sunday
    expect(weekStart('2026-11-22')).toBe('2026-11-16');
  });
});
