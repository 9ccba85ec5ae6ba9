// Issue 32's smaller rules, as case tables over the pure generator and the comeback rule:
// masters move linear loads in smaller steps; the 2-day hybrid keeps a long run; lifting in the first
// days after a recorded injury has fewer sets; a goal time in the plan notes with its gap to the prediction.
import { describe, expect, it } from 'vitest';
import { easeBackIn, setsAfterInjury, type BreakKind } from '@/lib/training/comeback';
import { addDays } from '@/lib/training/dates';
import { EASY_OF_LONG } from '@/lib/training/long-run';
import { MASTERS_LINEAR_INCREMENT } from '@/lib/training/masters';
import { generatePlan, sizingEasyPace } from '@/lib/training/plan';
import { predictRaceTime } from '@/lib/training/vdot';
import type { Experience, PlanGoal, RunSegment, StrengthBlock, Workout } from '@/lib/training/types';
import { lbToKg } from '@/lib/training/units';

const START = '2026-01-05';
const LOWER = new Set(['back-squat', 'deadlift']);
const MAIN = new Set(['back-squat', 'bench-press', 'deadlift', 'overhead-press']);

describe('masters: linear main lifts move 2.5 kg (5 lb) at a time, said in the note; younger athletes 5 kg for squat and deadlift', () => {
  const cases = (['strength', 'hybrid'] as PlanGoal[]).flatMap((goal) =>
    (['novice', 'intermediate'] as Experience[]).flatMap((experience) =>
      (['kg', 'lb'] as const).flatMap((unit) => [1968, 1976, 1977, 1999].map((birthYear) => ({ goal, experience, unit, birthYear }))),
    ),
  );
  it.each(cases)('$goal, $experience, $unit, born $birthYear', ({ goal, experience, unit, birthYear }) => {
    const { workouts, notes } = generatePlan({
      planId: 'p',
      goal,
      startDate: START,
      weeks: 8,
      daysPerWeek: 3,
      experience,
      unit,
      mainLiftProgression: 'linear',
      equipment: ['barbell', 'pullup-bar'],
      birthYear,
      benchmarks: { vdot: 45, e1rmKg: { 'back-squat': 120, deadlift: 150, 'bench-press': 80, 'overhead-press': 50 } },
    });
    // 2026 - 1976 = 50: the first masters year.
    const masters = 2026 - birthYear >= 50;
    const blocks = workouts.flatMap((w) => w.strength).filter((b) => MAIN.has(b.exerciseId));
    expect(blocks.length).toBeGreaterThan(0);
    const small = unit === 'kg' ? MASTERS_LINEAR_INCREMENT.kg : lbToKg(MASTERS_LINEAR_INCREMENT.lb);
    const big = unit === 'kg' ? 5 : lbToKg(10);
    for (const b of blocks) {
      expect(b.progression, b.exerciseId).toBe('linear');
      expect(b.incrementKg, b.exerciseId).toBeCloseTo(masters || !LOWER.has(b.exerciseId) ? small : big, 6);
    }
    const note = notes.find((n) => n.startsWith('Masters ('));
    if (masters) {
      expect(note).toContain(`born ${birthYear}`);
      expect(note).toContain(
        'linear loads rise 2.5 kg (5 lb) at a time for every main lift, squat and deadlift included, instead of 5 kg (10 lb)',
      );
    } else expect(note).toBeUndefined();
  });

  it('an autoregulated masters plan does not claim linear increments', () => {
    const { notes } = generatePlan({
      planId: 'p',
      goal: 'strength',
      startDate: START,
      weeks: 8,
      daysPerWeek: 4,
      experience: 'advanced',
      equipment: ['barbell'],
      birthYear: 1960,
      benchmarks: { e1rmKg: { 'back-squat': 120 } },
    });
    const note = notes.find((n) => n.startsWith('Masters ('))!;
    expect(note).toContain('RPE targets rise 7 → 7.5');
    expect(note).not.toContain('linear loads');
  });
});

describe('the 2-day hybrid plan keeps a long run, the longest run of each week, the easy run at most 75 % of it', () => {
  const cases = (['novice', 'intermediate', 'advanced'] as Experience[]).flatMap((experience) =>
    [6, 12, 18].flatMap((weeks) => [undefined, 38, 55].map((vdot) => ({ experience, weeks, vdot }))),
  );
  const metres = (run: readonly RunSegment[], pace: number) =>
    run.reduce((m, s) => m + (s.distanceM !== undefined ? s.distanceM * (s.repeats ?? 1) : ((s.durationS ?? 0) * 1000) / pace), 0);
  it.each(cases)('$experience, $weeks weeks, VDOT $vdot', ({ experience, weeks, vdot }) => {
    const { workouts } = generatePlan({
      planId: 'p',
      goal: 'hybrid',
      startDate: START,
      weeks,
      daysPerWeek: 2,
      experience,
      equipment: ['barbell', 'pullup-bar'],
      benchmarks: vdot === undefined ? {} : { vdot },
    });
    const pace = sizingEasyPace(vdot);
    const byWeek = new Map<number, Workout[]>();
    for (const w of workouts) byWeek.set(w.week!, [...(byWeek.get(w.week!) ?? []), w]);
    expect(byWeek.size).toBe(weeks);
    for (const [week, ws] of byWeek) {
      const long = ws.filter((w) => w.run.some((s) => s.kind === 'long'));
      expect([week, long.length]).toEqual([week, 1]);
      // Both days still lift.
      expect([week, ws.filter((w) => w.strength.length > 0).length]).toEqual([week, 2]);
      const longM = metres(long[0]!.run, pace);
      expect(longM, `week ${week}`).toBeGreaterThanOrEqual(3000);
      for (const w of ws.filter((x) => x !== long[0] && x.run.length > 0))
        expect(metres(w.run, pace), `week ${week} ${w.title}`).toBeLessThanOrEqual(EASY_OF_LONG * longM + 1);
    }
  });
});

describe('lifting in the first days after a recorded injury: about two thirds of the sets, at least one fewer', () => {
  it.each([
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 3],
    [5, 3],
    [6, 4],
  ])('%i sets -> %i', (sets, kept) => expect(setsAfterInjury(sets)).toBe(kept));

  const block = (exerciseId: string, exerciseName: string, sets: number): StrengthBlock => ({
    exerciseId,
    exerciseName,
    progression: 'linear',
    sets: Array.from({ length: sets }, () => ({ reps: 5, loadKg: 100 })),
  });
  const session = (id: string, date: string, run: RunSegment[] = []): Workout => ({
    id,
    date,
    status: 'scheduled',
    kind: run.length > 0 ? 'mixed' : 'strength',
    title: run.length > 0 ? 'Easy run + Strength A' : 'Strength A',
    strength: [block('back-squat', 'Back squat', 4), block('bench-press', 'Bench press', 3), block('plank', 'Plank', 1)],
    run,
  });
  // Injured Mar 11-20 (10 days): easy days Mar 21-30.
  const ahead = [
    session('s1', '2026-03-21'),
    session('s2', '2026-03-24', [{ kind: 'easy', durationS: 1800 }]),
    session('s3', '2026-03-30'),
    session('s4', '2026-03-31'), // after the easy days: as planned
    session('s0', '2026-03-15'), // inside the break: not this rule's
  ];
  it.each([
    // [kind, sessions with fewer sets]
    ['injury', ['s1', 's2', 's3']],
    ['illness', []],
    ['other', []],
  ] as const)('%s', (kind, changedIds) => {
    const r = easeBackIn({ kind: kind as BreakKind, from: '2026-03-11', to: '2026-03-20', scheduled: ahead, done: [], vdot: 40 });
    const fewer = r.updated.filter((w) => w.strength.length > 0 && w.strength[0]!.sets.length < 4).map((w) => w.id);
    expect(fewer.sort()).toEqual([...changedIds].sort());
    for (const id of changedIds) {
      const w = r.updated.find((x) => x.id === id)!;
      expect(w.strength.map((b) => b.sets.length)).toEqual([3, 2, 1]);
      // Loads are left to the time-away rules.
      expect(w.strength[0]!.sets.every((s) => s.loadKg === 100)).toBe(true);
      const reasons = r.changes.filter((c) => c.workoutId === id && c.path.endsWith('.sets'));
      expect(reasons.map((c) => [c.path, c.before, c.after])).toEqual([
        ['strength[0].sets', 4, 3],
        ['strength[1].sets', 3, 2],
      ]);
      for (const c of reasons) {
        expect(c.reason).toContain('Back from injury 2026-03-11 to 2026-03-20');
        expect(c.reason).toContain('until 2026-03-30 (the 10 easy days after the injury)');
        expect(c.reason).toMatch(/Back squat 4 → 3 sets|Bench press 3 → 2 sets/);
      }
      expect(w.notes).toContain('fewer sets (Back squat 4 → 3, Bench press 3 → 2)');
    }
    if (changedIds.length > 0) expect(r.note).toContain("Lifting in those days keeps about two thirds of each block's sets");
    else expect(r.note ?? '').not.toContain('Lifting in those days');
    // A second pass (time off ended early) does not take sets off again.
    const again = easeBackIn({
      kind: kind as BreakKind,
      from: '2026-03-11',
      to: '2026-03-19',
      scheduled: ahead.map((w) => r.updated.find((u) => u.id === w.id) ?? w),
      done: [],
      vdot: 40,
    });
    expect(again.updated.filter((w) => (changedIds as readonly string[]).includes(w.id))).toHaveLength(0);
  });
});

describe('a goal time in the plan notes: how far the prediction is from it', () => {
  const half = 21097.5;
  const predicted = Math.round(predictRaceTime(45, half));
  it.each([
    // [goal, race distance, VDOT, expected fragment]
    ['half', undefined, 45, predicted - 300, '5:00 slower than the goal of'],
    ['half', undefined, 45, predicted + 240, '4:00 faster than the goal of'],
    ['half', undefined, 45, predicted + 2, 'on the goal of'],
    ['half', undefined, 45, predicted - 1200, 'the goal is faster than the range'],
    ['marathon', undefined, 50, 3 * 3600, 'the marathon predicts'],
    ['10k', undefined, 45, 2700, 'the 10 km predicts'],
    ['hybrid', 15000, 45, 4000, 'the 15 km race predicts'],
    ['half', undefined, undefined, 6300, 'no VDOT yet, so no prediction to compare it with'],
  ] as const)('%s, race %s m, VDOT %s, goal %i s', (goal, raceDistanceM, vdot, goalTimeS, fragment) => {
    const { notes } = generatePlan({
      planId: 'p',
      goal,
      startDate: START,
      weeks: 12,
      daysPerWeek: 4,
      equipment: [],
      raceDate: addDays(START, 12 * 7 - 1),
      ...(raceDistanceM !== undefined ? { raceDistanceM } : {}),
      goalTimeS,
      benchmarks: vdot === undefined ? {} : { vdot },
    });
    const note = notes.filter((n) => n.startsWith('Goal time'));
    expect(note).toHaveLength(1);
    expect(note[0]).toContain(fragment);
    if (vdot !== undefined) expect(note[0]).toContain(`At VDOT ${vdot.toFixed(1)}`);
  });

  it('no goal time, no note; a goal time of 0 is refused', () => {
    const base = {
      planId: 'p',
      goal: 'half' as const,
      startDate: START,
      weeks: 8,
      daysPerWeek: 3,
      equipment: [],
      benchmarks: { vdot: 45 },
    };
    expect(generatePlan(base).notes.some((n) => n.startsWith('Goal time'))).toBe(false);
    expect(() => generatePlan({ ...base, goalTimeS: 0 })).toThrow(/goalTimeS must be > 0/);
  });
});
