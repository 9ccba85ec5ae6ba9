// Equipment changes convert loads (issue 32): each substitute starts from the barbell lift's e1RM times
// a documented ratio (lib/training/substitution.ts), and a plan with only dumbbells keeps every main
// pattern loaded, a hinge included.
import { describe, expect, it } from 'vitest';
import { generatePlan } from '@/lib/training/plan';
import { SUBSTITUTE_RATIOS, MAIN_PATTERNS, longestPatternGap, substituteEstimates } from '@/lib/training/substitution';
import type { Equipment, PlanGoal } from '@/lib/training/types';

const KNOWN = { 'back-squat': 180, 'bench-press': 130, deadlift: 220, 'overhead-press': 80, 'barbell-row': 100 };

describe('substitute starting e1RM from the barbell lift (dumbbells only)', () => {
  it.each([
    // [substitute, from, e1RM kg, per hand]
    ['goblet-squat', 'back-squat', 72, false], // 180 x 0.4: one dumbbell at the chest
    ['dumbbell-bench-press', 'bench-press', 52, true], // 130 x 0.4 per hand
    ['dumbbell-shoulder-press', 'overhead-press', 32, true], // 80 x 0.4 per hand
    ['dumbbell-romanian-deadlift', 'deadlift', 66, true], // 220 x 0.3 per hand
    ['single-leg-romanian-deadlift', 'deadlift', 44, false],
    ['kettlebell-swing', 'deadlift', 44, false],
    ['dumbbell-row', 'barbell-row', 45, false], // 100 x 0.45, one arm
  ] as const)('%s from %s: %d kg', (to, from, e1rm, perHand) => {
    const est = substituteEstimates(KNOWN, ['dumbbells', 'kettlebell'])[to]!;
    expect(est.from).toBe(from);
    expect(est.e1rmKg).toBeCloseTo(e1rm, 6);
    expect(est.perHand).toBe(perHand);
    expect(est.reason).toContain(`x ${est.ratio} = ${e1rm} kg`);
    expect(est.reason.includes('per hand')).toBe(perHand);
  });

  it.each(SUBSTITUTE_RATIOS.map((r) => [r.from, r.to, r.ratio] as const))(
    'ratio %s -> %s (%d) is below 1 or equal, and applies when only the source is missing',
    (from, to, ratio) => {
      expect(ratio).toBeGreaterThan(0);
      expect(ratio).toBeLessThanOrEqual(1);
      // Every equipment set under which `to` is usable and `from` is not gets the ratio (or a closer one).
      const est = substituteEstimates({ [from]: 100 }, ['dumbbells', 'kettlebell', 'bodyweight']);
      const usable = !['front-squat', 'sumo-deadlift', 'romanian-deadlift'].includes(to);
      expect(est[to]?.e1rmKg).toBe(usable ? 100 * ratio : undefined);
    },
  );

  it.each([
    [
      'the barbell is there: a Romanian deadlift beside deadlifts is not a substitute',
      { deadlift: 220 },
      ['barbell', 'dumbbells'] as Equipment[],
      'romanian-deadlift',
      undefined,
    ],
    [
      'a substitute the coach already knows keeps what training taught',
      { deadlift: 220, 'dumbbell-romanian-deadlift': 50 },
      ['dumbbells'] as Equipment[],
      'dumbbell-romanian-deadlift',
      undefined,
    ],
    [
      'the closest known lift first: the barbell RDL before the deadlift',
      { deadlift: 220, 'romanian-deadlift': 140 },
      ['dumbbells'] as Equipment[],
      'dumbbell-romanian-deadlift',
      59.5,
    ],
    ['no barbell e1RM known: no estimate', {}, ['dumbbells'] as Equipment[], 'goblet-squat', undefined],
  ])('%s', (_label, known, equipment, id, e1rm) => {
    expect(substituteEstimates(known, equipment)[id]?.e1rmKg).toBe(e1rm);
  });
});

describe('a plan with only dumbbells', () => {
  it('bodyweight only still has a hinge every week (single-leg RDL), unloaded', () => {
    const { workouts } = generatePlan({
      planId: 'p',
      goal: 'strength',
      startDate: '2026-03-02',
      weeks: 6,
      daysPerWeek: 4,
      equipment: [],
      experience: 'advanced',
      benchmarks: { e1rmKg: KNOWN },
    });
    expect(longestPatternGap(workouts, 'hinge')).toBeLessThanOrEqual(7);
    expect(workouts.flatMap((w) => w.strength).some((b) => b.exerciseId === 'single-leg-romanian-deadlift')).toBe(true);
  });

  const cases: [PlanGoal, number, string[]][] = [
    ['strength', 3, ['dumbbells']],
    ['strength', 4, ['dumbbells']],
    ['strength', 5, ['dumbbells', 'pullup-bar']],
    ['strength', 6, ['dumbbells']],
    ['hybrid', 3, ['dumbbells']],
  ];
  it.each(cases)('%s, %i days, %j: every main pattern at least every 7 days, hinge loaded from the deadlift', (goal, days, equipment) => {
    const eq = equipment as Equipment[];
    const subs = substituteEstimates(KNOWN, eq);
    const e1rmKg = { ...KNOWN, ...Object.fromEntries(Object.entries(subs).map(([id, e]) => [id, e.e1rmKg])) };
    const { workouts } = generatePlan({
      planId: 'p',
      goal,
      startDate: '2026-03-02',
      weeks: 6,
      daysPerWeek: days,
      equipment: eq,
      experience: 'advanced',
      benchmarks: { e1rmKg },
    });
    for (const pattern of MAIN_PATTERNS) expect(longestPatternGap(workouts, pattern), pattern).toBeLessThanOrEqual(7);
    const hinges = workouts
      .flatMap((w) => w.strength)
      .filter((b) => ['dumbbell-romanian-deadlift', 'single-leg-romanian-deadlift'].includes(b.exerciseId));
    expect(hinges.length).toBeGreaterThan(0);
    // No barbell lift is left in a plan without a barbell.
    expect(
      workouts
        .flatMap((w) => w.strength)
        .some((b) => ['back-squat', 'bench-press', 'deadlift', 'overhead-press', 'romanian-deadlift'].includes(b.exerciseId)),
    ).toBe(false);
    if (eq.includes('dumbbells')) {
      // Dumbbell loads come from the barbell e1RMs: loaded from the first session, per hand well under the barbell's.
      for (const id of ['goblet-squat', 'dumbbell-bench-press', 'dumbbell-romanian-deadlift', 'dumbbell-shoulder-press']) {
        const first = workouts.find((w) => w.phase === 'build' && w.strength.some((b) => b.exerciseId === id));
        if (!first) continue;
        const load = first.strength.find((b) => b.exerciseId === id)!.sets[0]!.loadKg;
        expect(load, id).toBeGreaterThan(0);
        expect(load!, id).toBeLessThan(subs[id]!.e1rmKg);
      }
      expect(
        workouts.flatMap((w) => w.strength).some((b) => b.exerciseId === 'dumbbell-romanian-deadlift' && b.sets[0]?.loadKg !== undefined),
      ).toBe(true);
    }
  });
});
