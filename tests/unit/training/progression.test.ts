import { describe, expect, it } from 'vitest';
import {
  defaultIncrementKg,
  doubleProgression,
  linearOutcome,
  linearProgression,
  smoothE1rm,
} from '@/lib/training/progression';
import { kgToLb, lbToKg } from '@/lib/training/units';

describe('defaultIncrementKg', () => {
  it.each([
    ['squat', 'kg', 5],
    ['hinge', 'kg', 5],
    ['lunge', 'kg', 5],
    ['horizontal-push', 'kg', 2.5],
    ['vertical-push', 'kg', 2.5],
    ['horizontal-pull', 'kg', 2.5],
  ] as const)('%s in %s: %d kg', (pattern, unit, kg) => {
    expect(defaultIncrementKg(pattern, unit)).toBe(kg);
  });

  it.each([
    ['squat', 10],
    ['vertical-push', 5],
  ] as const)('%s in lb: %d lb', (pattern, lb) => {
    expect(kgToLb(defaultIncrementKg(pattern, 'lb'))).toBeCloseTo(lb, 9);
  });
});

describe('double progression', () => {
  const base = { loadKg: 50, repRange: [8, 12] as const, prescribedSets: 3, incrementKg: 2.5 };

  it.each([
    ['every set at the top -> add load, back to the bottom', [12, 12, 12], 'increase', 52.5, 8],
    ['more than the top still counts', [13, 12, 12], 'increase', 52.5, 8],
    ['one set short -> hold, weakest set + 1', [12, 12, 10], 'hold', 50, 11],
    ['all at the bottom -> aim one higher', [8, 8, 8], 'hold', 50, 9],
    ['below the range -> aim for the bottom', [6, 5, 5], 'hold', 50, 8],
    ['a missing set counts as zero -> aim for the bottom', [12, 12], 'hold', 50, 8],
  ] as const)('%s', (_label, reps, action, loadKg, targetReps) => {
    const result = doubleProgression({ ...base, setsDone: reps.map((r) => ({ reps: r })) });
    expect(result).toEqual({ action, loadKg, targetReps });
  });

  it('never aims above the top of the range', () => {
    const result = doubleProgression({ ...base, prescribedSets: 4, setsDone: [12, 12, 12, 11].map((reps) => ({ reps })) });
    expect(result.targetReps).toBe(12);
  });

  it('unloaded work at the top of the range has nothing to add', () => {
    const result = doubleProgression({ ...base, loadKg: undefined, repRange: [5, 10], setsDone: [10, 10, 10].map((reps) => ({ reps })) });
    expect(result).toEqual({ action: 'top-of-range', loadKg: undefined, targetReps: 10 });
  });

  it('unloaded work below the top aims for one more rep', () => {
    const result = doubleProgression({ ...base, loadKg: undefined, repRange: [5, 10], setsDone: [7, 6, 6].map((reps) => ({ reps })) });
    expect(result).toEqual({ action: 'hold', loadKg: undefined, targetReps: 7 });
  });

  it('rounds the new load to the gym step in lb', () => {
    const result = doubleProgression({ ...base, loadKg: lbToKg(95), incrementKg: lbToKg(5), unit: 'lb', setsDone: [12, 12, 12].map((reps) => ({ reps })) });
    expect(kgToLb(result.loadKg as number)).toBeCloseTo(100, 9);
  });

  it.each([
    [[0, 10]],
    [[10, 8]],
    [[8.5, 12]],
  ] as const)('rejects rep range %j', (repRange) => {
    expect(() => doubleProgression({ ...base, repRange, setsDone: [] })).toThrow(RangeError);
  });

  it('no sets at all is a hold at the bottom of the range', () => {
    expect(doubleProgression({ ...base, setsDone: [] })).toEqual({ action: 'hold', loadKg: 50, targetReps: 8 });
  });
});

describe('linearOutcome', () => {
  const prescribed = [
    { reps: 5, loadKg: 100 },
    { reps: 5, loadKg: 100 },
    { reps: 5, loadKg: 100 },
  ];
  it.each([
    ['all sets done', [5, 5, 5], [100, 100, 100], 'success'],
    ['extra reps are fine', [6, 5, 5], [100, 100, 100], 'success'],
    ['heavier is fine', [5, 5, 5], [102.5, 102.5, 102.5], 'success'],
    ['a rep short', [5, 5, 4], [100, 100, 100], 'failure'],
    ['lighter than prescribed', [5, 5, 5], [100, 100, 97.5], 'failure'],
    ['a set missing', [5, 5], [100, 100], 'failure'],
  ] as const)('%s -> %s', (_label, reps, loads, outcome) => {
    expect(linearOutcome(prescribed, reps.map((r, i) => ({ reps: r, loadKg: loads[i] as number })))).toBe(outcome);
  });

  it('judges reps only when no load was prescribed', () => {
    expect(linearOutcome([{ reps: 5 }], [{ reps: 5, loadKg: 40 }])).toBe('success');
  });
});

describe('linear progression', () => {
  const base = { loadKg: 100, incrementKg: 5 };

  it.each([
    ['success adds the increment and clears the streak', 'success', 2, 'increase', 105, 0],
    ['first failure holds', 'failure', 0, 'hold', 100, 1],
    ['second failure holds', 'failure', 1, 'hold', 100, 2],
    ['third consecutive failure deloads 10 % and resets', 'failure', 2, 'deload', 90, 0],
    ['a skip changes nothing, not even the streak', 'skipped', 2, 'unchanged', 100, 2],
    ['a skip with no streak changes nothing', 'skipped', 0, 'unchanged', 100, 0],
  ] as const)('%s', (_label, outcome, failureStreak, action, loadKg, streak) => {
    expect(linearProgression({ ...base, outcome, failureStreak })).toEqual({ action, loadKg, failureStreak: streak });
  });

  it.each([
    // 102.5 x 0.9 = 92.25 -> 92.5
    [102.5, 92.5],
    // 117.5 x 0.9 = 105.75 -> 105
    [117.5, 105],
    // 20 x 0.9 = 18 -> 17.5
    [20, 17.5],
  ])('deload from %d kg rounds to %d kg', (loadKg, expected) => {
    expect(linearProgression({ loadKg, incrementKg: 2.5, outcome: 'failure', failureStreak: 2 }).loadKg).toBe(expected);
  });

  it('always drops at least one step, even when 10 % rounds away', () => {
    expect(linearProgression({ loadKg: 5, incrementKg: 2.5, outcome: 'failure', failureStreak: 2 }).loadKg).toBe(2.5);
  });

  it('honours a custom deload size and failure limit', () => {
    const input = { loadKg: 100, incrementKg: 5, outcome: 'failure' as const, deloadFraction: 0.2, failuresBeforeDeload: 2 };
    expect(linearProgression({ ...input, failureStreak: 0 }).action).toBe('hold');
    expect(linearProgression({ ...input, failureStreak: 1 })).toEqual({ action: 'deload', loadKg: 80, failureStreak: 0 });
  });

  it('rounds in lb: 225 lb + 10 lb = 235 lb', () => {
    const result = linearProgression({ loadKg: lbToKg(225), incrementKg: lbToKg(10), outcome: 'success', failureStreak: 0, unit: 'lb' });
    expect(kgToLb(result.loadKg)).toBeCloseTo(235, 9);
  });

  it.each([-1, 1.5])('rejects failure streak %d', (failureStreak) => {
    expect(() => linearProgression({ ...base, outcome: 'failure', failureStreak })).toThrow(RangeError);
  });
});

describe('e1RM smoothing (autoregulation)', () => {
  it.each([
    ['first estimate is taken as is', undefined, 140, 140],
    ['a higher estimate is taken at once', 140, 143, 143],
    ['an equal estimate keeps it', 140, 140, 140],
    ['a lower estimate moves halfway', 140, 130, 135],
  ] as const)('%s', (_label, previous, observed, expected) => {
    expect(smoothE1rm(previous, observed)).toBe(expected);
  });

  it.each([0, -1, Number.NaN])('rejects observed e1RM %d', (observed) => {
    expect(() => smoothE1rm(100, observed)).toThrow(RangeError);
  });
});
