// Ten weeks of coaching as a coach would try it: three athletes follow their plans through the MCP
// tools against `next start`, day by day on a clock the test moves (Pacewise-Test-Now), with the
// days real training has: bad days, a set far above expectation, grinders, a slower race, easy runs
// at tempo pace, fast tempo runs, a sick week recorded as time off, and 2-3 weeks away unannounced.
// What a coach would sign, asserted for every athlete:
// - nothing is logged for a day after today; a passed session left undone shows as missed;
// - one session moves the e1RM a bounded amount; loads rise only on evidence;
// - a slower race lowers VDOT; training rises are capped; runs off target get a note;
// - after time away loads come back lower and the running week is not the biggest of the plan;
// - every run segment carries its heart-rate range; every reason is short and true.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, newAthlete, type Athlete, type ChangeView, type WorkoutView, type WriteResult } from '../support/athlete';

/** Day 0 of the simulation, a Monday; the plan starts that day. */
const D0 = '2027-01-04';
const day = (n: number) => addDays(D0, n);
const WEEKS = 10;
const RESTING_HR = 50;
const MAX_HR = 190;

type Lift = 'back-squat' | 'bench-press' | 'deadlift' | 'overhead-press' | 'barbell-row';
type HrRange = { min: number; max: number } | null;
type Segment = WorkoutView['run'][number] & { heartRateBpm?: HrRange; repeats?: number | null };
type Session = Omit<WorkoutView, 'run'> & { run: Segment[]; readiness?: unknown };
type Progress = { lifts: { exercise: string; e1rmKg: number | null; missesInARow: number }[]; vdot: number | null };

/** What the athlete does with a session: as prescribed (RPE 8 sets, runs on pace), or one of the bad days. */
type Plan = {
  label: 'lifter' | 'runner' | 'hybrid';
  goal: 'strength' | '5k' | 'hybrid';
  experience: 'novice' | 'intermediate' | 'advanced';
  days: string[];
  daysPerWeek: number;
  equipment: string[];
  lifts?: [Lift, number][];
  race5kSeconds?: number;
  /** Days (from D0) on which nothing is logged and nothing is announced. */
  away?: [number, number];
  /** Days (from D0) recorded as illness on the first of them. */
  sick?: [number, number];
};

const PLANS: Plan[] = [
  {
    label: 'lifter',
    goal: 'strength',
    experience: 'intermediate',
    days: ['mon', 'wed', 'fri'],
    daysPerWeek: 3,
    equipment: ['barbell', 'pullup-bar'],
    lifts: [
      ['back-squat', 170],
      ['bench-press', 115],
      ['deadlift', 200],
      ['overhead-press', 70],
      ['barbell-row', 95],
    ],
    away: [29, 52],
  },
  {
    label: 'runner',
    goal: '5k',
    experience: 'intermediate',
    days: ['mon', 'tue', 'thu', 'sat'],
    daysPerWeek: 4,
    equipment: ['bodyweight'],
    race5kSeconds: 20 * 60 + 17,
    sick: [35, 41],
  },
  {
    label: 'hybrid',
    goal: 'hybrid',
    experience: 'novice',
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
    race5kSeconds: 24 * 60,
    away: [38, 55],
  },
];

/** One logged session and what the coach said about it. */
type Logged = {
  day: number;
  before: Session;
  after: Session;
  action: string;
  changes: ChangeView[];
  notes: string[];
  progressBefore: Progress;
  progressAfter: Progress;
};

type Journal = {
  plan: Plan;
  athlete: Athlete;
  logged: Logged[];
  /** Every session as it was prescribed on its own day (what the athlete was asked to do then). */
  prescribed: Session[];
  /** Sessions seen again after their day passed without being done. */
  passedUndone: Session[];
  futureRefusal: { isError: boolean; text: string };
  futureBenchmarkRefusal: { isError: boolean; text: string };
  raceVdot?: { before: number | null; after: number | null };
  vdotByDay: [number, number | null][];
  timeOffResult?: { isError: boolean; body: unknown };
};
const records = new Map<string, Journal>();

const RUN_RPE: Record<string, number> = { easy: 4, recovery: 3, long: 5, marathon: 6, threshold: 7, interval: 8, repetition: 8, race: 9.5 };
/** A segment's distance in km: as prescribed, or its time at its target pace ("10 min easy"). */
const km = (s: Segment) =>
  s.distance !== null
    ? s.distance * (s.repeats ?? 1)
    : s.durationSeconds && s.targetPaceSeconds
      ? (s.durationSeconds * (s.repeats ?? 1)) / s.targetPaceSeconds
      : 0;
const runKm = (w: Session) => w.run.reduce((sum, s) => sum + km(s), 0);
const MAIN_LIFTS = new Set(['back-squat', 'bench-press', 'deadlift', 'overhead-press']);
const loadOf = (w: Session, lift: string) => w.strength.find((b) => b.exercise === lift)?.sets[0]?.loadKg ?? null;
const topLoad = (w: Session, lift: string) =>
  Math.max(0, ...(w.strength.find((b) => b.exercise === lift)?.sets ?? []).map((s) => s.loadKg ?? 0));

function normalRun(
  w: Session,
  overrides: { paceFactor?: (s: Segment) => number; avgHr?: (s: Segment) => number | undefined; rpe?: (s: Segment) => number } = {},
) {
  const segments = w.run.map((s) => {
    const target = s.targetPaceSeconds ?? 330;
    const pace = target * (overrides.paceFactor?.(s) ?? 1);
    // A segment prescribed by time ("10 min easy") is run for that time at its pace.
    const distance = Math.round((km(s) || ((s.durationSeconds ?? 600) * (s.repeats ?? 1)) / target) * 100) / 100;
    const hr = overrides.avgHr
      ? overrides.avgHr(s)
      : s.heartRateBpm
        ? Math.round((s.heartRateBpm.min + s.heartRateBpm.max) / 2)
        : undefined;
    return {
      segmentIndex: s.index,
      distance,
      durationSeconds: Math.round(distance * pace),
      rpe: overrides.rpe?.(s) ?? RUN_RPE[s.kind] ?? 5,
      ...(hr ? { avgHr: hr } : {}),
    };
  });
  const distance = Math.round(segments.reduce((a, s) => a + s.distance, 0) * 100) / 100;
  const durationSeconds = segments.reduce((a, s) => a + s.durationSeconds, 0);
  return { run: { distance, durationSeconds, rpe: Math.max(...segments.map((s) => s.rpe)) }, runSegments: segments };
}

function liftSets(
  w: Session,
  how: (lift: string, set: { reps: number; loadKg: number | null }, i: number, n: number) => { reps: number; load: number; rpe: number },
) {
  return w.strength
    .filter((b) => MAIN_LIFTS.has(b.exercise))
    .map((b) => ({ exercise: b.exercise, sets: b.sets.map((s, i) => how(b.exercise, s, i, b.sets.length)) }));
}
const asPlanned = (_lift: string, s: { reps: number; loadKg: number | null }) => ({ reps: s.reps, load: s.loadKg ?? 0, rpe: 8 });

async function follow(plan: Plan): Promise<Journal> {
  const athlete = await newAthlete(`ten-weeks-${plan.label}`, {
    profile: {
      goal: plan.goal,
      experience: plan.experience,
      trainingDays: plan.days,
      equipment: plan.equipment,
      restingHr: RESTING_HR,
      maxHr: MAX_HR,
    },
  });
  const a = athlete.agent;
  a.setToday(day(-3));
  for (const [exercise, load] of plan.lifts ?? [])
    await a.call('set_benchmark', { kind: 'lift', exercise, load, unit: 'kg', reps: 1, date: day(-3) });
  if (plan.race5kSeconds)
    await a.call('set_benchmark', { kind: 'race', distance: 5, distanceUnit: 'km', timeSeconds: plan.race5kSeconds, date: day(-3) });
  a.setToday(day(0));
  const created = await a.call<{ plan: { id: string } }>('create_training_plan', { weeks: WEEKS, daysPerWeek: plan.daysPerWeek });
  const planId = created.plan.id;
  const progress = () => a.call<Progress>('get_training_progress', { recent: 0, weeks: 1 });

  const record: Journal = {
    plan,
    athlete,
    logged: [],
    prescribed: [],
    passedUndone: [],
    futureRefusal: { isError: false, text: '' },
    futureBenchmarkRefusal: { isError: false, text: '' },
    vdotByDay: [],
  };
  const seen = new Set<string>();
  const done: Journal['logged'] = record.logged;
  const counts = new Map<string, number>();
  const nth = (key: string) => {
    const n = counts.get(key) ?? 0;
    counts.set(key, n + 1);
    return n;
  };

  for (let d = 0; d < WEEKS * 7; d++) {
    const today = day(d);
    a.setToday(today);
    if (plan.sick && d === plan.sick[0]) {
      record.timeOffResult = await a
        .try('record_time_off', { from: day(plan.sick[0]), to: day(plan.sick[1]), kind: 'illness', note: 'flu' })
        .catch((e: unknown) => ({ isError: true, body: String(e) }));
    }
    if (d === 3) {
      // Logging tomorrow's session today, and a race a month ahead, must be refused.
      const ahead = (await a.call<{ workouts: Session[] }>('list_workouts', { planId, from: day(4), to: day(10), limit: 20 })).workouts;
      const tomorrowish = ahead.find((w) => w.status === 'scheduled')!;
      const r = await a.try('complete_workout', {
        id: tomorrowish.id,
        asPrescribed: true,
        ...(tomorrowish.run.length ? normalRun(tomorrowish) : {}),
      });
      record.futureRefusal = { isError: r.isError, text: JSON.stringify(r.body) };
      const b = await a.try('set_benchmark', { kind: 'race', distance: 5, distanceUnit: 'km', timeSeconds: 17 * 60, date: day(33) });
      record.futureBenchmarkRefusal = { isError: b.isError, text: JSON.stringify(b.body) };
    }
    const isAway = plan.away && d >= plan.away[0] && d <= plan.away[1];
    const isSick = plan.sick && d >= plan.sick[0] && d <= plan.sick[1];
    if (plan.label === 'runner' && d === 24) {
      // A 5 km race on a Wednesday, slower than the plan predicts (20:55 against about 20:17).
      const before = (await progress()).vdot;
      const race = await a.call<WriteResult>('create_workout', { date: today, title: 'Parkrun', run: [{ kind: 'race', distance: 5 }] });
      await a.call<WriteResult>('complete_workout', { id: race.workout.id, run: { distance: 5, durationSeconds: 20 * 60 + 55, rpe: 9.5 } });
      record.raceVdot = { before, after: (await progress()).vdot };
    }
    const todays = (await a.call<{ workouts: Session[] }>('list_workouts', { planId, from: today, to: today, limit: 20 })).workouts;
    for (const w of todays) {
      if (w.status !== 'scheduled' || seen.has(w.id)) continue;
      seen.add(w.id);
      const current = (await a.call<{ workout: Session }>('get_workout', { id: w.id })).workout;
      record.prescribed.push(current);
      if (isAway || isSick) continue;
      const progressBefore = await progress();
      let action = 'as prescribed';
      let args: { [k: string]: unknown } = { id: current.id };
      const hasSquat = current.strength.some((b) => b.exercise === 'back-squat');
      const hasBench = current.strength.some((b) => b.exercise === 'bench-press');
      const week = Math.floor(d / 7) + 1;
      let sets = liftSets(current, asPlanned);
      if (plan.label === 'lifter' && week === 2 && hasSquat && nth('strong') === 0) {
        action = 'strong set';
        // The last squat set far above expectation: +20 kg for the same reps at RPE 7.
        sets = liftSets(current, (lift, s, i, n) =>
          lift === 'back-squat' && i === n - 1 ? { reps: s.reps, load: (s.loadKg ?? 0) + 20, rpe: 7 } : asPlanned(lift, s),
        );
      } else if (plan.label === 'lifter' && week === 3 && hasSquat && nth('miss3') < 2) {
        action = 'missed reps';
        sets = liftSets(current, (lift, s, i) =>
          lift === 'back-squat' ? { reps: Math.max(1, s.reps - i), load: s.loadKg ?? 0, rpe: 10 } : asPlanned(lift, s),
        );
      } else if (plan.label === 'lifter' && week === 5 && hasSquat && nth('miss5') === 0) {
        action = 'missed reps after deload';
        sets = liftSets(current, (lift, s, i) =>
          lift === 'back-squat' ? { reps: Math.max(1, s.reps - i), load: s.loadKg ?? 0, rpe: 10 } : asPlanned(lift, s),
        );
      } else if (plan.label === 'lifter' && week === 5 && hasBench && nth('grind') === 0) {
        action = 'grinders';
        sets = liftSets(current, (lift, s, i) =>
          lift === 'bench-press' ? { reps: s.reps, load: s.loadKg ?? 0, rpe: i === 0 ? 9.5 : 10 } : asPlanned(lift, s),
        );
      } else if (plan.label === 'hybrid' && week === 2 && hasSquat && nth('grind') === 0) {
        action = 'grinders';
        sets = liftSets(current, (lift, s, i) =>
          lift === 'back-squat' ? { reps: s.reps, load: s.loadKg ?? 0, rpe: i === 0 ? 9.5 : 10 } : asPlanned(lift, s),
        );
      } else if (plan.label === 'hybrid' && week === 3 && hasSquat && nth('miss') === 0) {
        action = 'missed reps';
        sets = liftSets(current, (lift, s, i) =>
          lift === 'back-squat' ? { reps: Math.max(1, s.reps - i), load: s.loadKg ?? 0, rpe: 10 } : asPlanned(lift, s),
        );
      }
      let run = current.run.length ? normalRun(current) : undefined;
      const easyOrLong = current.run.length > 0 && current.run.every((s) => ['easy', 'long', 'recovery'].includes(s.kind));
      const threshold = current.run.some((s) => s.kind === 'threshold');
      if (plan.label === 'runner' && week === 2 && easyOrLong && nth('fast-easy') === 0) {
        action = 'easy at tempo pace';
        run = normalRun(current, { paceFactor: () => 272 / (current.run[0]!.targetPaceSeconds ?? 330), avgHr: () => 170, rpe: () => 6 });
      } else if (plan.label === 'runner' && week >= 2 && week <= 4 && threshold) {
        action = 'tempo 2 % fast';
        run = normalRun(current, {
          paceFactor: (s) => (s.kind === 'threshold' ? 0.98 : 1),
          rpe: (s) => (s.kind === 'threshold' ? 7 : (RUN_RPE[s.kind] ?? 4)),
        });
      } else if (plan.label === 'hybrid' && week === 3 && current.run.some((s) => s.kind === 'long') && nth('fast-long') === 0) {
        action = 'long at tempo pace';
        run = normalRun(current, { paceFactor: () => 0.82, avgHr: () => 172, rpe: () => 7 });
      }
      if (sets.length > 0) args = { ...args, strength: sets, asPrescribed: true };
      else if (current.strength.length > 0) args = { ...args, asPrescribed: true };
      if (run) args = { ...args, ...run };
      const result = await a.call<WriteResult>('complete_workout', args);
      done.push({
        day: d,
        before: current,
        after: result.workout as Session,
        action,
        changes: result.adaptation.changes,
        notes: result.adaptation.notes,
        progressBefore,
        progressAfter: await progress(),
      });
    }
    record.vdotByDay.push([d, (await progress()).vdot]);
  }
  // What the plan shows for the passed days afterwards.
  a.setToday(day(WEEKS * 7));
  const all: Session[] = [];
  let cursor: string | undefined;
  do {
    const page = await a.call<{ workouts: Session[]; nextCursor: string | null }>('list_workouts', {
      planId,
      from: day(0),
      to: day(WEEKS * 7),
      limit: 100,
      ...(cursor ? { cursor } : {}),
    });
    all.push(...page.workouts);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  record.passedUndone = all.filter((w) => w.status !== 'completed' && w.status !== 'skipped' && w.date < day(WEEKS * 7));
  return record;
}

beforeAll(async () => {
  for (const p of PLANS) records.set(p.label, await follow(p));
}, 1_500_000);

afterAll(async () => {
  for (const r of records.values()) await r.athlete.agent.close();
});

beforeEach(() => {
  expect.hasAssertions();
});

const get = (label: string) => records.get(label)!;
const squatSessions = (r: Journal) => r.logged.filter((l) => l.before.strength.some((b) => b.exercise === 'back-squat'));

describe.each(PLANS.map((p) => p.label))('%s over ten weeks', (label) => {
  it('refuses a completion for tomorrow and a benchmark a month ahead, naming the date', () => {
    const r = get(label);
    expect(r.futureRefusal.isError).toBe(true);
    expect(r.futureRefusal.text).toMatch(/future|after today|not yet/i);
    expect(r.futureBenchmarkRefusal.isError).toBe(true);
    expect(r.futureBenchmarkRefusal.text).toMatch(/future|after today|not yet/i);
  });

  it('logged sessions on most training days, and shows every passed undone session as missed (time off excepted)', () => {
    const r = get(label);
    expect(r.logged.length).toBeGreaterThan(WEEKS * r.plan.daysPerWeek * 0.5);
    // Unannounced time away leaves missed sessions; a recorded illness leaves none.
    if (r.plan.away) expect(r.passedUndone.length).toBeGreaterThan(0);
    else expect(r.passedUndone.filter((w) => w.status === 'missed')).toEqual([]);
    for (const w of r.passedUndone) {
      const d = (Date.parse(w.date) - Date.parse(D0)) / 86_400_000;
      const sick = r.plan.sick && d >= r.plan.sick[0] && d <= r.plan.sick[1];
      expect(w.status, `${w.title} on ${w.date}`).toEqual(sick ? expect.not.stringMatching(/^(scheduled|missed)$/) : 'missed');
    }
  });

  it('gives every prescribed run segment its heart-rate range in bpm between resting and max', () => {
    const r = get(label);
    const segments = r.prescribed.flatMap((w) => w.run.map((s) => ({ w, s })));
    if (r.plan.goal === 'strength') {
      expect(segments).toHaveLength(0);
      return;
    }
    expect(segments.length).toBeGreaterThan(10);
    for (const { w, s } of segments) {
      expect(s.heartRateBpm, `${w.date} ${w.title} ${s.kind}`).toEqual({ min: expect.any(Number), max: expect.any(Number) });
      expect(s.heartRateBpm!.min).toBeGreaterThan(RESTING_HR);
      expect(s.heartRateBpm!.max).toBeLessThanOrEqual(MAX_HR);
      expect(s.heartRateBpm!.min).toBeLessThan(s.heartRateBpm!.max);
    }
  });

  it('moves the e1RM by at most 5 % per session, up or down', () => {
    const r = get(label);
    const moves = r.logged.flatMap((l) =>
      l.progressAfter.lifts.map((after) => ({
        l,
        after,
        before: l.progressBefore.lifts.find((b) => b.exercise === after.exercise)?.e1rmKg ?? null,
      })),
    );
    const measured = moves.filter((m) => m.before !== null && m.after.e1rmKg !== null);
    if (r.plan.goal === '5k') {
      expect(measured).toHaveLength(0);
      return;
    }
    expect(measured.length).toBeGreaterThan(10);
    for (const m of measured) {
      expect(
        Math.abs(m.after.e1rmKg! / m.before! - 1),
        `${m.after.exercise} on day ${m.l.day} (${m.l.action}): ${m.before} -> ${m.after.e1rmKg}`,
      ).toBeLessThanOrEqual(0.0501);
    }
  });

  it('raises no main-lift load after missed reps or grinders, and never more than 10 % above the heaviest before', () => {
    const r = get(label);
    const hard = r.logged.filter((l) => /missed reps|grinders/.test(l.action));
    if (r.plan.goal === '5k') {
      expect(hard).toHaveLength(0);
      return;
    }
    expect(hard.length).toBeGreaterThan(0);
    for (const l of hard) {
      const lift = l.action === 'grinders' && r.plan.label === 'lifter' ? 'bench-press' : 'back-squat';
      const next = r.logged.find(
        (n) => n.day > l.day && n.before.strength.some((b) => b.exercise === lift) && n.before.phase === l.before.phase,
      );
      if (!next) continue;
      expect(loadOf(next.before, lift), `${lift} after ${l.action} on day ${l.day}`).toBeLessThanOrEqual(loadOf(l.before, lift)!);
    }
    let heaviest = new Map<string, number>();
    for (const l of r.logged) {
      for (const b of l.before.strength) {
        const top = topLoad(l.before, b.exercise);
        const prev = heaviest.get(b.exercise);
        if (prev) expect(top, `${b.exercise} on day ${l.day}`).toBeLessThanOrEqual(prev * 1.1 + 0.01);
        heaviest = new Map(heaviest).set(b.exercise, Math.max(prev ?? 0, top));
      }
    }
  });

  it('says why in short, true reasons: one line per change, no "off day" for a session at target', () => {
    const r = get(label);
    const all = r.logged.flatMap((l) => l.changes.map((c) => ({ l, c })));
    expect(all.length).toBeGreaterThan(5);
    for (const { l, c } of all) {
      expect(c.reason.length, c.reason).toBeLessThanOrEqual(400);
      expect(c.reason).not.toContain('\n');
      if (l.action === 'as prescribed') expect(c.reason, `day ${l.day}`).not.toMatch(/off day/i);
    }
    for (const l of r.logged.filter((x) => x.action === 'as prescribed')) {
      for (const n of l.notes) expect(n, `day ${l.day}`).not.toMatch(/off day|(\d+(\.\d+)?) kg → \1 kg/);
    }
  });
});

describe('the lifter (intermediate, 3 days)', () => {
  it('bounds the set far above expectation, names it with its own load, and does not jump the next squat', () => {
    const r = get('lifter');
    const strong = r.logged.find((l) => l.action === 'strong set')!;
    expect(strong).toBeDefined();
    const said = [...strong.notes, ...strong.changes.map((c) => c.reason)].join(' ');
    const heavy = topLoad(strong.before, 'back-squat') + 20;
    expect(said).toContain(`${heavy} kg`);
    expect(said).toMatch(/above|higher than|expect/i);
    const next = squatSessions(r).find((l) => l.day > strong.day)!;
    expect(loadOf(next.before, 'back-squat')!).toBeLessThanOrEqual(loadOf(strong.before, 'back-squat')! * 1.06);
  });

  it('does not carry a miss streak across the deload week', () => {
    const r = get('lifter');
    const after = r.logged.find((l) => l.action === 'missed reps after deload')!;
    expect(after).toBeDefined();
    expect(after.progressAfter.lifts.find((x) => x.exercise === 'back-squat')!.missesInARow).toBeLessThanOrEqual(1);
    expect([...after.notes, ...after.changes.map((c) => c.reason)].join(' ')).not.toMatch(/3 sessions in a row/);
  });

  it('brings every main lift back lower after 3+ weeks away, and does not deload straight after', () => {
    const r = get('lifter');
    const [from, to] = r.plan.away!;
    // Compared with the last build-week session before the break (a deload week lifts 90 %).
    const lastBefore = r.logged.filter((l) => l.day < from && l.before.phase === 'build');
    const back = r.logged.filter((l) => l.day > to);
    expect(back.length).toBeGreaterThan(0);
    const checked: string[] = [];
    for (const lift of MAIN_LIFTS) {
      const last = [...lastBefore].reverse().find((l) => loadOf(l.before, lift) !== null);
      const first = back.find((l) => loadOf(l.before, lift) !== null);
      if (!last || !first) continue;
      checked.push(lift);
      expect(
        loadOf(first.before, lift),
        `${lift}: ${loadOf(last.before, lift)} before, ${loadOf(first.before, lift)} back`,
      ).toBeLessThanOrEqual(loadOf(last.before, lift)! * 0.95);
    }
    expect(checked.length).toBeGreaterThan(1);
    expect(back.filter((l) => l.day <= to + 7).map((l) => l.before.phase)).not.toContain('deload');
  });
});

describe('the runner (5K, 4 days)', () => {
  it('lowers VDOT after a race slower than predicted', () => {
    const r = get('runner');
    expect(r.raceVdot?.before).toBeGreaterThan(48);
    expect(r.raceVdot!.after!).toBeLessThan(r.raceVdot!.before!);
    expect(r.raceVdot!.after!).toBeCloseTo(47.6, 0);
  });

  it('raises VDOT from fast tempo runs by at most one point a week', () => {
    const r = get('runner');
    const tempo = r.logged.filter((l) => l.action === 'tempo 2 % fast');
    expect(tempo.length).toBeGreaterThan(1);
    for (let i = 0; i < r.vdotByDay.length; i++) {
      const [d, v] = r.vdotByDay[i]!;
      const weekAgo = r.vdotByDay.find(([x]) => x === d - 7)?.[1];
      if (v !== null && weekAgo !== undefined && weekAgo !== null) expect(v - weekAgo, `day ${d}`).toBeLessThanOrEqual(1.01);
    }
    expect(r.vdotByDay.at(-1)![1]!).toBeLessThan(52);
  });

  it('names an easy run at tempo pace as too fast', () => {
    const r = get('runner');
    const fast = r.logged.find((l) => l.action === 'easy at tempo pace')!;
    expect(fast).toBeDefined();
    expect(fast.notes.join(' ')).toMatch(/too fast|faster than/i);
  });

  it('pauses the plan for the sick week and brings the runner back with less than the week before', () => {
    const r = get('runner');
    const [from, to] = r.plan.sick!;
    expect(r.timeOffResult?.isError, JSON.stringify(r.timeOffResult?.body)).toBe(false);
    const weekKm = (start: number) =>
      r.prescribed.filter((w) => w.date >= day(start) && w.date <= day(start + 6)).reduce((s, w) => s + runKm(w), 0);
    const before = weekKm(from - 7);
    const back = weekKm(to + 1);
    expect(before).toBeGreaterThan(0);
    expect(back).toBeGreaterThan(0);
    expect(back).toBeLessThanOrEqual(before);
    const biggest = Math.max(...Array.from({ length: WEEKS }, (_, i) => weekKm(i * 7)));
    expect(back).toBeLessThan(biggest);
  });
});

describe('the hybrid athlete (novice, 4 days)', () => {
  it('notes a long run at tempo pace', () => {
    const r = get('hybrid');
    const fast = r.logged.find((l) => l.action === 'long at tempo pace')!;
    expect(fast).toBeDefined();
    expect(fast.notes.join(' ')).toMatch(/too fast|faster than/i);
  });

  // Issue 32: the long run is the longest run of the week; with two of four runs short easy runs after
  // lifting it is a bigger share than Daniels' 30 % (the bound of tests/unit/training/run-templates.test.ts).
  it("keeps the long run the longest run of each week, at most 43 % of the week's running", () => {
    const r = get('hybrid');
    const weeks = Array.from({ length: WEEKS }, (_, i) => r.prescribed.filter((w) => w.date >= day(i * 7) && w.date <= day(i * 7 + 6)));
    const checked = weeks.filter((ws) => ws.some((w) => w.run.some((s) => s.kind === 'long')));
    expect(checked.length).toBeGreaterThan(3);
    for (const ws of checked) {
      const total = ws.reduce((s, w) => s + runKm(w), 0);
      const long = Math.max(...ws.map((w) => w.run.filter((s) => s.kind === 'long').reduce((s, x) => s + km(x), 0)));
      expect(long / total, `week of ${ws[0]!.date}`).toBeLessThanOrEqual(0.43 + 1e-9);
      for (const w of ws) expect(runKm(w), `${w.date} ${w.title}`).toBeLessThanOrEqual(long + 1e-9);
    }
  });

  it('comes back from 18 days away with a lower squat and no longer long run than before', () => {
    const r = get('hybrid');
    const [from, to] = r.plan.away!;
    const before = r.prescribed.filter((w) => w.date < day(from));
    const back = r.prescribed.filter((w) => w.date > day(to));
    const lastSquat = [...before].reverse().find((w) => loadOf(w, 'back-squat') !== null)!;
    const firstSquat = back.find((w) => loadOf(w, 'back-squat') !== null)!;
    expect(loadOf(firstSquat, 'back-squat')!).toBeLessThanOrEqual(loadOf(lastSquat, 'back-squat')! * 0.95);
    const longKm = (w: Session) => w.run.filter((s) => s.kind === 'long').reduce((s, x) => s + km(x), 0);
    const lastLong = [...before].reverse().find((w) => longKm(w) > 0)!;
    const firstLong = back.find((w) => longKm(w) > 0)!;
    expect(longKm(firstLong)).toBeLessThanOrEqual(longKm(lastLong));
  });
});
