// Issue 23, strength over MCP against `next start`: experience decides the plan, one session moves the
// e1RM a bounded amount (outliers named, confirmed by the next session), loads rise only on evidence,
// the miss streak resets after a deload, lifts come back lower after time away, and record_time_off
// pauses, shifts and ramps the plan back in. The coaching clock is moved per call (agent.setToday).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, newAthlete, type Athlete, type WorkoutView, type WriteResult } from '../support/athlete';

/** A Monday, far from the real clock: every call carries its own day. */
const D = '2027-03-01';

const athletes: Athlete[] = [];
async function athlete(label: string, profile: Record<string, unknown> = {}): Promise<Athlete> {
  const a = await newAthlete(label, { profile });
  athletes.push(a);
  return a;
}
afterAll(async () => {
  for (const a of athletes) await a.agent.close();
});

type Progress = { lifts: { exercise: string; e1rmKg: number | null; workingLoadKg: number | null; missesInARow: number }[] };
type Adjustment = { trigger: string; reason: string; field: string; before: number | null; after: number | null };
const sets = (spec: string, load: number) =>
  spec.split(' ').map((t) => ({ reps: Number(t.split('@')[0]), load, rpe: Number(t.split('@')[1]) }));
const loadOf = (w: WorkoutView, exercise: string) => w.strength.find((b) => b.exercise === exercise)?.sets[0]?.loadKg ?? null;

async function get(a: Athlete, id: string) {
  return a.agent.call<{ workout: WorkoutView; adjustments: Adjustment[] }>('get_workout', { id });
}
async function lift(a: Athlete, exercise: string) {
  return (await a.agent.call<Progress>('get_training_progress', { recent: 0, weeks: 1 })).lifts.find((l) => l.exercise === exercise)!;
}

describe('one session moves the e1RM a bounded amount; an outlier is named and confirmed by the next session', () => {
  let a: Athlete;
  const ids: string[] = [];
  let first: WriteResult;
  let second: WriteResult;

  beforeAll(async () => {
    a = await athlete('outlier');
    a.agent.setToday(addDays(D, -1));
    await a.agent.call('set_benchmark', { kind: 'lift', exercise: 'back-squat', load: 168, unit: 'kg', reps: 1, date: addDays(D, -1) });
    await a.agent.call('set_benchmark', { kind: 'lift', exercise: 'bench-press', load: 100, unit: 'kg', reps: 1, date: addDays(D, -1) });
    for (const day of [0, 2, 4]) {
      const block = (exercise: string) => ({ exercise, progression: 'autoregulated', sets: [1, 2, 3].map(() => ({ reps: 5, rpe: 7 })) });
      ids.push(
        (
          await a.agent.call<WriteResult>('create_workout', {
            date: addDays(D, day),
            strength: [block('back-squat'), block('bench-press')],
          })
        ).workout.id,
      );
    }
    a.agent.setToday(D);
    // The set: 155 kg x5 @ RPE 7 is worth 197 kg against an e1RM of 168; the bench, 70 kg x5 @ RPE 10, far below 100.
    first = await a.agent.call<WriteResult>('complete_workout', {
      id: ids[0],
      strength: [
        { exercise: 'back-squat', sets: sets('5@7 5@7 5@7', 155) },
        { exercise: 'bench-press', sets: sets('5@10 5@10 5@10', 70) },
      ],
    });
  }, 180_000);

  it('moves 2.5 %, not to 197 kg, and says which set and why', async () => {
    expect(first.adaptation.notes).toContain(
      'Back squat: 155 kg × 5 @ RPE 7 is worth an e1RM of 197.2 kg, far above the 168 kg estimate (+17 %), so it moves only 2.5 % to 172.2 kg until the next session confirms it; loads are recalculated from the new e1RM',
    );
    expect((await lift(a, 'back-squat')).e1rmKg).toBeCloseTo(172.2, 1);
    // next session 5 @ RPE 7 (78.6 %) of 172.2 = 135.3 -> 135 kg (it was 157.5 kg before: +16.7 %)
    const next = (await get(a, ids[1]!)).workout;
    expect(loadOf(next, 'back-squat')).toBe(135);
  });

  it('a set far below is named too and moves the same bounded amount down', async () => {
    expect(
      first.adaptation.notes.some((n) =>
        n.startsWith(
          'Bench press: 70 kg × 5 @ RPE 10 is worth an e1RM of 81.1 kg, far below the 100 kg estimate (−19 %), so it moves only 2.5 % to 97.5 kg',
        ),
      ),
    ).toBe(true);
    expect((await lift(a, 'bench-press')).e1rmKg).toBeCloseTo(97.5, 1);
  });

  it('the next session on the same side confirms it: the full 5 % bound, never the whole jump', async () => {
    a.agent.setToday(addDays(D, 2));
    second = await a.agent.call<WriteResult>('complete_workout', {
      id: ids[1],
      strength: [
        { exercise: 'back-squat', sets: sets('5@7 5@7 5@7', 155) },
        { exercise: 'bench-press', sets: sets('5@8 5@8 5@8', 80) },
      ],
    });
    expect(
      second.adaptation.notes.some((n) =>
        n.startsWith(
          'Back squat: a second session above the estimate confirms it (155 kg × 5 @ RPE 7 is worth 197.2 kg): e1RM 172.2 kg → 180.8 kg (at most 5 % per session)',
        ),
      ),
    ).toBe(true);
    expect((await lift(a, 'back-squat')).e1rmKg).toBeCloseTo(180.8, 1);
    const third = (await get(a, ids[2]!)).workout;
    expect(loadOf(third, 'back-squat')).toBeLessThanOrEqual(142.5);
  });

  it('no reason mentions an off day, and every e1RM reason names a set with its own load', () => {
    const notes = [...first.adaptation.notes, ...second.adaptation.notes];
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.filter((n) => n.includes('off day'))).toEqual([]);
    expect(notes.filter((n) => n.includes('e1RM') && !/\d+(\.\d)? kg × \d+ @ RPE/.test(n))).toEqual([]);
  });
});

describe('loads go up only on evidence (linear, 3x5 at 150 kg)', () => {
  let a: Athlete;
  const ids: string[] = [];
  beforeAll(async () => {
    a = await athlete('evidence');
    a.agent.setToday(D);
    for (const day of [0, 2, 4]) {
      const sets5 = [1, 2, 3].map(() => (day === 0 ? { reps: 5, load: 150 } : { reps: 5 }));
      ids.push(
        (
          await a.agent.call<WriteResult>('create_workout', {
            date: addDays(D, day),
            strength: [{ exercise: 'deadlift', progression: 'linear', sets: sets5 }],
          })
        ).workout.id,
      );
    }
  }, 180_000);

  it.each([
    // [session, sets done at 150 kg, next session's load, miss streak after, reason]
    [0, '5@9.5 5@10 5@10', 150, 0, 'Deadlift: 3×5 at 150 kg done, but at RPE 10 (no reps in reserve), so the load holds at 150 kg'],
    [
      1,
      '5@8 4@10 3@10',
      142.5,
      1,
      'Deadlift: 3 of 15 reps missed at 150 kg (5/4/3 reps @ 150 kg (RPE 8/10/10)), so the load drops 5 %: 150 kg → 142.5 kg (1 of 3 misses before a deload)',
    ],
  ] as const)('session %i: %s -> next %d kg', async (i, done, next, streak, why) => {
    a.agent.setToday(addDays(D, i * 2));
    const result = await a.agent.call<WriteResult>('complete_workout', {
      id: ids[i],
      strength: [{ exercise: 'deadlift', sets: sets(done, 150) }],
    });
    expect(result.adaptation.notes.some((n) => n.includes(why))).toBe(true);
    expect(loadOf((await get(a, ids[i + 1]!)).workout, 'deadlift')).toBe(next);
    expect((await lift(a, 'deadlift')).missesInARow).toBe(streak);
  });
});

describe('experience decides the plan: same numbers, different plans', () => {
  let a: Athlete;
  type Created = {
    plan: { id: string; mainLiftProgression: string };
    weeks: { sessions: { id: string; date: string }[] }[];
    notes: string[];
  };
  const plans: Record<string, { created: Created; squats: WorkoutView['strength'] }> = {};

  beforeAll(async () => {
    a = await athlete('experience', { goal: 'strength', trainingDays: ['mon', 'wed', 'fri'], equipment: ['barbell', 'pullup-bar'] });
    a.agent.setToday(D);
    for (const [exercise, load] of [
      ['back-squat', 140],
      ['bench-press', 100],
      ['deadlift', 180],
      ['overhead-press', 60],
      ['barbell-row', 80],
    ] as const) {
      await a.agent.call('set_benchmark', { kind: 'lift', exercise, load, unit: 'kg', reps: 1, date: addDays(D, -1) });
    }
    for (const experience of ['novice', 'intermediate', 'advanced'] as const) {
      await a.agent.call('update_profile', { experience });
      const created = await a.agent.call<Created>('create_training_plan', {
        weeks: 4,
        daysPerWeek: 3,
        startDate: D,
        replaceExisting: true,
      });
      const squats: WorkoutView['strength'] = [];
      for (const s of created.weeks.flatMap((w) => w.sessions).slice(0, 6)) {
        squats.push(...(await get(a, s.id)).workout.strength.filter((b) => b.exercise === 'back-squat'));
      }
      plans[experience] = { created, squats };
    }
  }, 300_000);

  it.each([
    // [experience, plan rule, squat reps of the first sessions, first squat loads, the note]
    ['novice', 'linear', [5, 5, 5], [110, 115, 117.5], 'Main lifts (novice): linear progression session to session'],
    ['intermediate', 'linear', [5, 5, 5], [110, 110, 115], 'Main lifts (intermediate): weekly progression'],
    [
      'advanced',
      'autoregulated',
      [3, 8, 3],
      null,
      'Main lifts (advanced): RPE-autoregulated blocks: heavy triples and volume eights alternate per lift',
    ],
  ] as const)('%s: %s', (experience, rule, reps, loads, note) => {
    const { created, squats } = plans[experience]!;
    expect(created.plan.mainLiftProgression).toBe(rule);
    expect(created.notes.some((n) => n.startsWith(note))).toBe(true);
    expect(squats.slice(0, 3).map((b) => b.sets[0]!.reps)).toEqual(reps);
    if (loads) expect(squats.slice(0, 3).map((b) => b.sets[0]!.loadKg)).toEqual(loads);
    else
      expect(
        squats.slice(0, 3).every((b) => b.progression === 'autoregulated' && b.sets[0]!.rpe !== null && b.sets[0]!.loadKg !== null),
      ).toBe(true);
  });

  it('novice and advanced with the same benchmarks get different sessions', () => {
    expect(JSON.stringify(plans.novice!.squats)).not.toBe(JSON.stringify(plans.advanced!.squats));
  });

  it('create_training_plan and update_profile say how experience decides the rules', async () => {
    const tools = await a.agent.listTools();
    expect(tools.find((t) => t.name === 'create_training_plan')!.description).toContain(
      'novice linear per session, intermediate weekly, advanced RPE blocks',
    );
    const exp = (tools.find((t) => t.name === 'update_profile')!.inputSchema.properties as Record<string, { description?: string }>)
      .experience;
    expect(exp?.description).toContain('novice linear per session, intermediate weekly, advanced RPE undulating');
    expect(tools.find((t) => t.name === 'complete_workout')!.description).toContain('RPE 9.5+ holds a linear load');
  });
});

describe('the miss streak resets after a deload week', () => {
  let a: Athlete;
  const streaks: { date: string; phase: string | null; action: string; streak: number }[] = [];
  const notes: string[] = [];
  beforeAll(async () => {
    a = await athlete('streak', { goal: 'strength', trainingDays: ['mon', 'wed', 'fri'], equipment: ['barbell', 'pullup-bar'] });
    a.agent.setToday(D);
    await a.agent.call('set_benchmark', { kind: 'lift', exercise: 'back-squat', load: 140, unit: 'kg', reps: 1, date: addDays(D, -1) });
    const created = await a.agent.call<{ weeks: { sessions: { id: string }[] }[] }>('create_training_plan', {
      weeks: 5,
      daysPerWeek: 3,
      startDate: D,
    });
    // squat sessions (no gap of 14 days, which would clear the streak by itself): three at target, two misses, the deload-week one, then a miss
    const script = ['ok', 'ok', 'ok', 'miss', 'miss', 'ok', 'miss'];
    let squat = 0;
    for (const s of created.weeks.flatMap((w) => w.sessions)) {
      const { workout } = await get(a, s.id);
      const block = workout.strength.find((b) => b.exercise === 'back-squat');
      a.agent.setToday(workout.date);
      const action = block ? (script[squat++] ?? 'stop') : 'skip';
      if (action === 'stop') break;
      if (action === 'skip') {
        await a.agent.call('skip_workout', { id: workout.id });
      } else {
        const result = await a.agent.call<WriteResult>('complete_workout', {
          id: workout.id,
          strength: [
            {
              exercise: 'back-squat',
              sets: block!.sets.map((x, i) => ({
                reps: action === 'miss' && i === block!.sets.length - 1 ? x.reps - 1 : x.reps,
                load: x.load,
                rpe: 8,
              })),
            },
          ],
          asPrescribed: true,
        });
        notes.push(...result.adaptation.notes);
      }
      if (block) streaks.push({ date: workout.date, phase: workout.phase, action, streak: (await lift(a, 'back-squat')).missesInARow });
    }
  }, 300_000);

  it('counts misses, clears them in the deload week, and the miss after it is the first of three, not a deload', () => {
    expect(streaks.map((s) => [s.phase, s.action, s.streak])).toEqual([
      ['build', 'ok', 0],
      ['build', 'ok', 0],
      ['build', 'ok', 0],
      ['build', 'miss', 1],
      ['build', 'miss', 2],
      ['deload', 'ok', 0], // before issue 23 the streak stayed 2 here and the next miss deloaded 10 %
      ['build', 'miss', 1],
    ]);
    expect(
      notes.some((n) => n.includes('deload week, so progression is paused') && n.includes('the miss streak starts again after it')),
    ).toBe(true);
    expect(notes.filter((n) => n.includes('(1 of 3 misses before a deload)'))).toHaveLength(2);
    expect(notes.some((n) => n.includes('3 sessions in a row missed'))).toBe(false);
  });
});

describe('23 days without a lift: the next load comes back lower and ramps back', () => {
  let a: Athlete;
  const ids: string[] = [];
  beforeAll(async () => {
    a = await athlete('layoff');
    a.agent.setToday(D);
    for (const [day, load] of [
      [0, 150],
      [25, undefined],
      [27, undefined],
    ] as const) {
      const s = [1, 2, 3].map(() => (load ? { reps: 5, load } : { reps: 5 }));
      ids.push(
        (
          await a.agent.call<WriteResult>('create_workout', {
            date: addDays(D, day),
            strength: [{ exercise: 'back-squat', progression: 'linear', sets: s }],
          })
        ).workout.id,
      );
    }
    await a.agent.call('complete_workout', { id: ids[0], strength: [{ exercise: 'back-squat', sets: sets('5@8 5@8 5@8', 150) }] });
  }, 180_000);

  it('before the break the plan says 155 kg; 23 days later the same session says 135 kg, 10 % below the 150 kg last lifted, with the reason', async () => {
    expect(loadOf((await get(a, ids[1]!)).workout, 'back-squat')).toBe(155);
    a.agent.setToday(addDays(D, 23));
    const { workout, adjustments } = await get(a, ids[1]!);
    // 10 % off what was last lifted (150 kg), not off the 155 kg progression had set since: 135 kg
    expect(loadOf(workout, 'back-squat')).toBe(135);
    const away = adjustments.filter((x) => x.trigger === 'time_away');
    expect(away.length).toBeGreaterThan(0);
    expect(away[0]!.reason).toContain(
      `Back squat: back 10 % lower after 23 days away (last trained ${D}): 155 kg → 135 kg (10 % below the 150 kg last lifted), ramping back to 155 kg over the next sessions`,
    );
    // reading again does not take it off twice
    expect(loadOf((await get(a, ids[1]!)).workout, 'back-squat')).toBe(135);
  });

  it('the session after it ramps back toward the old load once the first is done at target, not past it', async () => {
    // ahead of it the ramp holds: the step is earned by a session at target, not assumed
    expect(loadOf((await get(a, ids[2]!)).workout, 'back-squat')).toBe(135);
    a.agent.setToday(addDays(D, 25));
    const done = await a.agent.call<WriteResult>('complete_workout', { id: ids[1], asPrescribed: true });
    // half the way back (10 kg) or the increment, whichever is more
    expect(done.adaptation.notes.join(' ')).toContain('ramping back after time away: next session 135 kg → 145 kg');
    expect(loadOf((await get(a, ids[2]!)).workout, 'back-squat')).toBe(145);
  });
});

describe('record_time_off: the plan pauses, shifts and ramps back in', () => {
  let a: Athlete;
  type Listed = { workouts: WorkoutView[] };
  type Recorded = {
    timeOff: { id: string; from: string; to: string; days: number; kind: string; note: string | null };
    paused: { id: string; date: string }[];
    moved: { id: string; title: string; from: string; to: string }[];
    shiftDays: number;
    adaptation: WriteResult['adaptation'];
  };
  let planId: string;
  let weeksBefore: number;
  let before: WorkoutView[];
  let recorded: Recorded;
  let streakBefore: number;

  beforeAll(async () => {
    a = await athlete('illness', { goal: 'hybrid', trainingDays: ['mon', 'wed', 'fri', 'sat'], equipment: ['barbell', 'pullup-bar'] });
    a.agent.setToday(D);
    for (const [exercise, load] of [
      ['back-squat', 120],
      ['bench-press', 80],
      ['deadlift', 150],
      ['overhead-press', 50],
      ['barbell-row', 70],
    ] as const) {
      await a.agent.call('set_benchmark', { kind: 'lift', exercise, load, unit: 'kg', reps: 1, date: addDays(D, -1) });
    }
    await a.agent.call('set_benchmark', { kind: 'race', distance: 5, distanceUnit: 'km', timeSeconds: 1500, date: addDays(D, -1) });
    const created = await a.agent.call<{ plan: { id: string; weeks: number } }>('create_training_plan', {
      weeks: 6,
      daysPerWeek: 4,
      startDate: D,
      mainLiftProgression: 'linear',
    });
    planId = created.plan.id;
    weeksBefore = created.plan.weeks;
    // Week 1 done: strength as prescribed with one missed rep (a miss streak), runs skipped.
    const week1 = (await a.agent.call<Listed>('list_workouts', { planId, from: D, to: addDays(D, 6) })).workouts.reverse();
    for (const w of week1) {
      a.agent.setToday(w.date);
      if (w.strength.length === 0) await a.agent.call('skip_workout', { id: w.id });
      else
        await a.agent.call('complete_workout', {
          id: w.id,
          strength: w.strength
            .filter((b) => b.progression === 'linear')
            .map((b) => ({
              exercise: b.exercise,
              sets: b.sets.map((x, i) => ({ reps: i === 2 ? x.reps - 1 : x.reps, load: x.load, rpe: 8 })),
            })),
          asPrescribed: true,
        });
    }
    streakBefore = (await lift(a, 'back-squat')).missesInARow;
    // Ill from Monday of week 2 to Friday; recorded on Wednesday.
    a.agent.setToday(addDays(D, 9));
    before = (
      await a.agent.call<Listed>('list_workouts', { planId, from: addDays(D, 7), to: addDays(D, 70), status: ['scheduled'], limit: 100 })
    ).workouts;
    recorded = await a.agent.call<Recorded>('record_time_off', { from: addDays(D, 7), to: addDays(D, 11), kind: 'illness', note: 'flu' });
  }, 300_000);

  it('stores the record and lists it', async () => {
    expect(recorded.timeOff).toMatchObject({ from: addDays(D, 7), to: addDays(D, 11), days: 5, kind: 'illness', note: 'flu' });
    const listed = await a.agent.call<{ timeOff: { id: string }[] }>('list_time_off');
    expect(listed.timeOff.map((t) => t.id)).toEqual([recorded.timeOff.id]);
  });

  it('pauses: the past session inside the days off is skipped, not missed; nothing is left scheduled in them', async () => {
    expect(recorded.paused.map((p) => p.date)).toEqual([addDays(D, 7)]);
    const inside = await a.agent.call<Listed>('list_workouts', { from: addDays(D, 7), to: addDays(D, 11), status: ['scheduled'] });
    expect(inside.workouts).toEqual([]);
    const plan = await a.agent.call<{ plan: { weeks: number; sessions: { missed: number } } }>('get_training_plan', { id: planId });
    expect(plan.plan.sessions.missed).toBe(0);
    expect(plan.plan.weeks).toBe(weeksBefore + 1);
  });

  it('shifts everything still ahead by a whole week, runs included, weekdays kept', () => {
    expect(recorded.shiftDays).toBe(7);
    const movedIds = new Set(recorded.moved.map((m) => m.id));
    const expected = before.filter((w) => w.date >= addDays(D, 9));
    expect(expected.length).toBeGreaterThan(10);
    for (const w of expected) expect(movedIds.has(w.id), w.id).toBe(true);
    for (const m of recorded.moved) expect(m.to).toBe(addDays(m.from, 7));
    expect(recorded.moved.some((m) => m.title === 'Long run')).toBe(true);
  });

  it('ramps back in: lower loads after the illness, each with its reason, and the miss streaks cleared', async () => {
    const loadChanges = recorded.adaptation.changes.filter((c) => c.field.endsWith('loadKg'));
    expect(loadChanges.length).toBeGreaterThan(0);
    for (const c of loadChanges) {
      expect(c.after!, JSON.stringify(c)).toBeLessThan(c.before!);
      expect(c.reason).toContain('back 5 % lower after illness or injury');
      expect(c.reason).toContain(`time off (illness ${addDays(D, 7)} to ${addDays(D, 11)})`);
    }
    expect(streakBefore).toBe(1);
    expect((await lift(a, 'back-squat')).missesInARow).toBe(0);
  });

  it('refuses bad input with the field and the fix', async () => {
    const overlap = await a.agent.try('record_time_off', { from: addDays(D, 10), to: addDays(D, 13), kind: 'injury' });
    expect(overlap.isError).toBe(true);
    expect(overlap.body).toMatchObject({ error: 'conflict' });
    expect(String((overlap.body as { message: string }).message)).toContain('delete_time_off');
    const backwards = await a.agent.try('record_time_off', { from: addDays(D, 30), to: addDays(D, 29), kind: 'other' });
    expect(backwards.isError).toBe(true);
    expect(backwards.body).toMatchObject({ error: 'invalid_argument', field: 'to' });
    const kind = await a.agent.try('record_time_off', { from: addDays(D, 30), to: addDays(D, 31), kind: 'flu' });
    expect(kind.isError).toBe(true);
    expect(JSON.stringify(kind.body)).toContain('kind');
    const missing = await a.agent.try('delete_time_off', { id: 'no-such-id' });
    expect(missing.isError).toBe(true);
    expect(missing.body).toMatchObject({ error: 'not_found' });
  });

  it('delete_time_off forgets the record', async () => {
    const deleted = await a.agent.call<{ deleted: { id: string } }>('delete_time_off', { id: recorded.timeOff.id });
    expect(deleted.deleted.id).toBe(recorded.timeOff.id);
    expect((await a.agent.call<{ timeOff: unknown[] }>('list_time_off')).timeOff).toEqual([]);
  });
});

describe('23 days away, first seen through list_workouts: the same answer shows the lower load, its reason and the time away', () => {
  type Next = {
    workoutId: string;
    date: string;
    daysSinceLastSession: number | null;
    lastSession: { id: string; date: string } | null;
    lastTrained: { id: string; date: string | null; days: number | null }[];
    warnings: string[];
  };
  type Listed = { workouts: (WorkoutView & { adjustments: Adjustment[] })[]; next: Next | null };
  let a: Athlete;
  const ids: string[] = [];
  beforeAll(async () => {
    a = await athlete('layoff-list');
    a.agent.setToday(D);
    for (const [day, load] of [
      [0, 150],
      [25, undefined],
    ] as const) {
      const s = [1, 2, 3].map(() => (load ? { reps: 5, load } : { reps: 5 }));
      ids.push(
        (
          await a.agent.call<WriteResult>('create_workout', {
            date: addDays(D, day),
            strength: [{ exercise: 'back-squat', progression: 'linear', sets: s }],
          })
        ).workout.id,
      );
    }
    await a.agent.call('complete_workout', { id: ids[0], strength: [{ exercise: 'back-squat', sets: sets('5@8 5@8 5@8', 150) }] });
  }, 180_000);

  it('the catch-up runs before the page is read: 135 kg with the time_away reason, and next carries the 25 days away', async () => {
    a.agent.setToday(addDays(D, 23));
    const listed = await a.agent.call<Listed>('list_workouts', { from: D, to: addDays(D, 30) });
    expect(listed.workouts.map((w) => w.id)).toEqual([ids[1], ids[0]]);
    const back = listed.workouts[0]!;
    expect(loadOf(back, 'back-squat')).toBe(135);
    const away = back.adjustments.filter((x) => x.trigger === 'time_away');
    expect(away.length).toBeGreaterThan(0);
    expect(away[0]!.reason).toContain(
      `Back squat: back 10 % lower after 23 days away (last trained ${D}): 155 kg → 135 kg (10 % below the 150 kg last lifted), ramping back to 155 kg over the next sessions`,
    );
    expect(listed.next).toMatchObject({
      workoutId: ids[1],
      date: addDays(D, 25),
      daysSinceLastSession: 25,
      lastSession: { id: ids[0], date: D },
      lastTrained: [{ id: 'back-squat', date: D, days: 25 }],
    });
    expect(listed.next!.warnings).toHaveLength(2);
    expect(listed.next!.warnings[1]).toContain(`Back squat: last done 25 days before this session (${D})`);
    // Listing again neither lowers it twice nor adds a second reason.
    const again = await a.agent.call<Listed>('list_workouts', { from: D, to: addDays(D, 30) });
    expect(loadOf(again.workouts[0]!, 'back-squat')).toBe(135);
    expect(again.workouts[0]!.adjustments.filter((x) => x.trigger === 'time_away')).toHaveLength(away.length);
  });
});

describe('three weeks away that end in a deload week: the lift comes back lower and the deload is dropped', () => {
  let a: Athlete;
  let week4: WorkoutView[];
  let lastDone: number;
  beforeAll(async () => {
    a = await athlete('layoff-deload', { goal: 'strength', trainingDays: ['mon', 'wed', 'fri'], equipment: ['barbell', 'pullup-bar'] });
    a.agent.setToday(D);
    await a.agent.call('set_benchmark', { kind: 'lift', exercise: 'back-squat', load: 140, unit: 'kg', reps: 1, date: addDays(D, -1) });
    const created = await a.agent.call<{ plan: { id: string }; weeks: { phase: string; sessions: { id: string }[] }[] }>(
      'create_training_plan',
      { weeks: 5, daysPerWeek: 3, startDate: D },
    );
    expect(created.weeks.map((w) => w.phase)).toEqual(['build', 'build', 'build', 'deload', 'build']);
    const first = (await get(a, created.weeks[0]!.sessions[0]!.id)).workout;
    lastDone = loadOf(first, 'back-squat')!;
    await a.agent.call('complete_workout', { id: first.id, asPrescribed: true });
    // Nothing done for three weeks; the person comes back on the Monday of the deload week.
    a.agent.setToday(addDays(D, 21));
    week4 = [];
    for (const s of created.weeks[3]!.sessions) week4.push((await get(a, s.id)).workout);
  }, 300_000);

  it('the first week back is a build week at a lower squat load, with the reasons', async () => {
    expect(week4.map((w) => w.phase)).toEqual(['build', 'build', 'build']);
    const squat = week4.find((w) => w.strength.some((b) => b.exercise === 'back-squat'))!;
    // 110 kg done (115 kg was next); 21 days later 10 % below the 110 kg lifted: 99 -> 97.5 kg, a build session (the deload would have lifted 105 kg)
    expect(lastDone).toBe(110);
    expect(loadOf(squat, 'back-squat')).toBe(97.5);
    const { adjustments } = await get(a, squat.id);
    expect(adjustments.some((x) => x.trigger === 'time_away' && x.reason.includes('back 10 % lower after 21 days away'))).toBe(true);
    // Reads do not write (issue 35): the catch-up is recorded by the next coaching write, and reading
    // after it answers the same.
    const before = await a.agent.call<{ recent: { notes: string[] }[] }>('get_training_progress', { recent: 1, weeks: 1 });
    expect(JSON.stringify(before.recent)).not.toContain('deload-week session(s) in the first week back become build sessions');
    await a.agent.call('update_workout', { id: squat.id, notes: 'back after three weeks' });
    const progress = await a.agent.call<{ recent: { notes: string[] }[] }>('get_training_progress', { recent: 1, weeks: 1 });
    expect(JSON.stringify(progress.recent)).toContain('deload-week session(s) in the first week back become build sessions');
    const after = await get(a, squat.id);
    expect(after.workout.phase).toBe('build');
    expect(loadOf(after.workout, 'back-squat')).toBe(97.5);
    expect(after.adjustments.filter((x) => x.trigger === 'time_away').map((x) => x.reason)).toEqual(
      adjustments.filter((x) => x.trigger === 'time_away').map((x) => x.reason),
    );
  });
});
