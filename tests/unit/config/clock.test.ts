import { describe, expect, it } from 'vitest';
import { dayOfInstant, now, parseTestNow, todayIn, withClock } from '@/lib/clock';

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

describe('dayOfInstant: the local day of an instant, remembered per quarter hour', () => {
  // Zones with 45- and 30-minute offsets, both hemispheres' DST, the date line, and UTC.
  const ZONES = [
    'UTC',
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'Asia/Kolkata',
    'America/St_Johns',
    'Europe/Berlin',
    'America/New_York',
    'Australia/Lord_Howe',
    'Pacific/Kiritimati',
    'Pacific/Pago_Pago',
  ];
  // The last and first millisecond around each zone's local midnights and the DST changes of 2026,
  // and a spread of instants over two years, asked twice (the second time from the memo).
  const instants: Date[] = [];
  for (let ms = Date.parse('2025-12-25T00:00:00Z'); ms < Date.parse('2027-12-25T00:00:00Z'); ms += 7 * 3_600_000 + 13 * 60_000 + 7_000)
    instants.push(new Date(ms));
  for (const iso of [
    '2026-03-08T06:59:59.999Z',
    '2026-03-08T07:00:00Z',
    '2026-03-29T00:59:59.999Z',
    '2026-03-29T01:00:00Z',
    '2026-04-04T15:00:00Z',
    '2026-10-04T15:30:00Z',
  ])
    instants.push(new Date(iso));

  it.each(ZONES)('%s: the same day as todayIn for every instant, on every call', (zone) => {
    for (const pass of [1, 2])
      for (const at of instants) {
        expect(dayOfInstant(zone, at), `${zone} ${at.toISOString()} pass ${pass}`).toBe(todayIn(zone, at));
        // The millisecond before: in the quarter hour before, also from the memo.
        const before = new Date(at.getTime() - 1);
        expect(dayOfInstant(zone, before)).toBe(todayIn(zone, before));
      }
    expect(instants.length).toBeGreaterThan(2000);
  });

  it('local midnights one millisecond apart give two days in a 45-minute zone', () => {
    // 2026-11-27T18:15Z is midnight in Kathmandu (+5:45).
    expect(dayOfInstant('Asia/Kathmandu', new Date('2026-11-27T18:14:59.999Z'))).toBe('2026-11-27');
    expect(dayOfInstant('Asia/Kathmandu', new Date('2026-11-27T18:15:00.000Z'))).toBe('2026-11-28');
    // Chatham (+13:45 in its summer): 10:15Z is its midnight.
    expect(dayOfInstant('Pacific/Chatham', new Date('2026-11-27T10:14:59.999Z'))).toBe('2026-11-27');
    expect(dayOfInstant('Pacific/Chatham', new Date('2026-11-27T10:15:00.000Z'))).toBe('2026-11-28');
  });
});
