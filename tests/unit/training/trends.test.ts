// Weekly trends from logged history, checked against the published tables the formulas come from:
// Epley (100 kg x 5 = 116.7 kg), the RTS RPE chart (5 @ RPE 8 = 81.1 %), Daniels' VDOT (5 km in
// 19:57 = VDOT 50).
import { describe, expect, it } from 'vitest';
import { mondayOf, runVdot, sessionE1rm, weeklyTrends } from '@/lib/training/trends';
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
