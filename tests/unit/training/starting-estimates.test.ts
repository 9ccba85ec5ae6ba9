import { describe, expect, it } from 'vitest';
import { generatePlan, type PlanInput } from '@/lib/training/plan';
import { startingE1rm } from '@/lib/training/starting-estimates';

// A coach's first guesses for an accessory the person never tested: from a related main lift.
describe('startingE1rm', () => {
  it.each([
    // exercise, benchmarks (e1RM kg), starting e1RM
    ['barbell-row', { 'barbell-row': 80, 'bench-press': 100 }, 80], // its own benchmark wins
    ['barbell-row', { 'bench-press': 100 }, 70], // 70 % of the bench
    ['barbell-row', { 'bench-press': 100, deadlift: 180 }, 70], // the bench first (table order)
    ['barbell-row', { deadlift: 180 }, 81], // 45 % of the deadlift
    ['barbell-row', { 'back-squat': 140 }, undefined], // a squat says little about a row
    ['barbell-row', {}, undefined], // nothing known: the session asks for a load at an RPE
    ['romanian-deadlift', { deadlift: 180 }, 126],
    ['back-squat', { 'bench-press': 100 }, undefined], // main lifts are never guessed
  ] as const)('%s from %j -> %s kg', (id, benchmarks, expected) => {
    expect(startingE1rm(id, benchmarks)).toBe(expected);
  });
});

describe('a generated plan prescribes a load for every barbell lift it can start', () => {
  const base: PlanInput = {
    planId: 'p',
    goal: 'strength',
    startDate: '2025-01-06',
    weeks: 4,
    daysPerWeek: 3,
    equipment: ['barbell', 'pullup-bar'],
    // The usual first benchmarks: squat, bench and deadlift; no row.
    benchmarks: { e1rmKg: { 'back-squat': 140, 'bench-press': 100, deadlift: 180 } },
  };

  it.each([
    ['3 days', base],
    ['advanced split, 5 days', { ...base, daysPerWeek: 5, experience: 'advanced' } as PlanInput],
    ['in pounds', { ...base, unit: 'lb' } as PlanInput],
  ])('%s: every barbell-row set has a load', (_label, input) => {
    const rows = generatePlan(input).workouts.flatMap((w) => w.strength.filter((b) => b.exerciseId === 'barbell-row'));
    expect(rows.length).toBeGreaterThan(0);
    for (const block of rows) for (const set of block.sets) expect(set.loadKg).toBeGreaterThan(0);
  });

  it('the first row sits well under the estimate: a working load at RPE 7 or easier', () => {
    const row = generatePlan(base).workouts.flatMap((w) => w.strength.filter((b) => b.exerciseId === 'barbell-row'))[0]!;
    expect(row.sets[0]!.loadKg).toBeLessThanOrEqual(70 * 0.85);
    expect(row.sets[0]!.loadKg).toBeGreaterThanOrEqual(70 * 0.6);
  });
});
