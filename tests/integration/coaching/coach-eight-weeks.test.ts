// A coach's eight weeks, as a test: three simulated athletes (strength on 3 days, a 5K runner on 4,
// a hybrid athlete on 4) follow their 8-week plans through the MCP tools against `next start`,
// logging every session, and the plans hold to what a coach would accept:
// - every session on the person's training days, one a day;
// - a deload every 4th week (the last week of a race plan may be its taper instead);
// - no prescribed load more than 10 % above the heaviest prescribed before (no re-test here);
// - loads rise week after build week when every session is done as written, and the deload is lighter;
// - easy, long and recovery paces never faster than marathon pace;
// - every change to a future session carries its reason, naming what caused it.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, newAthlete, todayUtc, type Athlete, type ChangeView, type WorkoutView, type WriteResult } from './athlete';

const baseUrl = inject('baseUrl');
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
  { label: 'strength', goal: 'strength', days: ['mon', 'wed', 'fri'], daysPerWeek: 3, equipment: ['barbell', 'pullup-bar'], lifts: [['back-squat', 140], ['bench-press', 100], ['deadlift', 180], ['overhead-press', 60], ['barbell-row', 80]] },
  { label: 'runner', goal: '5k', days: ['mon', 'tue', 'thu', 'sat'], daysPerWeek: 4, equipment: ['bodyweight'], race5kSeconds: 24 * 60 },
  { label: 'hybrid', goal: 'hybrid', days: ['mon', 'tue', 'thu', 'sat'], daysPerWeek: 4, equipment: ['barbell', 'pullup-bar'], lifts: [['back-squat', 120], ['bench-press', 80], ['deadlift', 150], ['overhead-press', 50], ['barbell-row', 70]], race5kSeconds: 26 * 60 },
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
  const athlete = await newAthlete(baseUrl, `eight-weeks-${c.label}`, { profile: { goal: c.goal, trainingDays: c.days, equipment: c.equipment, restingHr: 52, maxHr: 188 } });
  const a = athlete.agent;
  for (const [exercise, load] of c.lifts ?? []) await a.call('set_benchmark', { kind: 'lift', exercise, load, unit: 'kg', reps: 1, date: addDays(today, -2) });
  if (c.race5kSeconds) await a.call('set_benchmark', { kind: 'race', distance: 5, distanceUnit: 'km', timeSeconds: c.race5kSeconds, date: addDays(today, -2) });
  const created = await a.call<{ plan: { id: string }; weeks: { week: number; phase: string }[] }>('create_training_plan', { weeks: 8, daysPerWeek: c.daysPerWeek });
  const progress = await a.call<{ paces: { marathon: { sPerKm: number } } | null }>('get_training_progress', { recent: 0, weeks: 1 });
  const sessions = (await a.call<{ workouts: WorkoutView[] }>('list_workouts', { planId: created.plan.id, from: addDays(today, -7), to: addDays(today, 70), limit: 100 })).workouts.reverse();
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

  it('raises the loads of sessions done as prescribed, week after build week, and lightens the deload weeks', () => {
    const r = runs.get(label)!;
    // The heaviest prescribed load of each benchmarked lift, week by week.
    const lifts = (r.c.lifts ?? []).map(([exercise]) => exercise);
    const topOf = (week: number, exercise: string) =>
      Math.max(0, ...r.performed.filter((w) => w.week === week).flatMap((w) => w.strength.filter((b) => b.exercise === exercise).flatMap((b) => b.sets.map((s) => s.loadKg ?? 0))));
    const weeks = Array.from({ length: 8 }, (_, i) => i + 1).map((week) => ({ week, phase: r.phases.find((p) => p.week === week)?.phase, top: Object.fromEntries(lifts.map((e) => [e, topOf(week, e)])) }));
    expect(weeks.map((w) => w.phase)).toEqual(r.phases.map((p) => p.phase));
    if (lifts.length === 0) {
      expect(weeks.every((w) => Object.keys(w.top).length === 0)).toBe(true);
      return;
    }
    // Every week, every lift: what a coach expects of an athlete who does every session as written.
    const verdicts = weeks.slice(1).map(({ week, phase, top }) => {
      const before = weeks[week - 2]!;
      const moves = lifts.map((e) => ({ e, from: before.top[e]!, to: top[e]! }));
      const wrong =
        phase === 'build' && before.phase === 'build'
          ? moves.filter((m) => m.to < m.from) // never lower after good sessions
          : phase !== 'build'
            ? moves.filter((m) => m.to >= m.from) // a deload or taper is lighter than the week before it
            : moves.filter((m) => m.to <= m.from); // back to building after the deload: heavier again
      const rose = moves.filter((m) => m.to > m.from).length;
      return { week, phase, wrong: wrong.map((m) => `${m.e} ${m.from} -> ${m.to} kg`), rises: phase === 'build' && before.phase === 'build' ? rose > 0 : true };
    });
    expect(verdicts).toEqual(verdicts.map(({ week, phase }) => ({ week, phase, wrong: [], rises: true })));
    for (const e of lifts) expect(weeks[6]!.top[e], `${e}: week 7 above week 1`).toBeGreaterThan(weeks[0]!.top[e]!);
  });

  it('keeps easy, long and recovery paces at or slower than marathon pace', () => {
    const r = runs.get(label)!;
    const easy = r.performed.flatMap((w) => w.run.filter((s) => ['easy', 'long', 'recovery'].includes(s.kind) && s.targetPaceSPerKm !== null).map((s) => ({ w, s })));
    if (!r.c.race5kSeconds) {
      // No race benchmark, no VDOT: the plan sets no paces it cannot know.
      expect(easy).toEqual([]);
      return;
    }
    expect(easy.length).toBeGreaterThan(0);
    expect(easy.filter(({ s }) => s.targetPaceSPerKm! < r.marathonSPerKm!).map(({ w, s }) => `${w.title} ${w.date}: ${s.targetPaceSPerKm} s/km`)).toEqual([]);
  });

  it('gives every change to a future session its reason', () => {
    const r = runs.get(label)!;
    expect(r.changes.filter((ch) => ch.reason.length <= 20 || ch.date < today)).toEqual([]);
    if (r.c.lifts) expect(r.changes.length).toBeGreaterThan(0);
  });
});
