// The first days back after recorded injury or illness (lib/training/comeback.ts), as a coach's table:
// no hard running for the first days after an injury, every run shorter than the runs done before.
import { describe, expect, it } from 'vitest';
import { EASED_MARK, easeBackIn, easyDaysAfter, endEarly, type BreakKind } from '@/lib/training/comeback';
import { addDays } from '@/lib/training/dates';
import { segmentMetres } from '@/lib/training/plan';
import { paceForSegment } from '@/lib/training/run-targets';
import type { RunSegment, Workout } from '@/lib/training/types';

describe('easy-only days after a break', () => {
  it.each([
    // [kind, days off, easy days]
    ['injury', 1, 7],
    ['injury', 3, 7],
    ['injury', 10, 10], // as many days as were missed
    ['injury', 20, 14], // at most two weeks
    ['illness', 2, 3],
    ['illness', 5, 3],
    ['illness', 8, 4],
    ['illness', 30, 7],
    ['other', 10, 0], // travel: only the time-away rules
  ] as const)('%s for %i days: %i easy days', (kind, days, easy) => {
    const r = easyDaysAfter(kind, days);
    expect(r.days).toBe(easy);
    expect(r.why).toContain(kind === 'other' ? 'only the time-away rules' : `(${easy} here)`);
  });
  it.each([0, -1, 2.5])('rejects %d days off', (days) => expect(() => easyDaysAfter('injury', days)).toThrow(RangeError));
});

const VDOT = 40;
const EASY = paceForSegment({ kind: 'easy' }, VDOT)!;
const run = (id: string, date: string, title: string, segs: RunSegment[], extra: Partial<Workout> = {}): Workout => ({
  id,
  date,
  status: 'scheduled',
  kind: 'run',
  title,
  strength: [],
  run: segs,
  ...extra,
});
const km = (w: Workout) => w.run.reduce((m, s) => m + segmentMetres(s, EASY), 0) / 1000;

// The novice half-marathoner of the issue: 11 km long run done before a 10-day injury (Mar 11-20).
const done: Workout[] = [
  run('d1', '2026-03-01', 'Long run', [{ kind: 'long', distanceM: 10000 }], {
    status: 'completed',
    actual: { run: { distanceM: 10000, durationS: 3900 } },
  }),
  run('d2', '2026-03-08', 'Long run', [{ kind: 'long', distanceM: 11000 }], {
    status: 'completed',
    actual: { run: { distanceM: 11000, durationS: 4300 } },
  }),
  run('d0', '2026-02-10', 'Long run', [{ kind: 'long', distanceM: 16000 }], { status: 'completed' }), // too long ago to count
];
const ahead: Workout[] = [
  run('a1', '2026-03-21', 'Long run', [{ kind: 'long', distanceM: 12000 }]), // the plan's longest long run
  run('a2', '2026-03-23', 'Threshold run', [
    { kind: 'easy', durationS: 600, label: 'Warm-up' },
    { kind: 'threshold', distanceM: 3000 },
    { kind: 'easy', durationS: 600, label: 'Cool-down' },
  ]),
  run('a3', '2026-03-25', 'Easy run', [{ kind: 'easy', durationS: 2400 }]),
  run('a4', '2026-03-27', 'Intervals', [
    { kind: 'easy', durationS: 900 },
    { kind: 'interval', distanceM: 800, repeats: 5, recoveryS: 150 },
    { kind: 'easy', durationS: 600 },
  ]),
  run('a5', '2026-03-31', 'Threshold run', [
    { kind: 'easy', durationS: 600 },
    { kind: 'threshold', distanceM: 3000 },
    { kind: 'easy', durationS: 600 },
  ]), // after the easy days
  run('race', '2026-03-22', 'Race', [{ kind: 'race', distanceM: 10000 }]),
  { ...run('lift', '2026-03-22', 'Strength A', []), kind: 'strength' },
];

describe('easeBackIn', () => {
  it.each([
    // [kind, from, to, changed ids, still quality (ids)]
    // Runs other than the long run at most 75 % of the eased long run (8 km): a3, 40 min easy (about 6.1 km), shortens too.
    ['injury', '2026-03-11', '2026-03-20', ['a1', 'a2', 'a3', 'a4'], ['a5']], // 10 easy days: Mar 21-30
    ['illness', '2026-03-11', '2026-03-20', ['a1', 'a2', 'a3'], ['a4', 'a5']], // 5 easy days: Mar 21-25
    ['other', '2026-03-11', '2026-03-20', [], ['a2', 'a4', 'a5']], // travel: nothing
  ] as const)('%s %s to %s', (kind, from, to, changedIds, qualityIds) => {
    const r = easeBackIn({ kind: kind as BreakKind, from, to, scheduled: ahead, done, vdot: VDOT });
    expect(r.updated.map((w) => w.id).sort()).toEqual([...changedIds].sort());
    const after = ahead.map((w) => r.updated.find((u) => u.id === w.id) ?? w);
    const back = addDays(to, 1);
    for (const w of after.filter((x) => x.run.length > 0 && x.run[0]!.kind !== 'race')) {
      const quality = w.run.some((s) => ['threshold', 'interval', 'repetition', 'marathon'].includes(s.kind));
      expect(quality, w.id).toBe((qualityIds as readonly string[]).includes(w.id));
      if (kind !== 'other' && w.date >= back && w.date < addDays(back, r.easyDays)) {
        // Shorter than the longest run done in the two weeks before (11 km): at most 75 % of it, and
        // a run other than the long run at most 75 % of that again (6.0 km).
        expect(km(w), w.id).toBeLessThanOrEqual(w.run.some((s) => s.kind === 'long') ? 8.25 : 6.0);
        expect(km(w), w.id).toBeLessThan(11);
      }
    }
    if (changedIds.length > 0) {
      expect(r.capM).toBe(8000);
      expect(r.note).toContain(`no threshold, interval, repetition or marathon-pace work until ${addDays(back, r.easyDays - 1)}`);
      expect(r.note).toContain('11.0 km → at most 8.0 km');
      expect(r.changes.length).toBeGreaterThanOrEqual(changedIds.length);
      for (const c of r.changes) expect(c.reason).toContain(`Back from ${kind}`);
      for (const w of r.updated) expect(w.notes).toContain(`${EASED_MARK} ${kind}`);
    }
    // The race and the strength session are never touched.
    expect(r.updated.some((w) => w.id === 'race' || w.id === 'lift')).toBe(false);
  });

  it("the first session back after 10 days injured is no longer the plan's longest long run (12 km -> 8 km)", () => {
    const r = easeBackIn({ kind: 'injury', from: '2026-03-11', to: '2026-03-20', scheduled: ahead, done, vdot: VDOT });
    const first = r.updated.find((w) => w.id === 'a1')!;
    expect(first.run[0]).toMatchObject({ kind: 'long', distanceM: 8000 });
    expect(r.changes.find((c) => c.workoutId === 'a1')).toMatchObject({ path: 'run[0].distanceM', before: 12000, after: 8000 });
    const threshold = r.updated.find((w) => w.id === 'a2')!;
    expect(threshold.title).toBe('Easy run');
    expect(threshold.run).toHaveLength(1);
    expect(threshold.run[0]!.kind).toBe('easy');
  });

  it('no run logged before the break: every run is 75 % of what the plan had', () => {
    const r = easeBackIn({ kind: 'injury', from: '2026-03-11', to: '2026-03-20', scheduled: ahead, done: [], vdot: VDOT });
    expect(r.capM).toBeUndefined();
    expect(r.updated.find((w) => w.id === 'a1')!.run[0]!.distanceM).toBe(9000);
    expect(r.note).toContain('no run logged in the 14 days before');
  });

  it('a second pass (time off ended early) does not cut an eased session again', () => {
    const first = easeBackIn({ kind: 'injury', from: '2026-03-11', to: '2026-03-20', scheduled: ahead, done, vdot: VDOT });
    const scheduled = ahead.map((w) => first.updated.find((u) => u.id === w.id) ?? w);
    const again = easeBackIn({ kind: 'injury', from: '2026-03-11', to: '2026-03-18', scheduled, done, vdot: VDOT });
    expect(again.updated).toHaveLength(0);
  });
});

describe('ending time off early (delete_time_off with lastDay)', () => {
  const off = { from: '2026-03-11', to: '2026-03-20' };
  it.each([
    // [last day, ok, days sooner or the message's start]
    ['2026-03-18', true, 2], // the runner: back two days early
    ['2026-03-11', true, 9], // only the first day off kept
    ['2026-03-19', true, 1],
    ['2026-03-20', false, '2026-03-20 is not before the recorded last day off 2026-03-20'], // not early
    ['2026-03-25', false, '2026-03-25 is not before the recorded last day off 2026-03-20'], // longer: record_time_off
    [
      '2026-03-10',
      false,
      '2026-03-10 is before the first day off 2026-03-11; to forget the whole record, call delete_time_off without lastDay',
    ],
  ] as const)('last day %s', (lastDay, ok, expected) => {
    const r = endEarly(off, lastDay);
    expect(r.ok).toBe(ok);
    if (r.ok) {
      expect(r.daysSooner).toBe(expected);
      expect(r.backOn).toBe(addDays(lastDay, 1));
    } else {
      expect(r.message.startsWith(String(expected))).toBe(true);
    }
  });
});
