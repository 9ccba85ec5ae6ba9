import { describe, expect, it } from 'vitest';
import {
  defaultIncrementKg,
  doubleProgression,
  linearOutcome,
  linearProgression,
  boundedE1rm,
  judgeSession,
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
    const result = doubleProgression({
      ...base,
      loadKg: lbToKg(95),
      incrementKg: lbToKg(5),
      unit: 'lb',
      setsDone: [12, 12, 12].map((reps) => ({ reps })),
    });
    expect(kgToLb(result.loadKg as number)).toBeCloseTo(100, 9);
  });

  it.each([[[0, 10]], [[10, 8]], [[8.5, 12]]] as const)('rejects rep range %j', (repRange) => {
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
    expect(
      linearOutcome(
        prescribed,
        reps.map((r, i) => ({ reps: r, loadKg: loads[i] as number })),
      ),
    ).toBe(outcome);
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

describe('bounded e1RM (issue 23: the same bound up and down, outliers confirmed)', () => {
  it.each([
    // [label, previous, observed, pending outlier, e1RM after, move]
    ['first estimate is taken as is', undefined, 140, undefined, 140, 'first'],
    ['a 2 % higher day moves it halfway', 140, 142.8, undefined, 141.4, 'moved'],
    ['a 2 % lower day moves it halfway too (no longer up at once, down by half)', 140, 137.2, undefined, 138.6, 'moved'],
    ['an equal estimate keeps it', 140, 140, undefined, 140, 'unchanged'],
    ['8 % up moves 4 %', 100, 108, undefined, 104, 'moved'],
    ['8 % down moves 4 % (same rule)', 100, 92, undefined, 96, 'moved'],
    ['10 % up is at the 5 % bound', 100, 110, undefined, 105, 'moved'],
    ['outlier up (168 -> 197) moves 2.5 % until confirmed', 168, 197, undefined, 172.2, 'outlier'],
    ['outlier down moves 2.5 % until confirmed', 100, 80, undefined, 97.5, 'outlier'],
    ['outlier up confirmed by the next session moves the full 5 %', 172.2, 197, 'up', 180.81, 'confirmed'],
    ['outlier down confirmed moves the full 5 %', 97.5, 80, 'down', 92.625, 'confirmed'],
    ['a pending outlier the other way is not a confirmation', 100, 80, 'up', 97.5, 'outlier'],
  ] as const)('%s', (_label, previous, observed, pending, expected, move) => {
    const update = boundedE1rm(previous, observed, pending);
    expect(update.e1rmKg).toBeCloseTo(expected, 2);
    expect(update.move).toBe(move);
  });

  it('never moves more than 5 % in one session, either way', () => {
    expect.assertions(8);
    for (const observed of [50, 80, 94, 99, 101, 106, 130, 200]) {
      const { e1rmKg } = boundedE1rm(100, observed);
      expect(Math.abs(e1rmKg - 100)).toBeLessThanOrEqual(5 + 1e-9);
    }
  });

  it('ten noisy sessions around 100 kg do not ratchet it upward', () => {
    let e1rm = 100;
    let pending: 'up' | 'down' | undefined;
    for (const observed of [106, 94, 106, 94, 106, 94, 106, 94, 106, 94]) {
      const u = boundedE1rm(e1rm, observed, pending);
      e1rm = u.e1rmKg;
      pending = u.pendingOutlier;
    }
    expect(e1rm).toBeGreaterThan(97);
    expect(e1rm).toBeLessThan(103);
  });

  it.each([0, -1, Number.NaN])('rejects observed e1RM %d', (observed) => {
    expect(() => boundedE1rm(100, observed)).toThrow(RangeError);
  });
});

describe("next load from what was done (a coach's case table, issue 23)", () => {
  const parse = (text: string) =>
    text.split(' ').map((t) => {
      const [reps, rpe] = t.split('@');
      return { reps: Number(reps), loadKg: 150, rpe: Number(rpe) };
    });
  const next = (text: string, streak = 0) => {
    const prescribed = [1, 2, 3].map(() => ({ reps: 5, loadKg: 150 }));
    const judged = judgeSession(prescribed, parse(text));
    return { judged, result: linearProgression({ loadKg: 150, outcome: judged.outcome, failureStreak: streak, incrementKg: 5 }) };
  };
  it.each([
    // [sets done (reps@RPE) vs 3x5 @ 150 kg, miss streak before, outcome, next load, streak after]
    ['5@8 5@8 5@8.5', 0, 'success', 155, 0], // all reps, room left: add the increment
    ['5@9 5@9 5@9', 0, 'success', 155, 0], // RPE 9 is hard but not a grinder
    ['5@9.5 5@10 5@10', 0, 'grinder', 150, 0], // grinders: hold (at target, so the streak clears)
    ['5@8 5@8 5@9.5', 2, 'grinder', 150, 0], // one grinder is enough to hold; reps made, streak clears
    ['5@8 5@9 4@10', 0, 'failure', 150, 1], // one rep short: hold
    ['5@8 4@10 3@10', 0, 'heavy-failure', 142.5, 1], // 3 of 15 reps missed: lower 5 %
    ['5@10 2@10', 0, 'heavy-failure', 142.5, 1], // a set not done counts all its reps
    ['5@8 4@10 3@10', 2, 'heavy-failure', 135, 0], // third miss in a row: deload 10 %
    ['5@8 5@8 4@10', 2, 'failure', 135, 0], // third miss in a row: deload 10 %
  ] as const)('%s (streak %i) -> %s, %d kg', (sets, streak, outcome, load, streakAfter) => {
    const { judged, result } = next(sets, streak);
    expect(judged.outcome).toBe(outcome);
    expect(result.loadKg).toBe(load);
    expect(result.failureStreak).toBe(streakAfter);
  });
});
