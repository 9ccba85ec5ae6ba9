// Weekly trends from logged history, checked against the published tables the formulas come from:
// Epley (100 kg x 5 = 116.7 kg), the RTS RPE chart (5 @ RPE 8 = 81.1 %), Daniels' VDOT (5 km in
// 19:57 = VDOT 50).
import { describe, expect, it } from 'vitest';
import {
  figuresByWeek,
  mondayOf,
  runVdot,
  sessionE1rm,
  trendsFromWeeks,
  weekFigures,
  weeklyTrends,
  type TrendBenchmark,
} from '@/lib/training/trends';
import { addDays } from '@/lib/training/dates';
import type { Workout } from '@/lib/training/types';
import { trainingPaces } from '@/lib/training/vdot';

const squat = (date: string, sets: { reps: number; loadKg: number; rpe?: number }[], status: Workout['status'] = 'completed'): Workout => ({
  id: `sq-${date}`,
  date,
  status,
  kind: 'strength',
  title: 'Squat day',
  strength: [
    {
      exerciseId: 'back-squat',
      exerciseName: 'Back squat',
      progression: 'linear',
      sets: sets.map((s) => ({ reps: s.reps, loadKg: s.loadKg })),
    },
  ],
  run: [],
  ...(status === 'completed' ? { actual: { strength: [{ blockIndex: 0, exerciseId: 'back-squat', sets }] } } : {}),
});

const run = (date: string, segment: 'easy' | 'race' | 'threshold', distanceM: number, durationS: number): Workout => ({
  id: `run-${date}`,
  date,
  status: 'completed',
  kind: 'run',
  title: 'Run',
  strength: [],
  run: [{ kind: segment, distanceM }],
  actual: { run: { distanceM, durationS }, ...(segment === 'easy' ? {} : { runSegments: [{ segmentIndex: 0, distanceM, durationS }] }) },
});

describe('sessionE1rm', () => {
  it('uses the RPE chart when RPE was logged (5 @ RPE 8 = 81.1 % of 1RM)', () => {
    expect(sessionE1rm([{ reps: 5, loadKg: 100, rpe: 8 }])).toBeCloseTo(100 / 0.811, 0);
  });
  it('falls back to Epley without RPE (100 kg x 5 = 116.7 kg), ignoring sets above 10 reps and unloaded sets', () => {
    expect(
      sessionE1rm([
        { reps: 5, loadKg: 100 },
        { reps: 15, loadKg: 90 },
        { reps: 5, loadKg: 0 },
      ]),
    ).toBeCloseTo(116.67, 1);
    expect(sessionE1rm([{ reps: 15, loadKg: 90 }])).toBeUndefined();
  });
});

describe('runVdot', () => {
  it('a 5 km race in 19:57 is VDOT 50 (Daniels)', () => {
    expect(runVdot(run('2026-11-07', 'race', 5000, 19 * 60 + 57))).toBeCloseTo(50, 0);
  });
  it('a threshold segment at VDOT 50 threshold pace is VDOT 50; an easy run is no evidence', () => {
    const pace = trainingPaces(50).threshold;
    expect(runVdot(run('2026-11-07', 'threshold', 4000, pace * 4))).toBeCloseTo(50, 6);
    expect(runVdot(run('2026-11-07', 'easy', 8000, 8 * 330))).toBeUndefined();
  });
});

describe('weeklyTrends', () => {
  it('buckets Monday-Sunday weeks: the best e1RM of each week, tonnage, run volume, VDOT, sessions; null where nothing shows it', () => {
    expect(mondayOf('2026-11-08')).toBe('2026-11-02');
    expect(mondayOf('2026-11-09')).toBe('2026-11-09');
    const t = weeklyTrends(
      [
        squat('2026-11-02', [
          { reps: 5, loadKg: 100 },
          { reps: 5, loadKg: 100 },
        ]),
        squat('2026-11-05', [{ reps: 5, loadKg: 105 }]),
        run('2026-11-08', 'race', 5000, 19 * 60 + 57),
        squat('2026-11-16', [], 'skipped'),
        run('2026-11-18', 'easy', 8000, 2640),
        squat('2026-11-19', [{ reps: 3, loadKg: 110 }]),
      ],
      [{ date: '2026-11-10', kind: 'lift', exercise: 'deadlift', e1rmKg: 180 }],
      '2026-11-04',
      '2026-11-20',
    );
    expect(t.weeks).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
    const sq = t.lifts.find((l) => l.exerciseId === 'back-squat')!;
    expect(sq.exerciseName).toBe('Back squat');
    expect(sq.e1rmKg).toEqual([122.5, null, 121]);
    expect(sq.tonnageKg).toEqual([1525, 0, 330]);
    expect(t.lifts.find((l) => l.exerciseId === 'deadlift')!.e1rmKg).toEqual([null, 180, null]);
    expect(t.running.distanceM).toEqual([5000, 0, 8000]);
    expect(t.running.vdot[0]).toBeCloseTo(50, 0);
    expect(t.running.vdot.slice(1)).toEqual([null, null]);
    expect(t.sessions).toEqual({ completed: [3, 0, 2], skipped: [0, 0, 1] });
  });
});

describe('weekFigures and trendsFromWeeks: a week kept as one row draws as its sessions do', () => {
  // A deterministic mess of a history: strength days with and without RPE, sets above 10 reps, unloaded
  // sets, a block whose prescription lost its name, skipped days (an injury: two skipped weeks running),
  // easy runs, races (one too short for VDOT), threshold segments, days with two sessions, and lift and
  // race benchmarks, over 40 weeks.
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const start = '2026-01-05';
  const sessions: Workout[] = [];
  for (let d = 0; d < 280; d++) {
    const date = addDays(start, d);
    const injured = d >= 120 && d < 134;
    const r = rand();
    if (r < 0.3) {
      const sets = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => ({
        reps: [1, 3, 5, 8, 12][Math.floor(rand() * 5)]!,
        loadKg: rand() < 0.1 ? 0 : 60 + Math.round(rand() * 80) / 2,
        ...(rand() < 0.5 ? { rpe: [6, 7, 7.5, 8, 9, 10][Math.floor(rand() * 6)]! } : {}),
      }));
      const w = squat(date, sets, injured || rand() < 0.1 ? 'skipped' : 'completed');
      w.id = `s-${d}`;
      if (w.actual && rand() < 0.4) {
        w.strength.push({
          exerciseId: 'bench-press',
          exerciseName: rand() < 0.5 ? 'Bench press' : 'Bench',
          progression: 'linear',
          sets: [],
        });
        w.actual.strength!.push({ blockIndex: 1, exerciseId: 'bench-press', sets: [{ reps: 5, loadKg: 50 + d / 10 }] });
        // A block logged against no prescribed block keeps its exercise id as its name.
        if (rand() < 0.2) w.actual.strength!.push({ blockIndex: 9, exerciseId: 'deadlift', sets: [{ reps: 2, loadKg: 150 }] });
      }
      sessions.push(w);
    } else if (r < 0.5 && !injured) {
      const kind = (['easy', 'race', 'threshold'] as const)[Math.floor(rand() * 3)]!;
      const distanceM = kind === 'race' && rand() < 0.3 ? 1000 : 3000 + Math.round(rand() * 12000);
      const w = run(date, kind, distanceM, Math.round(distanceM * (0.24 + rand() * 0.12)));
      w.id = `r-${d}`;
      sessions.push(w);
      if (rand() < 0.2) sessions.push({ ...run(date, 'easy', 4000, 1400), id: `r2-${d}` });
    }
  }
  const benchmarks: TrendBenchmark[] = [
    { date: addDays(start, 10), kind: 'lift', exercise: 'back-squat', e1rmKg: 200 },
    { date: addDays(start, 11), kind: 'lift', exercise: 'overhead-press', e1rmKg: 60 },
    { date: addDays(start, 150), kind: 'race', vdot: 70 },
    { date: addDays(start, 151), kind: 'race' },
  ];
  const from = addDays(start, 3);
  const to = addDays(start, 279);
  const direct = weeklyTrends(sessions, benchmarks, from, to);
  /** What the database holds of a week and gives back (jsonb numbers are exact decimals of the doubles). */
  const stored = (figures: ReturnType<typeof weekFigures>) => JSON.parse(JSON.stringify(figures)) as typeof figures;

  it('holds the hard cases it is meant to (checked, so the comparison below covers them)', () => {
    expect(direct.weeks).toHaveLength(40);
    expect(direct.sessions.skipped.slice(17, 19)).toEqual([expect.any(Number), expect.any(Number)]);
    expect(direct.sessions.completed[18]).toBe(0);
    expect(direct.lifts.map((l) => l.exerciseId)).toEqual(['back-squat', 'bench-press', 'deadlift', 'overhead-press']);
    expect(direct.lifts.find((l) => l.exerciseId === 'deadlift')!.exerciseName).toBe('deadlift');
    expect(direct.running.vdot.filter((v) => v !== null).length).toBeGreaterThan(10);
    expect(direct.running.vdot[21]).toBe(70);
  });

  it('draws the same weeks from stored figures, from sessions, and from any mix of the two, every week and series', () => {
    const weekly = figuresByWeek(sessions);
    expect(weekly.length).toBeGreaterThan(35);
    const allStored = trendsFromWeeks(
      weekly.map((w) => ({ week: w.week, figures: stored(w.figures) })),
      benchmarks,
      from,
      to,
    );
    expect(allStored).toEqual(direct);
    // Every third week stored, the rest from their sessions, given in no order.
    for (const offset of [0, 1, 2]) {
      const mixed = weekly.map((w, i) => (i % 3 === offset ? { week: w.week, figures: stored(w.figures) } : w)).reverse();
      const t = trendsFromWeeks(mixed, benchmarks, from, to);
      expect(t).toEqual(direct);
    }
    // Each week on its own: its figures are its sessions' figures, whichever way they came.
    for (const w of weekly) {
      const own = sessions.filter((s) => mondayOf(s.date) === w.week);
      expect(weekFigures(own), w.week).toEqual(w.figures);
      expect(trendsFromWeeks([w], [], w.week, w.week), w.week).toEqual(weeklyTrends(own, [], w.week, w.week));
    }
  });

  it('ignores weeks outside the range and names a lift from the first week that logged it', () => {
    const first = { ...squat('2026-11-02', [{ reps: 5, loadKg: 100 }]), id: 'a' };
    const renamed = { ...squat('2026-11-09', [{ reps: 5, loadKg: 90 }]), id: 'b' };
    renamed.strength[0]!.exerciseName = 'Squat (high bar)';
    const t = trendsFromWeeks(
      [
        { week: '2026-11-09', figures: weekFigures([renamed]) },
        { week: '2026-11-02', figures: weekFigures([first]) },
        { week: '2026-10-26', figures: weekFigures([{ ...first, date: '2026-10-26' }]) },
      ],
      [],
      '2026-11-02',
      '2026-11-15',
    );
    expect(t.lifts).toEqual([{ exerciseId: 'back-squat', exerciseName: 'Back squat', e1rmKg: [116.7, 105], tonnageKg: [500, 450] }]);
    expect(t.sessions.completed).toEqual([1, 1]);
    expect(weekFigures([])).toEqual({ completed: 0, skipped: 0, distanceM: 0, durationS: 0, vdot: null, lifts: [] });
  });
});
