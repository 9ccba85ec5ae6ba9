// What get_training_progress and list_workouts now parse less of (issue 35, branch `progress`): the held
// snapshots heldFrom parses only the one each week shows, and the briefing parses a history session's
// documents only when sessionGap reads them. Both must answer exactly what parsing everything answered.
import { describe, expect, it } from 'vitest';
import { briefingFrom, type HistoryRow } from '@/lib/coaching/briefing';
import { heldFrom } from '@/lib/coaching/progress';
import type { StoredWorkout } from '@/lib/coaching/records';
import { todayIn } from '@/lib/clock';
import { sessionGap } from '@/lib/training/gap';
import { heldTrends } from '@/lib/training/held-trends';
import { addDays } from '@/lib/training/dates';
import type { AthleteState } from '@/lib/training/types';

const state = (e1rm: number, vdot?: number) =>
  ({
    unit: 'kg',
    distanceUnit: 'km',
    lifts: { 'back-squat': { e1rmKg: e1rm, failureStreak: 0 } },
    ...(vdot !== undefined ? { vdot } : {}),
  }) as AthleteState;

/** Sessions every other day at 23:30 UTC (the next local day east of UTC, the same day west of it), some without an instant. */
function snapshots(first: string, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const date = addDays(first, 2 * i);
    return { date, completedAt: i % 9 === 4 ? null : `${date}T23:30:00.000Z`, stateAfter: state(100 + i, i % 3 ? 40 + i / 10 : undefined) };
  });
}

describe('heldFrom parses the snapshot each week shows, and answers as parsing all did', () => {
  const weeks = (monday: string, n: number) => Array.from({ length: n }, (_, i) => addDays(monday, 7 * i));
  const zones = ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Los_Angeles', 'Asia/Kathmandu'];
  const cases: [string, ReturnType<typeof snapshots>, string[]][] = [
    // name, snapshots read (before + since), weeks drawn
    ['twelve weeks of sessions', snapshots('2026-08-30', 45), weeks('2026-09-07', 12)],
    ['weeks before the first session', snapshots('2026-11-01', 10), weeks('2026-09-07', 12)],
    ['no sessions', [], weeks('2026-09-07', 12)],
    ['one week', snapshots('2026-11-23', 2), weeks('2026-11-23', 1)],
    ['over a spring DST change', snapshots('2026-02-20', 40), weeks('2026-03-02', 8)],
  ];
  it.each(cases.flatMap(([name, rows, ws]) => zones.map((tz) => [name, tz, rows, ws] as const)))('%s in %s', (_n, tz, rows, ws) => {
    const today = '2026-11-27';
    const current = state(150, 50);
    const [before, ...since] = rows;
    const got = heldFrom({ before: (before ?? null) as never, since: since as never }, tz, today, ws, current);
    const all = rows.map((r) => ({ date: r.completedAt ? todayIn(tz, new Date(r.completedAt)) : r.date, state: r.stateAfter }));
    expect(got).toEqual(heldTrends(ws, [...all, { date: today, state: current }]));
  });

  it('parses only the snapshots it shows: a broken one no week shows is not read, a shown one still fails loudly', () => {
    const rows = snapshots('2026-09-01', 12);
    const broken = { ...rows[1]!, stateAfter: { unit: 'stone' } as never };
    expect(() =>
      heldFrom(
        { before: null, since: [rows[0]!, broken, ...rows.slice(2)] as never },
        'UTC',
        '2026-11-27',
        weeks('2026-09-07', 4),
        state(1),
      ),
    ).not.toThrow();
    expect(() =>
      heldFrom({ before: null, since: [...rows.slice(0, 11), broken] as never }, 'UTC', '2026-11-27', weeks('2026-09-07', 12), state(1)),
    ).toThrow();
  });
});

describe('the briefing reads a history session’s documents lazily, and answers as reading all did', () => {
  const squat = [{ exerciseId: 'back-squat', exerciseName: 'Back squat', progression: 'linear', sets: [{ reps: 5 }] }];
  const bench = [{ exerciseId: 'bench-press', exerciseName: 'Bench press', progression: 'linear', sets: [{ reps: 5 }] }];
  const run = [{ kind: 'easy', distanceM: 5000 }];
  const history = (days: number, every: number, strength: unknown[], runs: boolean): HistoryRow[] =>
    Array.from({ length: Math.floor(days / every) }, (_, i) => ({
      id: `h${i}`,
      date: addDays('2026-11-25', -every * (i + 1)),
      title: `S ${i}`,
      strength: i % 4 === 3 && runs ? [] : strength,
      run: i % 4 === 3 && runs ? run : [],
    }));
  const session = (strength: unknown[], withRun: boolean) =>
    ({ id: 'next', date: '2026-11-25', strength, run: withRun ? run : [] }) as unknown as StoredWorkout;
  const cases: [string, HistoryRow[], StoredWorkout][] = [
    ['a year of squats and runs, squat and run next', history(365, 2, squat, true), session(squat, true)],
    ['a year of squats, bench next (never done: the whole history read)', history(365, 2, squat, false), session(bench, false)],
    ['three weeks away', history(200, 3, squat, true).map((r) => ({ ...r, date: addDays(r.date, -21) })), session(squat, true)],
    ['no history', [], session([...squat, ...bench], true)],
  ];
  it.each(cases)('%s', (_name, rows, next) => {
    const got = briefingFrom(next, rows, [], '2026-11-24');
    const eager = rows.map((r) => ({ ...r, status: 'completed' as const, strength: r.strength, run: r.run }));
    const want = sessionGap(next, eager as never, {});
    expect(got).toEqual(expect.objectContaining(want));
  });

  it('parses only what it reads: a broken document half a year back is not read', () => {
    const rows = history(365, 2, squat, true);
    rows[90] = { ...rows[90]!, strength: [{ exerciseId: '' }] };
    expect(() => briefingFrom(session(squat, true), rows, [], '2026-11-24')).not.toThrow();
    expect(() => briefingFrom(session(squat, true), [rows[90]!], [], '2026-11-24')).toThrow();
  });
});
