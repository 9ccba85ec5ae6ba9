// A prescription as watch workout steps: warm-up, repeats with recoveries, cool-down, pace ranges or
// heart-rate targets; strength one step per set with rests; sessions a watch cannot hold refused.
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@/lib/training/catalogue';
import { FIT_EXERCISE_CATEGORY, fitPlan, fitRefusal, PACE_BAND_S_PER_KM, runSteps, strengthSteps } from '@/lib/training/fit-steps';
import type { RunSegment } from '@/lib/training/types';

const heart = { restingHr: 50, maxHr: 190 };
const noHeart = { restingHr: null, maxHr: null };

describe('runSteps', () => {
  const intervals: RunSegment[] = [
    { kind: 'easy', durationS: 900, label: 'Warm-up', zone: 2 },
    { kind: 'interval', distanceM: 800, repeats: 6, recoveryS: 150, targetPaceSPerKm: 230, zone: 5 },
    { kind: 'easy', durationS: 600, label: 'Cool-down', zone: 2 },
  ];

  it('warm-up, work, recovery, repeat of both, cool-down', () => {
    const steps = runSteps(intervals, heart);
    expect(steps.map((s) => [s.intensity, s.duration])).toEqual([
      ['warmup', { type: 'time', seconds: 900 }],
      ['active', { type: 'distance', metres: 800 }],
      ['recovery', { type: 'time', seconds: 150 }],
      ['active', { type: 'repeat', fromStep: 1, times: 6 }],
      ['cooldown', { type: 'time', seconds: 600 }],
    ]);
  });

  it('a prescribed pace becomes a speed range of the pace band either side', () => {
    const work = runSteps(intervals, heart)[1]!;
    expect(work.target.type).toBe('speed');
    if (work.target.type !== 'speed') return;
    expect(1000 / work.target.highMps).toBeCloseTo(230 - PACE_BAND_S_PER_KM, 0);
    expect(1000 / work.target.lowMps).toBeCloseTo(230 + PACE_BAND_S_PER_KM, 0);
  });

  it.each([
    // segment, heart basis, expected target
    [
      'zone with resting and max HR: a bpm range (Karvonen)',
      { kind: 'easy', durationS: 1800, zone: 2 },
      heart,
      { type: 'heartRate', lowBpm: 134, highBpm: 148 },
    ],
    ['zone without HR anchors: the zone', { kind: 'easy', durationS: 1800, zone: 2 }, noHeart, { type: 'heartRateZone', zone: 2 }],
    [
      'pace wins over zone',
      { kind: 'threshold', distanceM: 3000, targetPaceSPerKm: 260, zone: 4 },
      heart,
      { type: 'speed', lowMps: 3.774, highMps: 3.922 },
    ],
    ['race without pace: open', { kind: 'race', distanceM: 5000 }, noHeart, { type: 'open' }],
  ] as const)('%s', (_name, segment, basis, target) => {
    expect(runSteps([segment as RunSegment], basis)[0]!.target).toEqual(target);
  });

  it('repeats without recovery repeat the work step alone; a segment with neither distance nor time is open', () => {
    const steps = runSteps(
      [
        { kind: 'repetition', distanceM: 200, repeats: 8 },
        { kind: 'easy', zone: 2 },
      ],
      noHeart,
    );
    expect(steps.map((s) => s.duration)).toEqual([
      { type: 'distance', metres: 200 },
      { type: 'repeat', fromStep: 0, times: 8 },
      { type: 'open' },
    ]);
  });
});

describe('strengthSteps', () => {
  it('one step per set with its reps or hold and load, a rest between sets, none after the last', () => {
    const steps = strengthSteps([
      {
        exerciseId: 'back-squat',
        exerciseName: 'Back squat',
        progression: 'linear',
        sets: [
          { reps: 5, loadKg: 100 },
          { reps: 5, loadKg: 102.5 },
        ],
        restS: 180,
      },
      { exerciseId: 'plank', exerciseName: 'Plank', progression: 'none', sets: [{ reps: 1, durationS: 45 }] },
      { exerciseId: 'pull-up', exerciseName: 'Pull-up', progression: 'double', sets: [{ reps: 8 }] },
    ]);
    expect(steps.map((s) => [s.intensity, s.duration, s.exercise ?? null])).toEqual([
      ['active', { type: 'reps', reps: 5 }, { category: 'squat', name: 'Back squat', weightKg: 100 }],
      ['rest', { type: 'time', seconds: 180 }, null],
      ['active', { type: 'reps', reps: 5 }, { category: 'squat', name: 'Back squat', weightKg: 102.5 }],
      ['rest', { type: 'time', seconds: 180 }, null],
      ['active', { type: 'time', seconds: 45 }, { category: 'plank', name: 'Plank' }],
      ['rest', { type: 'open' }, null], // no prescribed rest: until the lap button
      ['active', { type: 'reps', reps: 8 }, { category: 'pullUp', name: 'Pull-up' }],
    ]);
  });

  it('every strength exercise of the catalogue has a FIT exercise category', () => {
    const strength = CATALOGUE.filter((e) => e.modality === 'strength');
    expect(strength.length).toBeGreaterThan(40);
    expect(strength.filter((e) => !FIT_EXERCISE_CATEGORY[e.id]).map((e) => e.id)).toEqual([]);
  });
});

describe('fitPlan and refusals', () => {
  it.each([
    ['rest day', { kind: 'rest', strength: [], run: [] }, /rest day/],
    [
      'mixed session',
      {
        kind: 'mixed',
        strength: [{ exerciseId: 'back-squat', exerciseName: 'Back squat', progression: 'linear', sets: [{ reps: 5 }] }],
        run: [{ kind: 'easy', durationS: 600 }],
      },
      /one sport/,
    ],
    [
      'unknown exercise',
      {
        kind: 'strength',
        strength: [{ exerciseId: 'moon-press', exerciseName: 'Moon press', progression: 'none', sets: [{ reps: 5 }] }],
        run: [],
      },
      /Moon press/,
    ],
    ['empty prescription', { kind: 'run', strength: [], run: [] }, /no prescription/],
  ] as const)('%s is refused with the reason', (_name, w, reason) => {
    expect(fitRefusal(w as never)?.reason).toMatch(reason);
  });

  it('a run is a running workout, a lifting session a strength one, named for the session', () => {
    expect(
      fitPlan({ kind: 'run', title: 'Easy run', strength: [], run: [{ kind: 'easy', durationS: 1800, zone: 2 }] }, heart),
    ).toMatchObject({ sport: 'running', name: 'Easy run' });
    expect(
      fitPlan(
        {
          kind: 'strength',
          title: 'Squat day',
          strength: [{ exerciseId: 'back-squat', exerciseName: 'Back squat', progression: 'linear', sets: [{ reps: 5, loadKg: 100 }] }],
          run: [],
        },
        heart,
      ),
    ).toMatchObject({ sport: 'strength', steps: [{ exercise: { category: 'squat' } }] });
  });
});
