// Equipment changes convert loads (issue 32): each substitute starts from the barbell lift's e1RM times
// a documented ratio (lib/training/substitution.ts), and a plan with only dumbbells keeps every main
// pattern loaded, a hinge included.
import { describe, expect, it } from 'vitest';
import { CATALOGUE, findExercise, substituteFor } from '@/lib/training/catalogue';
import { generatePlan } from '@/lib/training/plan';
import { prescribeLoad } from '@/lib/training/prescription';
import { SUBSTITUTE_RATIOS, MAIN_PATTERNS, longestPatternGap, substituteEstimates } from '@/lib/training/substitution';
import type { Equipment, Experience, PlanGoal } from '@/lib/training/types';

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
      // The substitute's own equipment, less the barbell: with it the substitute is loaded and the
      // barbell source is not at hand, so the source's e1RM lends the ratio (the first source known).
      const own = findExercise(to)!.equipment.filter((e) => e !== 'barbell' && e !== 'bodyweight');
      const est = substituteEstimates({ [from]: 100 }, own);
      expect(est[to]?.e1rmKg).toBe(own.length > 0 ? 100 * ratio : undefined);
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
    // Nothing in the hands: the single-leg RDL done with the body alone gets no load from the deadlift.
    [
      'bodyweight only: a substitute with no implement gets no load',
      { deadlift: 220 },
      [] as Equipment[],
      'single-leg-romanian-deadlift',
      undefined,
    ],
    ['a machine the person has: the leg press from the squat', { 'back-squat': 180 }, ['machines'] as Equipment[], 'leg-press', 180],
    [
      'a leg press the coach already knows keeps what training taught',
      { 'back-squat': 180, 'leg-press': 300 },
      ['machines'] as Equipment[],
      'leg-press',
      undefined,
    ],
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

/**
 * Every barbell lift of the catalogue x every implement that converts a barbell load (dumbbells, a
 * kettlebell, machines): the lift done instead, the ratio its e1RM starts from, and how it is loaded.
 * A coach's table: per hand for two dumbbells, one implement, a machine's stack (low starts), or
 * unloaded where the catalogue has nothing loaded in reach (a kettlebell and no bench press).
 */
type Kind = 'per hand' | 'one implement' | 'machine' | 'unloaded';
const CONVERSIONS: [lift: string, equipment: Equipment, substitute: string, ratio: number, kind: Kind][] = [
  ['back-squat', 'dumbbells', 'goblet-squat', 0.4, 'one implement'],
  ['back-squat', 'kettlebell', 'goblet-squat', 0.4, 'one implement'],
  ['back-squat', 'machines', 'leg-press', 1, 'machine'],
  ['front-squat', 'dumbbells', 'goblet-squat', 0.47, 'one implement'],
  ['front-squat', 'kettlebell', 'goblet-squat', 0.47, 'one implement'],
  ['front-squat', 'machines', 'leg-press', 1, 'machine'],
  ['deadlift', 'dumbbells', 'dumbbell-romanian-deadlift', 0.3, 'per hand'],
  ['deadlift', 'kettlebell', 'kettlebell-swing', 0.2, 'one implement'],
  ['deadlift', 'machines', 'cable-pull-through', 0.25, 'machine'],
  ['sumo-deadlift', 'dumbbells', 'dumbbell-romanian-deadlift', 0.3, 'per hand'],
  ['sumo-deadlift', 'kettlebell', 'kettlebell-swing', 0.2, 'one implement'],
  ['sumo-deadlift', 'machines', 'cable-pull-through', 0.25, 'machine'],
  ['romanian-deadlift', 'dumbbells', 'dumbbell-romanian-deadlift', 0.425, 'per hand'],
  ['romanian-deadlift', 'kettlebell', 'single-leg-romanian-deadlift', 0.25, 'one implement'],
  ['romanian-deadlift', 'machines', 'cable-pull-through', 0.35, 'machine'],
  ['good-morning', 'dumbbells', 'dumbbell-romanian-deadlift', 0.35, 'per hand'],
  ['good-morning', 'kettlebell', 'single-leg-romanian-deadlift', 0.25, 'one implement'],
  ['good-morning', 'machines', 'cable-pull-through', 0.4, 'machine'],
  ['hip-thrust', 'dumbbells', 'dumbbell-romanian-deadlift', 0.2, 'per hand'],
  ['hip-thrust', 'kettlebell', 'kettlebell-swing', 0.15, 'one implement'],
  ['hip-thrust', 'machines', 'cable-pull-through', 0.2, 'machine'],
  ['bench-press', 'dumbbells', 'dumbbell-bench-press', 0.4, 'per hand'],
  ['bench-press', 'kettlebell', 'push-up', 0, 'unloaded'],
  ['bench-press', 'machines', 'machine-chest-press', 0.7, 'machine'],
  ['incline-bench-press', 'dumbbells', 'dumbbell-bench-press', 0.45, 'per hand'],
  ['incline-bench-press', 'kettlebell', 'push-up', 0, 'unloaded'],
  ['incline-bench-press', 'machines', 'machine-chest-press', 0.7, 'machine'],
  ['close-grip-bench-press', 'dumbbells', 'dumbbell-bench-press', 0.4, 'per hand'],
  ['close-grip-bench-press', 'kettlebell', 'push-up', 0, 'unloaded'],
  ['close-grip-bench-press', 'machines', 'machine-chest-press', 0.7, 'machine'],
  ['overhead-press', 'dumbbells', 'dumbbell-shoulder-press', 0.4, 'per hand'],
  ['overhead-press', 'kettlebell', 'dumbbell-shoulder-press', 0.4, 'per hand'],
  ['overhead-press', 'machines', 'machine-shoulder-press', 0.7, 'machine'],
  ['push-press', 'dumbbells', 'dumbbell-shoulder-press', 0.3, 'per hand'],
  ['push-press', 'kettlebell', 'dumbbell-shoulder-press', 0.3, 'per hand'],
  ['push-press', 'machines', 'machine-shoulder-press', 0.55, 'machine'],
  ['barbell-row', 'dumbbells', 'dumbbell-row', 0.45, 'one implement'],
  ['barbell-row', 'kettlebell', 'dumbbell-row', 0.45, 'one implement'],
  ['barbell-row', 'machines', 'seated-cable-row', 0.7, 'machine'],
  ['pendlay-row', 'dumbbells', 'dumbbell-row', 0.45, 'one implement'],
  ['pendlay-row', 'kettlebell', 'dumbbell-row', 0.45, 'one implement'],
  ['pendlay-row', 'machines', 'seated-cable-row', 0.7, 'machine'],
];
/** The most a ratio may be for each kind: a pair of dumbbells never over the bar, one implement half, a machine the bar's own. */
const BOUND: Record<Exclude<Kind, 'unloaded'>, number> = { 'per hand': 0.5, 'one implement': 0.5, machine: 1 };
/** An advanced lifter's e1RMs (kg); the novice rows take 40 % of them. */
const STRONG: Record<string, number> = {
  'back-squat': 180,
  'front-squat': 150,
  deadlift: 220,
  'sumo-deadlift': 210,
  'romanian-deadlift': 150,
  'good-morning': 100,
  'hip-thrust': 200,
  'bench-press': 130,
  'incline-bench-press': 110,
  'close-grip-bench-press': 115,
  'overhead-press': 80,
  'push-press': 100,
  'barbell-row': 100,
  'pendlay-row': 95,
};
const BARBELL_LIFTS = CATALOGUE.filter((e) => e.modality === 'strength' && e.loadType === 'barbell').map((e) => e.id);

describe('every barbell lift x dumbbells, kettlebell, machines: the substitute, its starting load, the pattern kept', () => {
  it('the table covers every barbell lift of the catalogue with each of the three', () => {
    expect(new Set(CONVERSIONS.map(([lift, eq]) => `${lift} ${eq}`))).toEqual(
      new Set(BARBELL_LIFTS.flatMap((id) => ['dumbbells', 'kettlebell', 'machines'].map((eq) => `${id} ${eq}`))),
    );
    expect(Object.keys(STRONG).sort()).toEqual([...BARBELL_LIFTS].sort());
  });

  const rows = CONVERSIONS.flatMap((row) =>
    (['advanced', 'novice'] as const).flatMap((level) => (['kg', 'lb'] as const).map((unit) => [...row, level, unit] as const)),
  );
  it.each(rows)('%s with %s: %s x %d (%s), %s, %s', (lift, equipment, substitute, ratio, kind, level, unit) => {
    const e1rm = STRONG[lift]! * (level === 'novice' ? 0.4 : 1);
    const pick = substituteFor(lift, [equipment])!;
    // The pattern stays covered: the lift done instead trains the barbell lift's own pattern.
    expect(pick.id).toBe(substitute);
    expect(pick.pattern).toBe(findExercise(lift)!.pattern);
    const est = substituteEstimates({ [lift]: e1rm }, [equipment])[substitute];
    if (kind === 'unloaded') {
      expect(pick.loadType).toBe('bodyweight');
      expect(est).toBeUndefined();
      return;
    }
    expect(est).toBeDefined();
    expect(est!.from).toBe(lift);
    expect(est!.ratio).toBe(ratio);
    expect(ratio).toBeLessThanOrEqual(BOUND[kind]);
    expect(est!.e1rmKg).toBeCloseTo(e1rm * ratio, 6);
    expect(est!.perHand).toBe(kind === 'per hand');
    expect(est!.machine).toBe(kind === 'machine');
    expect(pick.loadType).toBe(kind === 'machine' ? 'machine' : kind === 'per hand' ? 'dumbbell' : pick.loadType);
    expect(est!.reason).toContain(`x ${ratio} =`);
    expect(est!.reason.includes('per hand')).toBe(kind === 'per hand');
    expect(est!.reason.includes('so this starts low')).toBe(kind === 'machine');
    // The load set: the first working load the plan prescribes from it (the low end of the rep range
    // at RPE 7, in the person's unit), above zero and at most the ratio's share of the barbell e1RM.
    const reps = pick.defaultRepRange![0];
    const load = prescribeLoad({ e1rmKg: est!.e1rmKg, reps, rpe: 7, unit, step: unit === 'kg' ? 2.5 : 5 });
    expect(load).toBeGreaterThan(0);
    expect(load).toBeLessThanOrEqual(e1rm * ratio);
  });
});

describe('a plan with machines only (or machines and dumbbells)', () => {
  const MACHINE_MAIN: Record<string, string> = {
    'back-squat': 'leg-press',
    'bench-press': 'machine-chest-press',
    deadlift: 'cable-pull-through',
    'overhead-press': 'machine-shoulder-press',
  };
  const cases: [PlanGoal, number, Experience, Equipment[]][] = [
    ['strength', 3, 'novice', ['machines']],
    ['strength', 4, 'intermediate', ['machines']],
    ['strength', 4, 'advanced', ['machines']],
    ['strength', 5, 'advanced', ['machines', 'pullup-bar']],
    ['strength', 6, 'advanced', ['machines']],
    ['strength', 4, 'advanced', ['machines', 'dumbbells']],
    ['hybrid', 3, 'intermediate', ['machines']],
    ['hybrid', 4, 'advanced', ['machines']],
    ['hybrid', 5, 'novice', ['machines', 'bands']],
  ];
  it.each(cases)(
    '%s, %i days, %s, %j: every main pattern at least every 7 days, each from its barbell e1RM, no barbell lift',
    (goal, days, experience, eq) => {
      const subs = substituteEstimates(KNOWN, eq);
      const e1rmKg = { ...KNOWN, ...Object.fromEntries(Object.entries(subs).map(([id, e]) => [id, e.e1rmKg])) };
      const { workouts } = generatePlan({
        planId: 'p',
        goal,
        startDate: '2026-03-02',
        weeks: 8,
        daysPerWeek: days,
        equipment: eq,
        experience,
        benchmarks: { e1rmKg, vdot: 45 },
      });
      const blocks = workouts.flatMap((w) => w.strength);
      expect(blocks.length).toBeGreaterThan(0);
      for (const pattern of MAIN_PATTERNS) expect(longestPatternGap(workouts, pattern), pattern).toBeLessThanOrEqual(7);
      expect(blocks.filter((b) => findExercise(b.exerciseId)!.loadType === 'barbell').map((b) => b.exerciseId)).toEqual([]);
      // Each main lift's pattern is trained by a loaded substitute whose first working load is under its
      // estimate (the barbell e1RM x the ratio); with dumbbells too the dumbbell lift may take the slot.
      for (const [main, machine] of Object.entries(MACHINE_MAIN)) {
        const pattern = findExercise(main)!.pattern;
        const loaded = blocks.filter((b) => findExercise(b.exerciseId)!.pattern === pattern && subs[b.exerciseId] !== undefined);
        expect(loaded.length, `${main}: ${blocks.map((b) => b.exerciseId).join(', ')}`).toBeGreaterThan(0);
        for (const b of loaded) {
          const load = b.sets[0]!.loadKg;
          expect(load, b.exerciseId).toBeGreaterThan(0);
          expect(load!, b.exerciseId).toBeLessThanOrEqual(subs[b.exerciseId]!.e1rmKg);
        }
        if (!eq.includes('dumbbells')) {
          expect(subs[machine]?.from, machine).toBe(main);
          expect(blocks.some((b) => b.exerciseId === machine)).toBe(true);
        }
      }
    },
  );
});
