// What deleting a benchmark takes back: a coach's worked examples (lib/training/benchmark-unlearning.ts).
import { describe, expect, it } from 'vitest';
import { unlearnBenchmark, type DeletedBenchmark } from '@/lib/training/benchmark-unlearning';
import type { AthleteState, LiftState } from '@/lib/training/types';

const state = (lift?: LiftState, vdot?: number): AthleteState => ({
  unit: 'kg',
  distanceUnit: 'km',
  lifts: lift ? { 'back-squat': lift } : {},
  ...(vdot !== undefined ? { vdot } : {}),
});
const squat = (e1rmKg: number, extra: Partial<DeletedBenchmark & { kind: 'lift' }> = {}): DeletedBenchmark => ({
  kind: 'lift',
  exerciseId: 'back-squat',
  e1rmKg,
  date: '2026-11-10',
  ...extra,
});
const seed = (e1rm: number) => Math.round((e1rm * 0.78) / 2.5) * 2.5;

describe('deleting a lift benchmark', () => {
  it.each([
    // label, coach's lift now, deleted benchmark, context -> e1RM after, working load after, outcome
    [
      'the only benchmark, nothing logged: no estimate left, loads blank',
      { e1rmKg: 140, workingLoadKg: 110, failureStreak: 0 },
      squat(140, { before: null, after: { e1rmKg: 140, workingLoadKg: 110, failureStreak: 0 } }),
      {},
      undefined,
      undefined,
      'cleared',
    ],
    [
      'a typo (1400 kg) over an earlier estimate: back to it',
      { e1rmKg: 1400, workingLoadKg: 110, failureStreak: 0 },
      squat(1400, { before: { e1rmKg: 140, workingLoadKg: 110, failureStreak: 0 } }),
      {},
      140,
      110,
      'rebased',
    ],
    [
      'no snapshot (older record): the newest remaining benchmark is the base',
      { e1rmKg: 150, workingLoadKg: 117.5, failureStreak: 0 },
      squat(150),
      { remaining: { value: 130, date: '2026-10-01' } },
      130,
      seed(130),
      'rebased',
    ],
    [
      'sessions logged since moved it +5 kg: base plus those 5 kg',
      { e1rmKg: 155, workingLoadKg: 120, failureStreak: 0, lastDate: '2026-11-12', lastWorkoutId: 'w9' },
      squat(150, { before: { e1rmKg: 140, failureStreak: 0 }, after: { e1rmKg: 150, workingLoadKg: 115, failureStreak: 0 } }),
      {},
      145,
      120,
      'shifted',
    ],
    [
      'superseded by a later benchmark of the lift: nothing changes',
      { e1rmKg: 160, workingLoadKg: 125, failureStreak: 0 },
      squat(150),
      { supersededBy: 'b2' },
      160,
      125,
      'superseded',
    ],
    [
      'older than the logged sessions, never applied: nothing changes',
      { e1rmKg: 160, workingLoadKg: 125, failureStreak: 0 },
      squat(120, { before: { e1rmKg: 160, failureStreak: 0 }, after: { e1rmKg: 160, failureStreak: 0 } }),
      {},
      160,
      125,
      'never-applied',
    ],
  ] as const)('%s', (_label, lift, removed, context, e1rm, working, outcome) => {
    const r = unlearnBenchmark(state(lift), null, removed, { ...context, seed });
    expect(r.outcome).toBe(outcome);
    expect(r.state.lifts['back-squat']?.e1rmKg).toBe(e1rm);
    expect(r.state.lifts['back-squat']?.workingLoadKg).toBe(working);
    expect(r.recomputedLift).toBe(['superseded', 'never-applied'].includes(outcome) ? undefined : 'back-squat');
  });
});

describe('deleting a race benchmark', () => {
  const race = (vdot: number, extra: Partial<DeletedBenchmark & { kind: 'race' }> = {}): DeletedBenchmark => ({
    kind: 'race',
    vdot,
    date: '2026-11-10',
    ...extra,
  });
  it.each([
    // label, VDOT now, deleted, context -> VDOT after, changed, outcome
    ['the only race: no VDOT left', 55.1, race(55.1, { before: null, after: 55.1 }), {}, undefined, true, 'cleared'],
    [
      'a faster race over an older one: back to the older race',
      45,
      race(45),
      { remaining: { value: 40, date: '2026-09-01' } },
      40,
      true,
      'rebased',
    ],
    ['runs since raised it 1 point: base plus that point', 46, race(45, { before: 40, after: 45 }), {}, 41, true, 'shifted'],
    ['superseded by a later race', 48, race(45), { supersededBy: 'b3' }, 48, false, 'superseded'],
    ['older than the evidence, never applied', 48, race(42, { before: 48, after: 48 }), {}, 48, false, 'never-applied'],
  ] as const)('%s', (_label, vdot, removed, context, after, changed, outcome) => {
    const r = unlearnBenchmark(state(undefined, vdot), '2026-11-10', removed, context);
    expect(r.outcome).toBe(outcome);
    expect(r.state.vdot).toBe(after);
    expect(r.vdotChanged).toBe(changed);
  });

  it('a rebased VDOT takes the date of the race it now comes from; a cleared one has none', () => {
    expect(unlearnBenchmark(state(undefined, 45), '2026-11-10', race(45), { remaining: { value: 40, date: '2026-09-01' } }).vdotDate).toBe(
      '2026-09-01',
    );
    expect(unlearnBenchmark(state(undefined, 45), '2026-11-10', race(45, { before: null }), {}).vdotDate).toBeNull();
  });
});
