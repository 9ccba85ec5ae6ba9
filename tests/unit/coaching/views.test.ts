import { describe, expect, it } from 'vitest';
import { adaptationView, changeView, paceToSPerKm, workoutView } from '@/lib/coaching/shapes';
import type { StoredWorkout } from '@/lib/coaching/records';

const stored: StoredWorkout = {
  id: 'w1',
  planId: 'p1',
  date: '2026-03-02',
  week: 2,
  phase: 'build',
  status: 'completed',
  kind: 'mixed',
  title: 'Threshold run + Back squat',
  strength: [
    {
      exerciseId: 'back-squat',
      exerciseName: 'Back squat',
      progression: 'linear',
      incrementKg: 2.5,
      sets: [{ reps: 5, loadKg: 102.0582 }, { reps: 5 }],
    },
  ],
  run: [{ kind: 'threshold', distanceM: 5000, targetPaceSPerKm: 270, zone: 4, label: 'Tempo' }],
  actual: {
    strength: [{ blockIndex: 0, exerciseId: 'back-squat', sets: [{ reps: 5, loadKg: 100, rpe: 8 }] }],
    run: { distanceM: 8046.72, durationS: 2400, avgHr: 150 },
  },
  completedAt: new Date('2026-03-02T18:00:00Z'),
  skippedAt: null,
  createdAt: new Date('2026-03-01T00:00:00Z'),
  updatedAt: new Date('2026-03-02T18:00:00Z'),
};

describe('workoutView', () => {
  it.each([
    // stored status, date, today -> shown status
    ['scheduled', '2026-03-04', '2026-03-05', 'missed'],
    ['scheduled', '2026-03-05', '2026-03-05', 'scheduled'],
    ['scheduled', '2026-03-06', '2026-03-05', 'scheduled'],
    ['completed', '2026-03-04', '2026-03-05', 'completed'],
    ['skipped', '2026-03-04', '2026-03-05', 'skipped'],
    ['completed', '2026-03-05', '2026-03-05', 'completed'],
  ] as const)('a %s session of %s, today %s, shows as %s', (status, date, today, shown) => {
    expect(workoutView({ ...stored, status, date }, { weight: 'kg', distance: 'km' }, today).status).toBe(shown);
  });

  it('answers in the unit asked for and in SI', () => {
    const v = workoutView(stored, { weight: 'lb', distance: 'mi' }, '2026-03-05');
    expect(v.units).toEqual({ weight: 'lb', distance: 'mi' });
    expect(v.strength[0]).toMatchObject({ index: 0, exercise: 'back-squat', increment: 5.5, incrementKg: 2.5 });
    expect(v.strength[0]!.sets).toEqual([
      { reps: 5, load: 225, loadKg: 102.058, rpe: null, durationSeconds: null },
      { reps: 5, load: null, loadKg: null, rpe: null, durationSeconds: null },
    ]);
    expect(v.run[0]).toMatchObject({
      index: 0,
      label: 'Tempo',
      distance: 3.107,
      distanceM: 5000,
      targetPace: '7:15 /mi',
      targetPaceSeconds: 435,
      targetPaceSPerKm: 270,
      zone: 4,
    });
    expect(v.actual).toEqual({
      strength: [{ blockIndex: 0, exercise: 'back-squat', sets: [{ reps: 5, load: 220.5, loadKg: 100, rpe: 8, durationSeconds: null }] }],
      run: { distance: 5, distanceM: 8046.7, durationSeconds: 2400, pace: '8:00 /mi', paceSPerKm: 298.3, avgHr: 150, rpe: null },
      runSegments: [],
    });
    expect(v).toMatchObject({
      completedAt: '2026-03-02T18:00:00.000Z',
      skippedAt: null,
      week: 2,
      phase: 'build',
      planId: 'p1',
      notes: null,
    });
  });
});

describe('changes', () => {
  it('shows before and after in the preferred unit next to the SI values', () => {
    const load = changeView(
      { workoutId: 'w', date: '2026-03-04', path: 'strength[0].sets[1].loadKg', before: 100, after: 102.5, reason: 'r', title: 'S' },
      { weight: 'lb', distance: 'km' },
    );
    expect(load).toMatchObject({
      field: 'strength[0].sets[1].loadKg',
      siUnit: 'kg',
      beforeText: '220.5 lb',
      afterText: '226 lb',
      before: 100,
      after: 102.5,
    });
    const pace = changeView(
      { workoutId: 'w', date: '2026-03-04', path: 'run[1].targetPaceSPerKm', before: 300, after: null, reason: 'r' },
      { weight: 'kg', distance: 'mi' },
    );
    expect(pace).toMatchObject({ siUnit: 's/km', beforeText: '8:03 /mi', afterText: 'not set', title: '' });
    expect(
      changeView(
        { workoutId: 'w', date: 'd', path: 'strength[0].sets[0].reps', before: 8, after: 9, reason: 'r' },
        { weight: 'kg', distance: 'km' },
      ),
    ).toMatchObject({ siUnit: 'reps', beforeText: '8 reps', afterText: '9 reps' });
  });

  it('summarises how many future sessions changed', () => {
    const c = { workoutId: 'a', date: 'd', path: 'run[0].targetPaceSPerKm', before: 300, after: 290, reason: 'r', title: 't' };
    expect(
      adaptationView([c, { ...c, path: 'run[1].targetPaceSPerKm' }, { ...c, workoutId: 'b' }], ['n'], { weight: 'kg', distance: 'km' }),
    ).toMatchObject({
      changedWorkouts: 2,
      summary: '3 field(s) in 2 future session(s) changed; each change carries its reason.',
      notes: ['n'],
    });
    expect(adaptationView([], [], { weight: 'kg', distance: 'km' }).summary).toBe('No future session changed.');
  });
});

describe('paceToSPerKm', () => {
  it.each([
    ['4:30', 'km', 270],
    [270, 'km', 270],
    ['8:00', 'mi', 298.258],
  ] as const)('%s per %s is %d s/km', (pace, unit, expected) => {
    expect(paceToSPerKm(pace, unit)).toBeCloseTo(expected, 2);
  });
});
