// A coach's eight weeks, as a test: three simulated athletes (strength on 3 days, a 5K runner on 4,
// a hybrid athlete on 4) follow their 8-week plans through the MCP tools against `next start`,
// logging every session, and the plans hold to what a coach would accept:
// - every session on the person's training days, one a day;
// - a deload every 4th week (the last week of a race plan may be its taper instead);
// - no prescribed load more than 10 % above the heaviest prescribed before (no re-test here);
// - each benchmarked lift progresses by its rule week after build week (linear loads rise, autoregulated
//   target effort rises, neither falls) and every deload is lighter;
// - easy, long and recovery paces never faster than marathon pace;
// - every change to a future session carries its reason, naming what caused it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, newAthlete, todayUtc, type Athlete, type ChangeView, type WorkoutView, type WriteResult } from '../support/athlete';

const today = todayUtc();
const WEEKDAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const weekdayOf = (date: string) => WEEKDAY[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

type Case = {
  label: string;
  goal: 'strength' | '5k' | 'hybrid';
  days: string[];
  daysPerWeek: number;
  equipment: string[];
  lifts?: [string, number][];
  race5kSeconds?: number;
};

const CASES: Case[] = [
  {
    label: 'strength',
    goal: 'strength',
    days: ['mon', 'wed', 'fri'],
    daysPerWeek: 3,
    equipment: ['barbell', 'pullup-bar'],
    lifts: [
      ['back-squat', 140],
      ['bench-press', 100],
      ['deadlift', 180],
      ['overhead-press', 60],
      ['barbell-row', 80],
    ],
  },
  { label: 'runner', goal: '5k', days: ['mon', 'tue', 'thu', 'sat'], daysPerWeek: 4, equipment: ['bodyweight'], race5kSeconds: 24 * 60 },
  {
    label: 'hybrid',
    goal: 'hybrid',
    days: ['mon', 'tue', 'thu', 'sat'],
    daysPerWeek: 4,
    equipment: ['barbell', 'pullup-bar'],
    lifts: [
      ['back-squat', 120],
      ['bench-press', 80],
      ['deadlift', 150],
      ['overhead-press', 50],
      ['barbell-row', 70],
    ],
    race5kSeconds: 26 * 60,
  },
];

type Run = {
  c: Case;
  athlete: Athlete;
  phases: { week: number; phase: string }[];
  performed: WorkoutView[];
  changes: ChangeView[];
  marathonSPerKm: number | null;
};
const runs = new Map<string, Run>();

async function follow(c: Case): Promise<Run> {
  const athlete = await newAthlete(`eight-weeks-${c.label}`, {
    profile: { goal: c.goal, trainingDays: c.days, equipment: c.equipment, restingHr: 52, maxHr: 188 },
  });
  const a = athlete.agent;
  for (const [exercise, load] of c.lifts ?? [])
    await a.call('set_benchmark', { kind: 'lift', exercise, load, unit: 'kg', reps: 1, date: addDays(today, -2) });
  if (c.race5kSeconds)
    await a.call('set_benchmark', {
      kind: 'race',
      distance: 5,
      distanceUnit: 'km',
      timeSeconds: c.race5kSeconds,
      date: addDays(today, -2),
    });
  const created = await a.call<{ plan: { id: string }; weeks: { week: number; phase: string }[] }>('create_training_plan', {
    weeks: 8,
    daysPerWeek: c.daysPerWeek,
  });
  const progress = await a.call<{ paces: { marathon: { sPerKm: number } } | null }>('get_training_progress', { recent: 0, weeks: 1 });
  const sessions = (
    await a.call<{ workouts: WorkoutView[] }>('list_workouts', {
      planId: created.plan.id,
      from: addDays(today, -7),
      to: addDays(today, 70),
      limit: 100,
    })
  ).workouts.reverse();
  const performed: WorkoutView[] = [];
  const changes: ChangeView[] = [];
  for (const s of sessions) {
    // What the athlete is asked to do at the moment they do it: the coaching clock on the session's day
    // (a session dated after today cannot be completed).
    a.setToday(s.date);
    const w = (await a.call<{ workout: WorkoutView }>('get_workout', { id: s.id })).workout;
    performed.push(w);
    const km = w.run.reduce((sum, seg) => sum + (seg.distance ?? 0), 0) || 5;
    const result = await a.call<WriteResult>('complete_workout', {
      id: w.id,
      ...(w.strength.length > 0 ? { asPrescribed: true } : {}),
      ...(w.run.length > 0 ? { run: { distance: Math.round(km * 10) / 10, durationSeconds: Math.round(km * 360), rpe: 5 } } : {}),
    });
    changes.push(...result.adaptation.changes);
  }
  return { c, athlete, phases: created.weeks, performed, changes, marathonSPerKm: progress.paces?.marathon.sPerKm ?? null };
}

beforeAll(async () => {
  for (const c of CASES) runs.set(c.label, await follow(c));
}, 600_000);

afterAll(async () => {
  for (const r of runs.values()) await r.athlete.agent.close();
});

describe.each(CASES.map((c) => c.label))('%s athlete over eight weeks', (label) => {
  it("trains only on the person's days, one session a day, every week of the plan", () => {
    const r = runs.get(label)!;
    expect(r.performed.length).toBe(8 * r.c.daysPerWeek);
    for (const w of r.performed) expect(r.c.days, `${w.title} on ${w.date}`).toContain(weekdayOf(w.date));
    expect(new Set(r.performed.map((w) => w.date)).size).toBe(r.performed.length);
    for (let week = 1; week <= 8; week++) expect(r.performed.filter((w) => w.week === week)).toHaveLength(r.c.daysPerWeek);
  });

  it('deloads every 4th week (a race plan may taper in its last week instead)', () => {
    const r = runs.get(label)!;
    const phase = (week: number) => r.phases.find((p) => p.week === week)?.phase;
    expect(phase(4)).toBe('deload');
    expect(['deload', 'taper']).toContain(phase(8));
    for (const week of [1, 2, 3, 5, 6, 7]) expect(phase(week), `week ${week}`).toBe('build');
  });

  it('never prescribes a load more than 10 % above the heaviest prescribed before', () => {
    const r = runs.get(label)!;
    const heaviest = new Map<string, number>();
    const jumps: string[] = [];
    let compared = 0;
    for (const w of r.performed) {
      for (const b of w.strength) {
        const top = Math.max(0, ...b.sets.map((s) => s.loadKg ?? 0));
        if (top === 0) continue;
        const before = heaviest.get(b.exercise);
        if (before !== undefined) {
          compared++;
          if (top > before * 1.1 + 0.01) jumps.push(`${b.exercise} on ${w.date} (week ${w.week}): ${top} kg after at most ${before} kg`);
        }
        heaviest.set(b.exercise, Math.max(before ?? 0, top));
      }
    }
    expect(jumps).toEqual([]);
    // Every benchmarked lift is prescribed with a load again and again; a runner gets no loaded lifts.
    expect([...heaviest.keys()].sort()).toEqual((r.c.lifts ?? []).map(([exercise]) => exercise).sort());
    if (r.c.lifts) expect(compared).toBeGreaterThan(r.c.lifts.length * 4);
    else expect(compared).toBe(0);
  });

  it('progresses the benchmarked lifts of sessions done as prescribed, every week, by their rule', () => {
    const r = runs.get(label)!;
    const lifts = (r.c.lifts ?? []).map(([exercise]) => exercise);
    // Each benchmarked lift, week by week: its rule, heaviest load, reps at that load, most sets in a session, highest target RPE.
    const weekOf = (week: number, exercise: string) => {
      const blocks = r.performed.filter((w) => w.week === week).flatMap((w) => w.strength.filter((b) => b.exercise === exercise));
      const sets = blocks.flatMap((b) => b.sets);
      const load = Math.max(0, ...sets.map((s) => s.loadKg ?? 0));
      return {
        rule: [...new Set(blocks.map((b) => b.progression))].join('+'),
        load,
        reps: Math.max(0, ...sets.filter((s) => (s.loadKg ?? 0) === load).map((s) => s.reps)),
        sets: Math.max(0, ...blocks.map((b) => b.sets.length)),
        rpe: Math.max(0, ...sets.map((s) => s.rpe ?? 0)),
      };
    };
    type LiftWeek = ReturnType<typeof weekOf>;
    const weeks = Array.from({ length: 8 }, (_, i) => i + 1).map((week) => ({
      week,
      phase: r.phases.find((p) => p.week === week)?.phase,
      lift: Object.fromEntries(lifts.map((e) => [e, weekOf(week, e)])),
    }));
    expect(weeks.map((w) => w.phase)).toEqual(r.phases.map((p) => p.phase));
    if (lifts.length === 0) {
      // A runner with no barbell gets no loaded lifts to progress.
      expect(r.performed.flatMap((w) => w.strength.flatMap((b) => b.sets)).filter((s) => (s.loadKg ?? 0) > 0)).toEqual([]);
      return;
    }
    // The strength plan progresses its main lifts linearly (a novice: after every session done at target);
    // the hybrid plan autoregulates them (loads follow the e1RM, target RPE rises over each build block);
    // the row is an accessory on double progression (reps climb the range, then the load goes up).
    const main = r.c.goal === 'strength' ? 'linear' : 'autoregulated';
    const rules = Object.fromEntries(lifts.map((e) => [e, e === 'barbell-row' ? 'double' : main]));
    expect(weeks.map((w) => Object.fromEntries(lifts.map((e) => [e, w.lift[e]!.rule])))).toEqual(weeks.map(() => rules));
    // How far `to` is ahead of `from` by the lift's rule (> 0 ahead, 0 level, < 0 behind).
    const ahead = (e: string, from: LiftWeek, to: LiftWeek) =>
      rules[e] === 'double' && to.load === from.load ? to.reps - from.reps : to.load - from.load;

    // Every week after the first, every lift: what a coach expects of an athlete who does each session as written.
    const verdicts = weeks.slice(1).map(({ week, phase, lift }) => {
      const before = weeks[week - 2]!;
      const wrong: string[] = [];
      let rose = 0;
      for (const e of lifts) {
        const [from, to] = [before.lift[e]!, lift[e]!];
        const say = (what: string) =>
          wrong.push(
            `${e}: ${what} (${from.sets}x${from.reps}x${from.load} kg @${from.rpe} -> ${to.sets}x${to.reps}x${to.load} kg @${to.rpe})`,
          );
        if (phase !== 'build') {
          // A deload (or taper) is lighter than the week before: fewer sets, and no heavier (a linear load lower).
          if (to.sets >= from.sets) say('deload keeps every set');
          if (to.load > from.load) say('deload is heavier');
          if (rules[e] === 'linear' && to.load >= from.load) say('deload keeps the load');
        } else if (before.phase === 'build') {
          // After a week of good sessions nothing goes backwards, neither the load nor the target effort.
          if (ahead(e, from, to) < 0) say('went backwards after good sessions');
          if (to.rpe < from.rpe) say('target RPE fell within a build block');
          if (ahead(e, from, to) > 0) rose++;
        } else {
          // Back to building after the deload: full sets again, and the linear loads above the deload's.
          if (to.sets <= from.sets) say('no sets back after the deload');
          if (rules[e] === 'linear' && to.load <= from.load) say('load not back up after the deload');
        }
      }
      // Every build week that follows one moves at least one lift ahead.
      return { week, phase, wrong, rises: phase === 'build' && before.phase === 'build' ? rose > 0 : true };
    });
    expect(verdicts).toEqual(verdicts.map(({ week, phase }) => ({ week, phase, wrong: [], rises: true })));
    // Over the plan: loads (double: load or reps) of week 7 ahead of week 1; autoregulated target effort up over the first block.
    expect(
      lifts.filter((e) =>
        rules[e] === 'autoregulated'
          ? weeks[2]!.lift[e]!.rpe <= weeks[0]!.lift[e]!.rpe
          : ahead(e, weeks[0]!.lift[e]!, weeks[6]!.lift[e]!) <= 0,
      ),
    ).toEqual([]);
  });

  it('keeps easy, long and recovery paces at or slower than marathon pace', () => {
    const r = runs.get(label)!;
    const easy = r.performed.flatMap((w) =>
      w.run.filter((s) => ['easy', 'long', 'recovery'].includes(s.kind) && s.targetPaceSPerKm !== null).map((s) => ({ w, s })),
    );
    if (!r.c.race5kSeconds) {
      // No race benchmark, no VDOT: the plan sets no paces it cannot know.
      expect(easy).toEqual([]);
      return;
    }
    expect(easy.length).toBeGreaterThan(0);
    expect(
      easy.filter(({ s }) => s.targetPaceSPerKm! < r.marathonSPerKm!).map(({ w, s }) => `${w.title} ${w.date}: ${s.targetPaceSPerKm} s/km`),
    ).toEqual([]);
  });

  it('gives every change to a future session its reason', () => {
    const r = runs.get(label)!;
    expect(r.changes.filter((ch) => ch.reason.length <= 20 || ch.date < today)).toEqual([]);
    if (r.c.lifts) expect(r.changes.length).toBeGreaterThan(0);
  });
});
