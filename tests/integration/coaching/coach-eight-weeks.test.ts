// A coach's eight weeks, as a test: three simulated athletes (strength on 3 days, a 5K runner on 4,
// a hybrid athlete on 4) follow their 8-week plans through the MCP tools against `next start`,
// logging every session, and the plans hold to what a coach would accept:
// - every session on the person's training days, one a day;
// - a deload every 4th week (the last week of a race plan may be its taper instead);
// - no prescribed load more than 10 % above the heaviest prescribed before (no re-test here);
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
    for (const w of r.performed) {
      for (const b of w.strength) {
        const top = Math.max(0, ...b.sets.map((s) => s.loadKg ?? 0));
        if (top === 0) continue;
        const before = heaviest.get(b.exercise);
        if (before !== undefined) expect(top, `${b.exercise} on ${w.date} (week ${w.week})`).toBeLessThanOrEqual(before * 1.1 + 0.01);
        heaviest.set(b.exercise, Math.max(before ?? 0, top));
      }
    }
  });

  it('keeps easy, long and recovery paces at or slower than marathon pace', () => {
    const r = runs.get(label)!;
    const easy = r.performed.flatMap((w) => w.run.filter((s) => ['easy', 'long', 'recovery'].includes(s.kind) && s.targetPaceSPerKm !== null).map((s) => ({ w, s })));
    if (r.c.race5kSeconds) {
      expect(easy.length).toBeGreaterThan(0);
      for (const { w, s } of easy) expect(s.targetPaceSPerKm!, `${w.title} ${w.date}`).toBeGreaterThanOrEqual(r.marathonSPerKm!);
    }
  });

  it('gives every change to a future session its reason', () => {
    const r = runs.get(label)!;
    for (const ch of r.changes) {
      expect(ch.reason.length, JSON.stringify(ch)).toBeGreaterThan(20);
      expect(ch.date >= today).toBe(true);
    }
    if (r.c.lifts) expect(r.changes.length).toBeGreaterThan(0);
  });
});
