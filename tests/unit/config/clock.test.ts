import { describe, expect, it } from 'vitest';
import { now, parseTestNow, withClock } from '@/lib/clock';

describe('the coaching clock', () => {
  it('is the real clock unless a request moved it', async () => {
    const before = Date.now();
    const t = now().getTime();
    expect(t).toBeGreaterThanOrEqual(before);
    const at = new Date('2027-03-01T07:00:00Z');
    const inside = await withClock(at, async () => {
      await new Promise((r) => setTimeout(r, 1));
      return now().toISOString();
    });
    expect(inside).toBe('2027-03-01T07:00:00.000Z');
    expect(now().getFullYear()).not.toBe(2027);
  });

  it.each([
    ['2026-12-01T07:30:00Z', '2026-12-01T07:30:00.000Z'],
    ['2026-12-01T07:30Z', '2026-12-01T07:30:00.000Z'],
    ['2026-12-01T07:30:00.250+02:00', '2026-12-01T05:30:00.250Z'],
    ['2026-12-01', undefined], // a day is not an instant: which zone?
    ['2026-12-01T07:30:00', undefined], // no zone
    ['2026-13-40T07:30:00Z', undefined],
    ['tomorrow', undefined],
    ['', undefined],
  ])('%j is %j', (value, iso) => {
    expect(parseTestNow(value)?.toISOString()).toBe(iso);
  });
});
