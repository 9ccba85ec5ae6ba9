import { describe, expect, it } from 'vitest';
import { parseAthleteState, parseRun, parseStrength, toJson } from '@/lib/coaching/documents';
import { planBasis, planEndDate, planStatus } from '@/lib/coaching/plans';
import { repace, reprojectLifts, seedLift } from '@/lib/coaching/reprojection';
import { initialAthleteState, syncWithProfile } from '@/lib/coaching/athlete-store';
import { generatePlan } from '@/lib/training/plan';
import type { AthleteState, StrengthBlock, Workout } from '@/lib/training/types';

const squat = (load?: number): StrengthBlock => ({
  exerciseId: 'back-squat',
  exerciseName: 'Back squat',
  progression: 'linear',
  incrementKg: 5,
  sets: [
    { reps: 5, ...(load !== undefined ? { loadKg: load } : {}) },
    { reps: 5, ...(load !== undefined ? { loadKg: load } : {}) },
  ],
});
const session = (id: string, date: string, load?: number, phase: Workout['phase'] = 'build'): Workout => ({
  id,
  date,
  phase,
  status: 'scheduled',
  kind: 'strength',
  title: `S ${date}`,
  strength: [squat(load)],
  run: [],
});
const state = (working: number): AthleteState => ({
  unit: 'kg',
  distanceUnit: 'km',
  lifts: { 'back-squat': { workingLoadKg: working, failureStreak: 0 } },
});

describe('reprojectLifts', () => {
  it('prescribes a linear lift session by session in date order and records each moved field with its reason', () => {
    const future = [session('a', '2026-01-05', 100), session('b', '2026-01-07', 100), session('c', '2026-01-09', 100, 'deload')];
    const { updated, changes } = reprojectLifts(future, ['back-squat'], state(100), () => 'Because');
    // c is a deload session: 90 % of the 110 kg it would be, on the 2.5 kg grid = 100 kg, as before.
    expect(updated.map((w) => [w.id, w.strength[0]!.sets.map((s) => s.loadKg)])).toEqual([['b', [105, 105]]]);
    expect(changes).toHaveLength(2);
    expect(changes[0]).toMatchObject({ workoutId: 'b', path: 'strength[0].sets[0].loadKg', before: 100, after: 105 });
    expect(changes[0]!.reason).toBe('Because. 2026-01-07 Back squat set 1: 100 kg → 105 kg');
    expect(changes.every((c) => c.reason.startsWith('Because. '))).toBe(true);
  });

  it('leaves lifts the coach has no state for untouched', () => {
    const future = [session('a', '2026-01-05')];
    expect(reprojectLifts(future, ['back-squat'], { unit: 'kg', distanceUnit: 'km', lifts: {} }, () => 'x')).toEqual({
      updated: [],
      changes: [],
    });
  });
});

describe('repace', () => {
  it('recomputes every run target pace from VDOT, and says which and why', () => {
    const run: Workout = {
      id: 'r',
      date: '2026-01-06',
      status: 'scheduled',
      kind: 'run',
      title: 'Threshold run',
      strength: [],
      run: [
        { kind: 'easy', durationS: 600, label: 'Warm-up', targetPaceSPerKm: 340 },
        { kind: 'threshold', distanceM: 4000, targetPaceSPerKm: 280 },
      ],
    };
    const { updated, changes } = repace([run], 50, state(100), 'VDOT up');
    expect(updated).toHaveLength(1);
    const threshold = changes.find((c) => c.path === 'run[1].targetPaceSPerKm')!;
    expect(threshold.before).toBe(280);
    expect(threshold.after).toBeLessThan(280);
    expect(threshold.reason).toMatch(/^VDOT up\. 2026-01-06 Threshold run \(threshold\) pace 4:40 \/km → \d:\d\d \/km$/);
    expect(changes.find((c) => c.path === 'run[0].targetPaceSPerKm')!.reason).toContain('(Warm-up)');
  });
});

describe('seedLift', () => {
  it('starts a linear lift at RPE 7 for its reps from the e1RM, as plans do', () => {
    expect(seedLift(squat(), 140, 'kg', 2.5)).toEqual({ failureStreak: 0, e1rmKg: 140, workingLoadKg: 110 });
    expect(seedLift(squat(), undefined, 'kg', 2.5)).toEqual({ failureStreak: 0 });
  });
});

describe('stored documents', () => {
  it('a generated plan survives the JSON round trip through the document schemas unchanged', () => {
    const { workouts, state: s } = generatePlan({
      planId: 'p',
      goal: 'hybrid',
      startDate: '2026-01-05',
      weeks: 8,
      daysPerWeek: 5,
      equipment: ['barbell', 'pullup-bar', 'dumbbells'],
      raceDate: '2026-02-22',
      benchmarks: { e1rmKg: { 'back-squat': 140, 'bench-press': 100 }, vdot: 45 },
    });
    for (const w of workouts) {
      expect(parseStrength(toJson(w.strength))).toEqual(w.strength);
      expect(parseRun(toJson(w.run))).toEqual(w.run);
    }
    expect(parseAthleteState(toJson(s))).toEqual(s);
  });

  it('rejects a corrupt document loudly', () => {
    expect(() => parseStrength([{ exerciseId: 'x', exerciseName: 'X', progression: 'sometimes', sets: [] }])).toThrow();
  });
});

describe('athlete state follows the profile', () => {
  it('takes units and heart-rate anchors from the profile, keeping what was learned', () => {
    const s = syncWithProfile(state(100), { weightUnit: 'lb', distanceUnit: 'mi', restingHr: 50, maxHr: 190 });
    expect(s).toEqual({ unit: 'lb', distanceUnit: 'mi', restingHr: 50, maxHr: 190, lifts: state(100).lifts });
    expect(syncWithProfile(s, { weightUnit: 'kg', distanceUnit: 'km', restingHr: null, maxHr: null })).toEqual(state(100));
    expect(initialAthleteState({ weightUnit: 'kg', distanceUnit: 'km', restingHr: null, maxHr: null })).toEqual({
      unit: 'kg',
      distanceUnit: 'km',
      lifts: {},
    });
  });
});

describe('plan basis and status', () => {
  it('takes a benchmark unless logged training is newer, per lift and for VDOT', () => {
    const s: AthleteState = {
      unit: 'kg',
      distanceUnit: 'km',
      vdot: 48,
      lifts: {
        'back-squat': { e1rmKg: 150, failureStreak: 0, lastDate: '2026-02-01' },
        'bench-press': { e1rmKg: 90, failureStreak: 0, lastDate: '2026-01-01' },
      },
    };
    const basis = planBasis(s, '2026-01-10', {
      lifts: {
        'back-squat': { e1rmKg: 140, date: '2026-01-15', benchmarkId: 'b1' },
        'bench-press': { e1rmKg: 100, date: '2026-01-15', benchmarkId: 'b2' },
      },
      race: { vdot: 50, date: '2026-01-20', benchmarkId: 'b3' },
    });
    expect(basis).toEqual({
      e1rmKg: {
        'back-squat': { value: 150, source: 'training', date: '2026-02-01' },
        'bench-press': { value: 100, source: 'benchmark', date: '2026-01-15' },
      },
      vdot: { value: 50, source: 'benchmark', date: '2026-01-20' },
    });
    expect(planBasis(s, '2026-01-25', { lifts: {}, race: { vdot: 50, date: '2026-01-20', benchmarkId: 'b3' } }).vdot).toEqual({
      value: 48,
      source: 'training',
      date: '2026-01-25',
    });
    // The state took its VDOT from that same benchmark (same day): it is the benchmark's.
    expect(
      planBasis({ ...s, vdot: 50 }, '2026-01-20', { lifts: {}, race: { vdot: 50, date: '2026-01-20', benchmarkId: 'b3' } }).vdot,
    ).toEqual({ value: 50, source: 'benchmark', date: '2026-01-20' });
  });

  it('is upcoming, active, then finished', () => {
    const p = { startDate: '2026-01-05', weeks: 2 };
    expect(planEndDate(p)).toBe('2026-01-18');
    expect(['2026-01-04', '2026-01-05', '2026-01-18', '2026-01-19'].map((d) => planStatus(p, d))).toEqual([
      'upcoming',
      'active',
      'active',
      'finished',
    ]);
  });
});
