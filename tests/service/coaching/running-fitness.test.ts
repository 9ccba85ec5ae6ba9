// Running fitness that moves both ways, over MCP against `next start` with a clock the test moves:
// a slower race lowers VDOT, three quick tempo runs in a week raise it once by the weekly cap, a
// threshold run at RPE 8 / 89 % HRR is not credited, runs off target get notes, every run segment
// carries its heart-rate range in bpm, and after 18 days without running VDOT decays and the next
// weeks ramp back in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, newAthlete, type Athlete, type WorkoutView, type WriteResult } from '../support/athlete';

const D0 = '2027-03-01'; // a Monday
type Segment = WorkoutView['run'][number] & { repeats: number | null; heartRateBpm: { min: number; max: number } | null };
type Workout = Omit<WorkoutView, 'run'> & { run: Segment[] };

let athlete: Athlete;
let planId: string;
let week1: Workout[];
const vdotLog: Record<string, number | null> = {};
const results: Record<string, WriteResult> = {};

async function vdot(): Promise<number | null> {
  return (await athlete.agent.call<{ vdot: number | null }>('get_training_progress', { recent: 0 })).vdot;
}

async function doRun(label: string, date: string, run: Record<string, unknown>[], actual: Record<string, unknown>): Promise<WriteResult> {
  const a = athlete.agent;
  a.setToday(date);
  const { workout } = await a.call<{ workout: Workout }>('create_workout', { date, run });
  const result = await a.call<WriteResult>('complete_workout', { id: workout.id, ...actual });
  results[label] = result;
  vdotLog[label] = await vdot();
  return result;
}

async function listPlan(from: string, to: string): Promise<Workout[]> {
  return (await athlete.agent.call<{ workouts: Workout[] }>('list_workouts', { planId, from, to, limit: 100 })).workouts.sort((x, y) =>
    x.date.localeCompare(y.date),
  );
}

let rampBefore: Workout[] = [];
let rampAfter: Workout[] = [];

beforeAll(async () => {
  athlete = await newAthlete('running-fitness', {
    // Intermediate (issue 32): a novice's first four weeks hold one quality session, and this week has two.
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
  a.setToday(D0);
  await a.call('set_benchmark', { kind: 'race', distance: 5, distanceUnit: 'km', timeSeconds: 20 * 60 + 17, date: addDays(D0, -3) });
  planId = (await a.call<{ plan: { id: string } }>('create_training_plan', { weeks: 8, daysPerWeek: 4 })).plan.id;
  vdotLog.start = await vdot();
  week1 = await listPlan(D0, addDays(D0, 6));

  // Week 1: three tempo runs 2 % faster than target at RPE 7 (Mon, Wed, Fri).
  for (const [i, day] of [0, 2, 4].entries()) {
    const date = addDays(D0, day);
    a.setToday(date);
    const { workout } = await a.call<{ workout: Workout }>('create_workout', { date, run: [{ kind: 'threshold', distance: 5 }] });
    const target = workout.run[0]!.targetPaceSPerKm!;
    results[`tempo${i + 1}`] = await a.call<WriteResult>('complete_workout', {
      id: workout.id,
      runSegments: [{ segmentIndex: 0, distance: 5, durationSeconds: Math.round(5 * target * 0.98), rpe: 7 }],
    });
    vdotLog[`tempo${i + 1}`] = await vdot();
  }
  // Week 2: a tempo run 2 % fast at RPE 8 and 175 bpm (89 % HRR); an easy run at 4:32 /km, 170 bpm; slow intervals at RPE 9.
  a.setToday(addDays(D0, 8));
  const hardTempo = (
    await a.call<{ workout: Workout }>('create_workout', { date: addDays(D0, 8), run: [{ kind: 'threshold', distance: 5 }] })
  ).workout;
  results.hardTempo = await a.call<WriteResult>('complete_workout', {
    id: hardTempo.id,
    runSegments: [
      { segmentIndex: 0, distance: 5, durationSeconds: Math.round(5 * hardTempo.run[0]!.targetPaceSPerKm! * 0.98), rpe: 8, avgHr: 175 },
    ],
  });
  vdotLog.hardTempo = await vdot();
  await doRun('fastEasy', addDays(D0, 9), [{ kind: 'easy', distance: 10 }], { run: { distance: 10, durationSeconds: 2720, avgHr: 170 } });
  a.setToday(addDays(D0, 10));
  const intervals = (
    await a.call<{ workout: Workout }>('create_workout', {
      date: addDays(D0, 10),
      run: [{ kind: 'interval', distance: 1, repeats: 5, recoverySeconds: 180 }],
    })
  ).workout;
  results.slowIntervals = await a.call<WriteResult>('complete_workout', {
    id: intervals.id,
    runSegments: [{ segmentIndex: 0, distance: 5, durationSeconds: Math.round(5 * intervals.run[0]!.targetPaceSPerKm! * 1.05), rpe: 9 }],
  });
  // Race day: 20:55 against a prediction of about 20:17.
  await doRun('slowRace', addDays(D0, 11), [{ kind: 'race', distance: 5 }], { run: { distance: 5, durationSeconds: 20 * 60 + 55 } });

  // 18 days without a run (D0+12 .. D0+29), then the first run back on D0+30.
  const back = addDays(D0, 30);
  rampBefore = await listPlan(addDays(back, 1), addDays(back, 21));
  await doRun('back', back, [{ kind: 'easy', durationSeconds: 1800 }], { run: { distance: 5, durationSeconds: 1800, rpe: 4 } });
  rampAfter = await listPlan(addDays(back, 1), addDays(back, 21));
}, 300_000);

afterAll(async () => {
  await athlete?.agent.close();
});

/** The reason the weekly running cap gives its changes (lib/coaching/volume-cap.ts). */
const WEEKLY_CAP = /^Weekly running rises at most 10 % over what was actually run/;

describe('running fitness over MCP', () => {
  it('the 4-day 5K week has an easy run, strength on the interval day, and a long run, the longest run, of at most 43 % of the week', () => {
    expect(week1.map((w) => w.title)).toEqual(['Intervals + Strength A', 'Easy run', 'Threshold run', 'Long run']);
    const metres = (s: Segment) => (s.distanceM ?? ((s.durationSeconds ?? 0) / (s.targetPaceSPerKm ?? 330)) * 1000) * (s.repeats ?? 1);
    const weekM = week1.flatMap((w) => w.run).reduce((m, s) => m + metres(s), 0);
    const longM = week1.find((w) => w.title === 'Long run')!.run[0]!.distanceM!;
    // Issue 32: the long run is the week's longest run and the other easy runs at most 75 % of it, so
    // with four runs it takes up to 43 % of the week (lib/training/plan.ts, plan-invariants.test.ts).
    expect(longM / weekM).toBeLessThanOrEqual(0.43);
    for (const w of week1.filter((x) => x.title === 'Easy run')) expect(metres(w.run[0]!)).toBeLessThanOrEqual(0.75 * longM + 1);
  });

  it('every prescribed run segment carries its heart-rate range in bpm (Karvonen, 50/190 bpm)', () => {
    const segments = week1.flatMap((w) => w.run);
    expect(segments.length).toBeGreaterThan(4);
    for (const s of segments)
      expect(s.heartRateBpm, `${s.kind} ${s.label}`).toEqual(
        s.kind === 'threshold' ? { min: 162, max: 176 } : s.kind === 'interval' ? { min: 176, max: 190 } : { min: 134, max: 148 },
      );
  });

  it('three tempo runs 2 % fast in one week raise VDOT once, by the weekly cap (was 49 -> 52)', () => {
    expect(vdotLog.start).toBe(49);
    expect([vdotLog.tempo1, vdotLog.tempo2, vdotLog.tempo3]).toEqual([49.5, 49.5, 49.5]);
    expect(results.tempo1!.adaptation.notes[0]).toMatch(
      /^VDOT 49\.0 → 49\.5: threshold segment at \d:\d\d \/km beat the target \d:\d\d \/km at threshold effort/,
    );
    expect(results.tempo1!.adaptation.changes.length).toBeGreaterThan(0);
    for (const label of ['tempo2', 'tempo3']) {
      // No pace moves; what else changes is the weekly cap on volume (issue 32), said as such.
      expect(results[label]!.adaptation.changes.filter((c) => !WEEKLY_CAP.test(c.reason))).toEqual([]);
      expect(results[label]!.adaptation.notes.join(' ')).toContain('already rose as far as training may move it in a week');
    }
  });

  it('a threshold run at RPE 8 and 89 % HRR is not credited "at the same effort"', () => {
    expect(vdotLog.hardTempo).toBe(49.5);
    const notes = results.hardTempo!.adaptation.notes.join(' ');
    // Issue 32: 175 bpm is inside the prescribed threshold range (162-176), so the RPE decides.
    expect(notes).toContain('session RPE 8 was harder than threshold effort (≤ 7): not credited as fitness, paces unchanged');
    expect(notes).not.toContain('same effort');
    expect(results.hardTempo!.adaptation.changes.filter((c) => !WEEKLY_CAP.test(c.reason))).toEqual([]);
  });

  it('an easy run at tempo pace and intervals slow at RPE 9 get a note', () => {
    expect(results.fastEasy!.adaptation.notes.join(' ')).toMatch(
      /Easy run at 4:32 \/km, faster than easy pace \(\d:\d\d–\d:\d\d \/km\), at 170 bpm, above easy effort \(≤ 148 bpm, the top of the prescribed 134–148 bpm\)/,
    );
    expect(results.slowIntervals!.adaptation.notes.join(' ')).toMatch(
      /Intervals at \d:\d\d \/km, 5 % slower than the target \d:\d\d \/km at a high effort \(RPE 9\)/,
    );
  });

  it('a race slower than predicted (20:55 against 20:17) lowers VDOT and slows every later pace', () => {
    expect(vdotLog.slowRace).toBe(47.3);
    // What else changes is the weekly cap on volume (issue 32), said as such: slower paces make a
    // time-set week shorter in km, and the cap is recomputed from what was run; it only ever cuts.
    const all = results.slowRace!.adaptation.changes;
    const capped = all.filter((c) => WEEKLY_CAP.test(c.reason));
    for (const c of capped) expect(c.after!).toBeLessThan(c.before!);
    const changes = all.filter((c) => !WEEKLY_CAP.test(c.reason));
    expect(changes.length).toBeGreaterThan(0);
    for (const c of changes) {
      expect(c.field).toMatch(/targetPaceSPerKm$/);
      expect(c.after!).toBeGreaterThan(c.before!);
      expect(c.reason).toMatch(
        /^VDOT 49\.5 → 47\.3: race of 5 km in 20:55 \(4:11 \/km\) is worth VDOT 47\.3, below the 49\.5 held: a race outranks training evidence/,
      );
    }
  });

  it('after 18 days without a run VDOT decays (Daniels) and the next three weeks ramp back in', () => {
    expect(vdotLog.back).toBe(45.5); // 47.3 x 0.961
    const notes = results.back!.adaptation.notes.join(' ');
    expect(notes).toContain(
      "18 days without a run cost about 3.9 % of running fitness (Daniels' return-from-a-break adjustment): VDOT 47.3 → 45.5",
    );
    const longBefore = rampBefore.filter((w) => w.title === 'Long run');
    const longAfter = rampAfter.filter((w) => w.title === 'Long run');
    expect(longBefore.length).toBeGreaterThanOrEqual(2);
    const shares = longAfter.map((w, i) => w.run[0]!.distanceM! / longBefore[i]!.run[0]!.distanceM!);
    expect(shares[0]).toBeCloseTo(0.6, 1);
    // Daniels' ramp allows 75 % in the second week; the weekly cap (issue 32: at most 110 % of the
    // biggest week run in the three before) holds it lower after weeks with no running at all
    // (measured: 0.56 then 0.55 of the long runs before the break).
    expect(shares[1]).toBeGreaterThanOrEqual(0.5);
    expect(shares[1]).toBeLessThanOrEqual(0.76);
    const volume = results.back!.adaptation.changes.filter((c) => /\.distanceM$|\.durationS$|\.repeats$/.test(c.field));
    expect(volume.length).toBeGreaterThan(0);
    // Each cut says which rule made it: the ramp back after the break, or the weekly cap on what was run.
    for (const c of volume) {
      expect(c.after!).toBeLessThan(c.before!);
      expect(c.reason).toMatch(
        /^(First run back after 18 days without running: the next 3 weeks ramp back in \(60 % → 75 % → 90 % of the planned running volume\)\. |Weekly running rises at most 10 % over what was actually run: )/,
      );
    }
    expect(volume.some((c) => c.reason.startsWith('First run back after 18 days'))).toBe(true);
  });

  it('without resting and max heart rate the range is null, beside the zone', async () => {
    athlete.agent.setToday(addDays(D0, 30));
    await athlete.agent.call('update_profile', { restingHr: null });
    const { workout } = await athlete.agent.call<{ workout: Workout }>('get_workout', { id: rampAfter[0]!.id });
    expect(workout.run.length).toBeGreaterThan(0);
    for (const s of workout.run) {
      expect(s.heartRateBpm).toBeNull();
      expect(s.zone).not.toBeNull();
    }
  });
});
