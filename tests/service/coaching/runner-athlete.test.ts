// A simulated runner over an 8-week, 4-day 5K plan, driven through the MCP tools: a faster 5K
// benchmark (set_benchmark) and a faster tempo run raise every future pace, a skipped session and a
// slow tempo change nothing, completed sessions never change, and every change carries its reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, newAthlete, todayUtc, type Adaptation, type ChangeView, type WorkoutView, type WriteResult } from '../support/athlete';

const today = todayUtc();

type Step = {
  id: string;
  date: string;
  week: number | null;
  title: string;
  status: string;
  thresholdPace?: number | null;
  adaptation: Adaptation;
};

let athlete: Athlete;
type Athlete = Awaited<ReturnType<typeof newAthlete>>;
const steps: Step[] = [];
const snapshots = new Map<string, WorkoutView>();
const vdots: { after: string; vdot: number | null }[] = [];
let benchmark: { vdot: number; adaptation: Adaptation };
let remainingRunSessionsAtBenchmark = 0;

async function vdot(): Promise<number | null> {
  return (await athlete.agent.call<{ vdot: number | null }>('get_training_progress', { recent: 0 })).vdot;
}

beforeAll(async () => {
  athlete = await newAthlete('runner', {
    // Intermediate (issue 32): a novice's first four weeks hold one quality session, and this runner's story is the tempo runs.
    profile: {
      goal: '5k',
      experience: 'intermediate',
      trainingDays: ['mon', 'tue', 'thu', 'sat'],
      equipment: ['bodyweight'],
      restingHr: 50,
      maxHr: 190,
    },
  });
  const a = athlete.agent;
  await a.call('set_benchmark', { kind: 'race', distance: 5, distanceUnit: 'km', timeSeconds: 25 * 60, date: addDays(today, -3) });
  const plan = await a.call<{ plan: { id: string; basis: { vdot: { value: number; source: string } | null } } }>('create_training_plan', {
    weeks: 8,
    daysPerWeek: 4,
  });
  expect(plan.plan.basis.vdot).toMatchObject({ value: 38.3, source: 'benchmark' });
  vdots.push({ after: 'plan', vdot: await vdot() });
  const sessions = (
    await a.call<{ workouts: WorkoutView[] }>('list_workouts', { planId: plan.plan.id, from: today, to: addDays(today, 60), limit: 100 })
  ).workouts.reverse();
  // Issue 23: an easy run every week; strength rides on the interval day.
  // (The order within the week depends on which weekday the plan starts: hard sessions are kept apart.)
  expect(
    sessions
      .map((s) => s.title)
      .slice(0, 4)
      .sort(),
  ).toEqual(['Easy run', 'Intervals + Strength A', 'Long run', 'Threshold run']);
  expect(sessions).toHaveLength(32);

  let threshold = 0;
  for (const [i, session] of sessions.entries()) {
    a.setToday(session.date); // each session is logged on its day: a future one cannot be completed
    const w = (await a.call<{ workout: WorkoutView }>('get_workout', { id: session.id })).workout;
    const t = w.run.findIndex((s) => s.kind === 'threshold');
    const step: Omit<Step, 'status' | 'adaptation'> = {
      id: w.id,
      date: w.date,
      week: w.week,
      title: w.title,
      thresholdPace: t >= 0 ? w.run[t]!.targetPaceSPerKm : undefined,
    };
    let result: WriteResult;
    if (w.week === 5 && w.title.startsWith('Intervals')) {
      result = await a.call<WriteResult>('skip_workout', { id: w.id, reason: 'sick' });
    } else if (t >= 0) {
      threshold++;
      const seg = w.run[t]!;
      // Week 3: 3 % faster than the target at a comfortable effort; week 6: 2 % slower; otherwise on target.
      const factor = threshold === 3 ? 0.97 : threshold === 6 ? 1.02 : 1;
      result = await a.call<WriteResult>('complete_workout', {
        id: w.id,
        run: { distance: 8, durationSeconds: 2700 },
        // 166 bpm: inside the prescribed threshold range (162-176). Issue 32: at 160, below it, week after
        // week at target pace, heart rate against pace would rightly raise VDOT.
        runSegments: [
          {
            segmentIndex: t,
            distance: seg.distance,
            durationSeconds: Math.round(seg.distance! * seg.targetPaceSPerKm! * factor),
            avgHr: 166,
            rpe: 7,
          },
        ],
      });
    } else if (w.kind === 'strength') {
      result = await a.call<WriteResult>('complete_workout', { id: w.id, asPrescribed: true });
    } else {
      const long = w.run.length === 1 && w.run[0]!.distance !== null;
      result = await a.call<WriteResult>('complete_workout', {
        id: w.id,
        ...(w.strength.length > 0 ? { asPrescribed: true } : {}),
        run: long
          ? { distance: w.run[0]!.distance, durationSeconds: Math.round(w.run[0]!.distance! * w.run[0]!.targetPaceSPerKm!), avgHr: 140 }
          : { distance: 7, durationSeconds: 2400 },
      });
    }
    snapshots.set(w.id, result.workout);
    for (const c of result.adaptation.changes) {
      expect(snapshots.has(c.workoutId), 'a performed session changed').toBe(false);
      expect(c.date > w.date && c.date >= today).toBe(true);
    }
    steps.push({ ...step, status: result.workout.status, adaptation: result.adaptation });
    if (t >= 0 || result.workout.status === 'skipped') vdots.push({ after: `${w.title} week ${w.week}`, vdot: await vdot() });

    if (i === 3) {
      // After week 1: a new, faster 5K.
      remainingRunSessionsAtBenchmark = sessions.slice(4).filter((s) => s.kind === 'run' || s.kind === 'mixed').length;
      benchmark = await a.call('set_benchmark', { kind: 'race', distance: 5, distanceUnit: 'km', timeSeconds: 23 * 60 });
      vdots.push({ after: 'benchmark', vdot: await vdot() });
    }
  }
}, 120_000);

afterAll(async () => {
  await athlete?.agent.close();
});

const thresholdSteps = () => steps.filter((s) => s.thresholdPace !== undefined);

describe('8 weeks of 5K training through the tools', () => {
  it('a faster 5K benchmark re-paces every future run, each change with its reason', () => {
    expect(benchmark.vdot).toBe(42.3);
    const changes = benchmark.adaptation.changes;
    expect(new Set(changes.map((c) => c.workoutId)).size).toBe(remainingRunSessionsAtBenchmark);
    for (const c of changes) {
      expect(c.field).toMatch(/^run\[\d\]\.targetPaceSPerKm$/);
      expect(c.after!).toBeLessThan(c.before!);
      expect(c.reason).toMatch(
        /^New race benchmark 5 km in 23:00 on \d{4}-\d{2}-\d{2} is worth VDOT 42\.3 \(was 38\.3\), so target paces are recalculated\. /,
      );
      expect(c.reason).toContain(`${c.beforeText} → ${c.afterText}`);
    }
  });

  // Issue 23: training rises are capped at +0.5 VDOT a week and need RPE or heart rate at threshold effort.
  it('a tempo run faster than its target at threshold effort raises VDOT (by at most 0.5 a week) and every later pace', () => {
    const fast = thresholdSteps()[2]!;
    expect(fast.adaptation.changes.length).toBeGreaterThan(0);
    for (const c of fast.adaptation.changes) {
      expect(c.after!).toBeLessThan(c.before!);
      expect(c.reason).toMatch(/^VDOT 42\.3 → 42\.8: threshold segment at \d:\d\d \/km beat the target 4:52 \/km at threshold effort/);
    }
    const after = vdots.find((v) => v.after === `Threshold run week 3`)!.vdot!;
    expect(after).toBeGreaterThan(42.3);
    expect(after).toBeLessThanOrEqual(42.8);
  });

  it('target paces only ever move at the benchmark and the fast tempo run', () => {
    const paces = thresholdSteps().map((s) => s.thresholdPace);
    expect(paces[0]).toBe(316); // VDOT 38.3
    expect(paces[1]).toBe(292); // VDOT 42.3 from the new benchmark
    expect(paces[2]).toBe(292);
    expect(paces[3]).toBeLessThan(292); // after the fast tempo
    expect(new Set(paces.slice(3)).size).toBe(1); // the skip and the slow tempo change nothing
    // plan, week 1 tempo, benchmark, week 2 tempo, week 3 (fast) tempo, then weeks 4-8 incl. the skip: unchanged.
    const raised = vdots[4]!.vdot;
    expect(vdots.map((v) => v.vdot)).toEqual([38.3, 38.3, 42.3, 42.3, raised, raised, raised, raised, raised, raised, raised]);
  });

  it('a skipped session and a slow tempo run are not failures and change nothing ahead', () => {
    const skipped = steps.find((s) => s.status === 'skipped')!;
    expect(skipped.adaptation.changes).toEqual([]);
    expect(skipped.adaptation.notes.join(' ')).toMatch(/was skipped: skips never count as failures/);
    const slow = thresholdSteps()[5]!;
    expect(slow.adaptation.changes).toEqual([]);
    // Issue 32: the note says what happened (slower, or on target), not "did not beat the target".
    expect(slow.adaptation.notes.join(' ')).toMatch(
      /Threshold segment at \d:\d\d \/km was slower than the target \d:\d\d \/km: paces unchanged/,
    );
    const onTarget = thresholdSteps()[0]!;
    expect(onTarget.adaptation.changes).toEqual([]);
    expect(onTarget.adaptation.notes.join(' ')).toMatch(/was on the target \d:\d\d \/km \(within 1 %\): paces unchanged/);
  });

  it('never changes a session once it is done', async () => {
    expect(snapshots.size).toBeGreaterThan(0);
    expect.assertions(1 + snapshots.size);
    for (const [id, snapshot] of snapshots) {
      expect((await athlete.agent.call<{ workout: WorkoutView }>('get_workout', { id })).workout, id).toEqual(snapshot);
    }
  });

  it('keeps the change log: totals match every change reported, and recent events carry their reasons', async () => {
    const reported = steps.reduce((n, s) => n + s.adaptation.changes.length, 0) + benchmark.adaptation.changes.length;
    const progress = await athlete.agent.call<{
      totals: { changes: number };
      recent: { trigger: string; changes: ChangeView[]; notes: string[] }[];
      paces: { threshold: { sPerKm: number } };
    }>('get_training_progress', { recent: 50 });
    expect(progress.totals.changes).toBe(reported);
    expect(progress.recent.some((e) => e.trigger === 'benchmark' && e.changes.length > 0)).toBe(true);
    expect(progress.recent.every((e) => e.changes.every((c) => c.reason.length > 30))).toBe(true);
    expect(progress.paces.threshold.sPerKm).toBe(thresholdSteps()[3]!.thresholdPace);
  });
});
