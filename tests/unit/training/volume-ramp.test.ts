import { describe, expect, it } from 'vitest';
import { addDays } from '@/lib/training/dates';
import type { Workout } from '@/lib/training/types';
import { capWeeklyVolume, runMetres, weekIndex } from '@/lib/training/volume-ramp';

/**
 * The weekly volume ramp as a coach's case table: what was run (not what was written) sets the
 * most the next weeks may hold, 110 % of the biggest of the three weeks before.
 * Easy pace 6:00 /km, so 60 easy minutes are 10 km. Each week: Mon easy, Wed easy, Sat long.
 */
const START = '2026-01-05'; // a Monday
const PACE = 360;

/** One week's plan: two easy runs (minutes) and a long run (km); what happened to each. */
type Done = number | 'skip' | 'unlogged' | 'ahead';
type Week = { easy: [number, number]; longKm: number; done: [Done, Done, Done] };

function weekOfSessions(k: number, w: Week): Workout[] {
  const start = addDays(START, 7 * k);
  const days = [0, 2, 5];
  return days.map((d, i) => {
    const base: Workout = {
      id: `w${k + 1}-${i + 1}`,
      planId: 'p',
      week: k + 1,
      date: addDays(start, d),
      status: 'scheduled',
      kind: 'run',
      title: i === 2 ? 'Long run' : 'Easy run',
      strength: [],
      run: i === 2 ? [{ kind: 'long', distanceM: w.longKm * 1000 }] : [{ kind: 'easy', durationS: w.easy[i as 0 | 1] * 60 }],
    };
    const done = w.done[i]!;
    if (typeof done === 'number')
      return { ...base, status: 'completed', actual: { run: { distanceM: done * 1000, durationS: done * PACE } } };
    if (done === 'skip') return { ...base, status: 'skipped' };
    return base;
  });
}

const plan = (easy: number, longKm: number, done: [Done, Done, Done] = ['ahead', 'ahead', 'ahead']): Week => ({
  easy: [easy, easy],
  longKm,
  done,
});
const ahead = (easy: number, longKm: number) => plan(easy, longKm);
const weekKm = (sessions: Workout[], k: number) =>
  sessions
    .filter((w) => weekIndex(START, w.date) === k)
    .reduce(
      (m, w) => m + (w.status === 'completed' ? (w.actual?.run?.distanceM ?? 0) : w.status === 'scheduled' ? runMetres(w.run, PACE) : 0),
      0,
    ) / 1000;

type Row = {
  name: string;
  weeks: Week[];
  /** Index of the week today falls in (today is its Sunday, after its sessions, unless `day` says otherwise). */
  today: number;
  day?: number;
  timeOff?: { from: string; to: string }[];
  /** Expected most km per week index from today on (undefined: as planned, untouched). */
  expect: Record<number, number | undefined>;
  reason?: RegExp;
};

const rows: Row[] = [
  {
    name: 'on plan: every week run as written, the next week (+8 %) stays as planned',
    weeks: [plan(60, 10, [10, 10, 10]), plan(60, 12, [10, 10, 12]), ahead(66, 13), ahead(70, 14)],
    today: 1,
    expect: { 2: undefined, 3: undefined },
  },
  {
    name: 'ran half of what was planned: next week at most 110 % of what was run',
    weeks: [plan(60, 12, [5, 5, 6]), plan(66, 13, [5, 6, 6.5]), ahead(70, 14), ahead(75, 15)],
    today: 1,
    expect: { 2: 1.1 * 17.5, 3: 1.1 * 1.1 * 17.5 },
    reason:
      /at most 10 % over what was actually run: the week of 2026-01-19 holds at most 19\.3 km \(it had 37\.3 km\), the biggest of the 3 weeks before it being this week \(2026-01-12\) at 17\.5 km run so far \(of 35 km planned\)/,
  },
  {
    name: 'one bad week (a run unlogged, one skipped) after a full one: the next week ramps from the biggest of the three',
    weeks: [plan(60, 12, [10, 10, 12]), plan(66, 13, [11, 'unlogged', 'skip']), ahead(70, 14)],
    today: 1,
    expect: { 2: 1.1 * 32 },
    reason: /32 km run \(of 32 km planned\) in the week of 2026-01-05/,
  },
  {
    name: 'unlogged sessions for three weeks: the reference is what was run, never below half the first week',
    weeks: [
      plan(60, 12, [10, 'unlogged', 'unlogged']),
      plan(66, 13, ['unlogged', 'unlogged', 'unlogged']),
      plan(66, 13, ['unlogged', 'unlogged', 'skip']),
      ahead(70, 14),
    ],
    today: 2,
    expect: { 3: 1.1 * 16 },
    reason: /unlogged sessions? counted as not run.*never falls below half the plan's first week \(16 km\)/,
  },
  {
    name: 'a planned deload run as written does not cut the next build week (the biggest of three weeks counts)',
    weeks: [plan(60, 12, [10, 10, 12]), plan(66, 13, [11, 11, 13]), plan(40, 8, [6.7, 6.7, 8]), ahead(70, 14)],
    today: 2,
    expect: { 3: undefined },
  },
  {
    name: "a new athlete: nothing run before the plan, its first weeks ramp from the plan's first week",
    weeks: [ahead(60, 12), ahead(66, 13), ahead(70, 14)],
    today: 0,
    day: 0,
    expect: { 0: undefined, 1: undefined, 2: undefined },
  },
  {
    name: 'mid-week: the current week counts what was run so far plus what is still scheduled in it',
    weeks: [plan(60, 12, [10, 10, 12]), plan(66, 13, [4, 'unlogged', 'ahead']), ahead(90, 20)],
    today: 1,
    day: 5,
    expect: { 1: undefined, 2: 1.1 * 32 },
  },
  {
    name: 'after recorded time off the volume ramps back from what was done before it',
    weeks: [
      plan(60, 11, [10, 10, 11]),
      plan(60, 12, [9.3, 10, 12]),
      plan(66, 13, ['skip', 'skip', 'skip']),
      plan(66, 13, ['skip', 'skip', 'skip']),
      ahead(80, 16),
      ahead(90, 18),
    ],
    today: 3,
    timeOff: [{ from: addDays(START, 14), to: addDays(START, 27) }],
    expect: { 4: 1.1 * 31.3, 5: 1.1 * 1.1 * 31.3 },
    reason: /31\.3 km run \(of 32 km planned\) in the week of 2026-01-12/,
  },
  {
    name: 'a silent three-week gap (no time off recorded): the ramp restarts from half the first week',
    weeks: [
      plan(60, 12, [10, 10, 12]),
      plan(60, 12, ['unlogged', 'unlogged', 'unlogged']),
      plan(60, 12, ['unlogged', 'unlogged', 'unlogged']),
      plan(60, 12, ['unlogged', 'unlogged', 'unlogged']),
      ahead(66, 13),
    ],
    today: 3,
    expect: { 4: 1.1 * 16 },
  },
  {
    // No write happened in the gap: the first one comes in the week back, which is capped on what is still ahead.
    name: 'a silent three-week gap, first write on the Monday back: the week in progress is capped too',
    weeks: [
      plan(60, 12, [10, 10, 12]),
      plan(60, 12, ['unlogged', 'unlogged', 'unlogged']),
      plan(60, 12, ['unlogged', 'unlogged', 'unlogged']),
      plan(60, 12, ['unlogged', 'unlogged', 'unlogged']),
      ahead(66, 13),
    ],
    today: 4,
    day: 0,
    expect: { 4: 1.1 * 16 },
  },
  {
    name: 'ran more than planned: the plan is never raised',
    weeks: [plan(30, 6, [12, 12, 15]), ahead(33, 7)],
    today: 0,
    expect: { 1: undefined },
  },
];

describe.each(rows)('$name', (row) => {
  const sessions = row.weeks.flatMap((w, k) => weekOfSessions(k, w));
  const today = addDays(START, 7 * row.today + (row.day ?? 6));
  const result = capWeeklyVolume({
    sessions,
    today,
    planStart: START,
    firstWeekM: runMetres(
      sessions.filter((w) => w.week === 1).flatMap((w) => w.run),
      PACE,
    ),
    easyPaceSPerKm: PACE,
    ...(row.timeOff ? { timeOff: row.timeOff } : {}),
  });
  const after = sessions.map((w) => result.workouts.find((u) => u.id === w.id) ?? w);

  it.each(Object.entries(row.expect).map(([k, most]) => [Number(k), most] as const))('week %i holds at most %s km', (k, most) => {
    const planned = weekKm(sessions, k);
    const now = weekKm(after, k);
    if (most === undefined) expect([k, now]).toEqual([k, planned]);
    else {
      // At most the cap, and close to it (the steady parts shrink by one factor, rounded down).
      expect([k, now <= most + 0.05, now >= most - 2]).toEqual([k, true, true]);
      expect(now).toBeLessThan(planned);
    }
  });

  it('only scheduled sessions from today change; each change says why; the long run stays the longest', () => {
    for (const w of result.workouts) {
      const before = sessions.find((s) => s.id === w.id)!;
      expect([w.id, before.status, before.date >= today]).toEqual([w.id, 'scheduled', true]);
    }
    for (const c of result.changes)
      expect(c.reason).toMatch(
        /^Weekly running rises at most 10 % over what was actually run: the week of \d{4}-\d{2}-\d{2} holds at most/,
      );
    if (row.reason) expect(result.changes.map((c) => c.reason).join('\n')).toMatch(row.reason);
    for (let k = row.today; k < row.weeks.length; k++) {
      const week = after.filter((w) => weekIndex(START, w.date) === k && w.status === 'scheduled');
      const long = week.find((w) => w.run[0]?.kind === 'long');
      if (!long) continue;
      const longS = ((long.run[0]!.distanceM ?? 0) / 1000) * PACE;
      for (const e of week.filter((w) => w.run[0]?.kind === 'easy'))
        expect([e.id, (e.run[0]!.durationS ?? 0) <= longS]).toEqual([e.id, true]);
    }
    expect(result.changes.length > 0).toBe(Object.values(row.expect).some((m) => m !== undefined));
  });
});
