import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '@/lib/training/dates';
import { generatePlan } from '@/lib/training/plan';
import { paceForSegment } from '@/lib/training/run-targets';
import type { PlanGoal, RunSegment, Workout } from '@/lib/training/types';

/**
 * Property checks of the running templates, for every goal x days a week x week: the rules a running
 * coach signs (Daniels; Seiler's 80/20), measured on what the generator really prescribes.
 */
const START = '2025-01-06';
const GOALS: Exclude<PlanGoal, 'strength'>[] = ['5k', '10k', 'half', 'marathon', 'hybrid'];
const DAYS = [2, 3, 4, 5, 6];
const WEEKS = 16;
const cases = GOALS.flatMap((goal) =>
  DAYS.flatMap((days) => [undefined, 58].flatMap((vdot) => [false, true].map((race) => [goal, days, vdot, race] as const))),
);

type WeekStats = {
  week: number;
  km: number;
  easyS: number;
  totalS: number;
  thresholdKm: number;
  intervalKm: number;
  longKm: number;
  runs: number;
  easyRuns: number;
  raceWeek: boolean;
  phase: string;
};

function measure(workouts: Workout[], vdot: number): Map<number, WeekStats> {
  const pace = (s: RunSegment) => paceForSegment(s, vdot) ?? 0;
  const easyPace = paceForSegment({ kind: 'easy' }, vdot)!;
  const weeks = new Map<number, WeekStats>();
  for (const w of workouts) {
    const week = w.week!;
    const st = weeks.get(week) ?? {
      week,
      km: 0,
      easyS: 0,
      totalS: 0,
      thresholdKm: 0,
      intervalKm: 0,
      longKm: 0,
      runs: 0,
      easyRuns: 0,
      raceWeek: false,
      phase: w.phase ?? 'build',
    };
    weeks.set(week, st);
    if (w.run.length === 0) continue;
    st.runs++;
    if (w.run.some((s) => s.kind === 'race' || s.kind === 'recovery' || s.label === 'Shakeout')) st.raceWeek = true;
    if (w.run.length === 1 && w.run[0]!.kind === 'easy' && !w.run[0]!.label) st.easyRuns++;
    for (const s of w.run) {
      const reps = s.repeats ?? 1;
      const jogS = (s.recoveryS ?? 0) * Math.max(0, reps - 1);
      const m = s.distanceM !== undefined ? s.distanceM * reps : ((s.durationS ?? 0) * reps * 1000) / easyPace;
      const t = s.distanceM !== undefined ? (s.distanceM * reps * pace(s)) / 1000 : (s.durationS ?? 0) * reps;
      st.km += (m + (jogS * 1000) / easyPace) / 1000;
      st.totalS += t + jogS;
      if (s.kind === 'easy' || s.kind === 'long' || s.kind === 'recovery') st.easyS += t;
      st.easyS += jogS;
      if (s.kind === 'threshold') st.thresholdKm += m / 1000;
      if (s.kind === 'interval') st.intervalKm += m / 1000;
      if (s.kind === 'long') st.longKm += m / 1000;
    }
  }
  return weeks;
}

const isHard = (w: Workout) => w.strength.length > 0 || w.run.some((s) => s.kind !== 'easy' && s.kind !== 'recovery');

describe.each(cases)('%s, %d days a week, VDOT %s, race at the end: %s', (goal, daysPerWeek, vdot, race) => {
  const raceDate = race ? addDays(START, WEEKS * 7 - 1) : undefined;
  const { workouts } = generatePlan({
    planId: 'p',
    goal,
    startDate: START,
    weeks: WEEKS,
    daysPerWeek,
    equipment: ['barbell', 'pullup-bar'],
    benchmarks: vdot === undefined ? {} : { vdot },
    ...(raceDate ? { raceDate } : {}),
  });
  const stats = [...measure(workouts, vdot ?? 40).values()].sort((a, b) => a.week - b.week);
  const normal = stats.filter((s) => !s.raceWeek);

  it('every week has an easy run (the long run does not count)', () => {
    expect(normal.length).toBeGreaterThan(0);
    for (const s of normal) expect([s.week, s.easyRuns >= 1]).toEqual([s.week, true]);
  });

  it('about 80/20 by time: at least 77 % of the running time is easy', () => {
    expect.assertions(normal.length);
    for (const s of normal) expect([s.week, s.easyS / s.totalS]).toEqual([s.week, expect.closeTo(1, 0.23)]);
  });

  it('threshold work at most about 10 % and interval work at most about 8 % of the week (Daniels)', () => {
    expect.assertions(2 * normal.length);
    for (const s of normal) {
      expect([s.week, s.thresholdKm / s.km <= 0.105]).toEqual([s.week, true]);
      expect([s.week, s.intervalKm / s.km <= 0.085]).toEqual([s.week, true]);
    }
  });

  // Issue 32: the long run is the longest run of the week and other easy runs at most 75 % of it, so
  // with few runs it is a bigger share (3 runs: about half the week, as in 3-day plans like FIRST's).
  // With 2 runs only the hybrid keeps one (its other run is short, after lifting): at most 70 %.
  it('long run at most 30 % of the week with 6 runs, 32 % with 5, 43 % with 4, 55 % with 3, 70 % with 2 (hybrid only)', () => {
    expect.assertions(normal.length);
    for (const s of normal) {
      const cap = s.runs >= 6 ? 0.3 : s.runs === 5 ? 0.32 : s.runs === 4 ? 0.43 : s.runs === 3 ? 0.55 : goal === 'hybrid' ? 0.7 : 0;
      expect([s.week, s.runs, s.longKm / s.km <= cap + 1e-9]).toEqual([s.week, s.runs, true]);
    }
  });

  it('weekly running volume never more than 10 % above any week before it', () => {
    let most = 0;
    for (const s of stats) {
      if (most > 0 && !s.raceWeek) expect([s.week, s.km <= most * 1.1]).toEqual([s.week, true]);
      most = Math.max(most, s.km);
    }
    expect(stats.length).toBe(WEEKS);
  });

  it('no hard session the day before the long run', () => {
    const longs = workouts.filter((w) => w.run.some((s) => s.kind === 'long'));
    for (const l of longs) {
      const before = workouts.filter((w) => daysBetween(w.date, l.date) === 1);
      expect([l.date, before.some(isHard)]).toEqual([l.date, false]);
    }
    // Issue 32: the 3-day hybrid week keeps a long run too, and so does the 2-day hybrid.
    const withLong = daysPerWeek >= 3 || goal === 'hybrid';
    expect(longs.length > 0).toBe(withLong);
  });

  it('no deload straight before a taper', () => {
    expect.assertions(WEEKS - 1);
    for (let i = 1; i < stats.length; i++)
      expect([stats[i]!.week, stats[i - 1]!.phase === 'deload' && stats[i]!.phase === 'taper']).toEqual([stats[i]!.week, false]);
  });
});

describe("on the person's own days the day before the long run stays easy where the week allows", () => {
  it.each([
    ['5k', ['mon', 'tue', 'thu', 'sat']],
    ['5k', ['mon', 'wed', 'fri', 'sun']],
    ['10k', ['tue', 'wed', 'fri', 'sun']],
    ['half', ['mon', 'tue', 'thu', 'sat', 'sun']],
    ['marathon', ['mon', 'tue', 'wed', 'fri', 'sat']],
    ['hybrid', ['mon', 'tue', 'thu', 'sat']],
  ] as const)('%s on %j', (goal, days) => {
    const { workouts } = generatePlan({
      planId: 'p',
      goal,
      startDate: START,
      weeks: 8,
      daysPerWeek: days.length,
      trainingDays: [...days],
      equipment: ['barbell'],
      benchmarks: { vdot: 45 },
    });
    const longs = workouts.filter((w) => w.run.some((s) => s.kind === 'long'));
    expect(longs.length).toBe(8);
    for (const l of longs)
      expect([l.date, workouts.filter((w) => daysBetween(w.date, l.date) === 1).some(isHard)]).toEqual([l.date, false]);
  });
});
