// Truthful data over MCP against `next start` (issue 23): nothing dated after today in the person's
// timezone is accepted (completions, skips, benchmarks, body weight); a past session never logged is
// "missed" and can still be logged; the same health reading sent twice is one row; benchmarks and
// health records can be deleted, and deleting one takes back what it taught; the next session
// carries readiness and time away; distances are a value with its unit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, newAthlete, type Athlete, type Adaptation, type WorkoutView, type WriteResult } from '../support/athlete';

let me: Athlete;
let other: Athlete;

type ToolErrorBody = { error: string; message: string; field?: string };
type Benchmark = {
  id: string;
  kind: string;
  date: string;
  e1rmKg: number | null;
  vdot: number | null;
  distance: number | null;
  distanceUnit: string;
  distanceM: number | null;
};
type HealthRecordView = {
  id: string;
  type: string;
  value: number;
  unit: string;
  date: string;
  start: string;
  source: { kind: string; id: string };
};

beforeAll(async () => {
  [me, other] = await Promise.all([newAthlete('truthful'), newAthlete('truthful-other')]);
}, 180_000);
afterAll(async () => {
  await Promise.all([me?.agent.close(), other?.agent.close()]);
});

/** A fresh athlete in `timezone` (its own data, so the cases do not see each other's). */
async function athleteIn(label: string, timezone: string): Promise<Athlete> {
  return newAthlete(label, { profile: { timezone } });
}

function expectRefused(r: { isError: boolean; body: unknown }, field: string, today: string): void {
  expect(r.isError).toBe(true);
  const body = r.body as ToolErrorBody;
  expect(body).toMatchObject({ error: 'invalid_argument', field });
  expect(body.message).toContain(field);
  expect(body.message).toContain(`after today (${today} in the person's timezone)`);
}

describe("nothing dated after today in the person's timezone", () => {
  // 12:00 UTC on 1 Dec: already 2 Dec (02:00) in Kiritimati (UTC+14), still 1 Dec (04:00) in Los Angeles (UTC-8).
  const NOW = '2027-03-01T12:00:00Z';
  const cases = [
    // zone, the person's today, a day that is today for them, the first day after it
    { zone: 'Pacific/Kiritimati', today: '2027-03-02', okDay: '2027-03-02', tomorrow: '2027-03-03' }, // UTC's tomorrow is their today
    { zone: 'America/Los_Angeles', today: '2027-03-01', okDay: '2027-03-01', tomorrow: '2027-03-02' }, // still yesterday for UTC's tomorrow
    { zone: 'UTC', today: '2027-03-01', okDay: '2027-03-01', tomorrow: '2027-03-31' }, // 30 days ahead
  ];

  it.each(cases)(
    '$zone: completions, skips, benchmarks and body weight dated $tomorrow are refused, $okDay accepted',
    async ({ zone, today, okDay, tomorrow }) => {
      const a = await athleteIn(`future-${zone.replace('/', '-')}`, zone);
      try {
        const agent = a.agent;
        agent.setToday(NOW);
        const ahead = (
          await agent.call<WriteResult>('create_workout', {
            date: tomorrow,
            strength: [{ exercise: 'back-squat', sets: [{ reps: 5, load: 100 }] }],
          })
        ).workout;
        const due = (await agent.call<WriteResult>('create_workout', { date: okDay, run: [{ kind: 'easy', distance: 5 }] })).workout;
        const skipDue = (await agent.call<WriteResult>('create_workout', { date: okDay, run: [{ kind: 'easy', durationSeconds: 1200 }] }))
          .workout;

        // Completions: the session's own day ahead, and a date given ahead for a session due today.
        expectRefused(await agent.try('complete_workout', { id: ahead.id, asPrescribed: true }), 'date', today);
        expectRefused(
          await agent.try('complete_workout', { id: due.id, run: { distance: 5, durationSeconds: 1500 }, date: tomorrow }),
          'date',
          today,
        );
        expectRefused(await agent.try('skip_workout', { id: ahead.id, reason: 'away' }), 'id', today);
        // Benchmarks: a 5K "run" ahead must not set VDOT today; a lift ahead must not set an e1RM.
        expectRefused(
          await agent.try('set_benchmark', { kind: 'race', distance: 5, distanceUnit: 'km', timeSeconds: 17 * 60 + 30, date: tomorrow }),
          'date',
          today,
        );
        expectRefused(
          await agent.try('set_benchmark', { kind: 'lift', exercise: 'back-squat', load: 150, unit: 'kg', reps: 1, date: tomorrow }),
          'date',
          today,
        );
        expectRefused(await agent.try('log_body_weight', { weight: 70, unit: 'kg', date: tomorrow }), 'date', today);

        // Nothing was stored or learned.
        expect((await agent.call<{ workout: WorkoutView }>('get_workout', { id: ahead.id })).workout.status).toBe('scheduled');
        expect((await agent.call<{ benchmarks: unknown[] }>('list_benchmarks')).benchmarks).toEqual([]);
        expect((await agent.call<{ vdot: number | null }>('get_training_progress', { recent: 0 })).vdot).toBeNull();
        expect((await agent.call<{ profile: { bodyWeight: unknown } }>('get_profile')).profile.bodyWeight).toBeNull();

        // Today in the person's zone is fine for each.
        expect(
          (await agent.call<WriteResult>('complete_workout', { id: due.id, run: { distance: 5, durationSeconds: 1500 } })).workout,
        ).toMatchObject({ status: 'completed', date: okDay });
        expect((await agent.call<WriteResult>('skip_workout', { id: skipDue.id })).workout.status).toBe('skipped');
        expect(await agent.call('set_benchmark', { kind: 'lift', exercise: 'back-squat', load: 150, unit: 'kg', reps: 1 })).toMatchObject({
          date: today,
          e1rmKg: 150,
        });
        expect(await agent.call('log_body_weight', { weight: 70, unit: 'kg', date: okDay })).toMatchObject({ date: okDay, kg: 70 });
        // A session done early is logged with the day it was really done.
        expect(
          (await agent.call<WriteResult>('complete_workout', { id: ahead.id, asPrescribed: true, date: okDay })).workout,
        ).toMatchObject({ status: 'completed', date: okDay });
      } finally {
        await a.agent.close();
      }
    },
  );
});

describe('missed sessions', () => {
  it('a past session never logged shows as missed (not scheduled), can be filtered, logged late or skipped; Mark done data follows', async () => {
    const a = await athleteIn('missed', 'UTC');
    try {
      const agent = a.agent;
      const today = '2027-04-14';
      agent.setToday(today);
      const make = async (date: string, title: string) =>
        (await agent.call<WriteResult>('create_workout', { date, title, run: [{ kind: 'easy', durationSeconds: 1800 }] })).workout;
      const old = await make(addDays(today, -9), 'nine days ago');
      const yesterday = await make(addDays(today, -1), 'yesterday');
      const now = await make(today, 'today');
      const tomorrow = await make(addDays(today, 1), 'tomorrow');
      expect([old.status, yesterday.status, now.status, tomorrow.status]).toEqual(['missed', 'missed', 'scheduled', 'scheduled']);

      const listed = await agent.call<{ today: string; workouts: WorkoutView[] }>('list_workouts');
      expect(listed.today).toBe(today);
      expect(listed.workouts.map((w) => [w.title, w.status])).toEqual([
        ['tomorrow', 'scheduled'],
        ['today', 'scheduled'],
        ['yesterday', 'missed'],
        ['nine days ago', 'missed'],
      ]);
      expect((await agent.call<{ workouts: WorkoutView[] }>('list_workouts', { status: ['missed'] })).workouts.map((w) => w.title)).toEqual(
        ['yesterday', 'nine days ago'],
      );
      expect(
        (await agent.call<{ workouts: WorkoutView[] }>('list_workouts', { status: ['scheduled'] })).workouts.map((w) => w.title),
      ).toEqual(['tomorrow', 'today']);
      const got = await agent.call<{ today: string; workout: WorkoutView }>('get_workout', { id: yesterday.id });
      expect(got).toMatchObject({ today, workout: { status: 'missed' } });

      // The day moves on: today's session becomes missed at midnight, nothing stored changes.
      agent.setToday(addDays(today, 1));
      expect((await agent.call<{ workout: WorkoutView }>('get_workout', { id: now.id })).workout.status).toBe('missed');
      expect((await agent.call<{ workout: WorkoutView }>('get_workout', { id: tomorrow.id })).workout.status).toBe('scheduled');

      // Missed is not final: logged late, or skipped.
      expect(
        (await agent.call<WriteResult>('complete_workout', { id: yesterday.id, run: { distance: 6, durationSeconds: 2100 } })).workout
          .status,
      ).toBe('completed');
      expect((await agent.call<WriteResult>('skip_workout', { id: old.id, reason: 'flu' })).workout.status).toBe('skipped');
      const plan = await agent.call<{ workouts: WorkoutView[] }>('list_workouts', { status: ['missed', 'completed', 'skipped'] });
      expect(plan.workouts.map((w) => [w.title, w.status])).toEqual([
        ['today', 'missed'],
        ['yesterday', 'completed'],
        ['nine days ago', 'skipped'],
      ]);
    } finally {
      await a.agent.close();
    }
  });
});

describe('health writes without a clientRecordId', () => {
  it('the same reading twice is one row; another value is another reading; parallel repeats store it once', async () => {
    const a = await athleteIn('health-idem', 'Europe/Berlin');
    try {
      const agent = a.agent;
      agent.setToday('2027-05-10T09:00:00Z');
      const reading = { type: 'resting_heart_rate', value: 52, unit: 'bpm', start: '2027-05-10T07:00:00+02:00' };
      const first = await agent.call<{ created: number; unchanged: number; records: (HealthRecordView & { result: string })[] }>(
        'record_health_data',
        { records: [reading] },
      );
      const again = await agent.call<{ created: number; unchanged: number; records: (HealthRecordView & { result: string })[] }>(
        'record_health_data',
        { records: [reading] },
      );
      expect([first.created, first.unchanged, again.created, again.unchanged]).toEqual([1, 0, 0, 1]);
      expect(again.records[0]).toMatchObject({ id: first.records[0]!.id, result: 'unchanged' });
      // Twice in one call, and five identical calls at once.
      const doubled = await agent.call<{ created: number; unchanged: number }>('record_health_data', {
        records: [
          { ...reading, value: 60, start: '2027-05-09T07:00:00+02:00' },
          { ...reading, value: 60, start: '2027-05-09T07:00:00+02:00' },
        ],
      });
      expect([doubled.created, doubled.unchanged]).toEqual([1, 1]);
      const storm = await Promise.all(
        Array.from({ length: 5 }, () =>
          agent.call<{ created: number }>('record_health_data', {
            records: [{ type: 'steps', value: 9000, unit: 'count', start: '2027-05-09' }],
          }),
        ),
      );
      expect(storm.reduce((n, r) => n + r.created, 0)).toBe(1);
      // Another value at the same start is a second reading; another source is its own reading.
      await agent.call('record_health_data', { records: [{ ...reading, value: 54 }] });
      await agent.call('record_health_data', { source: 'manual', records: [reading] });

      const rows = (
        await agent.call<{ records: HealthRecordView[] }>('get_health_data', { from: '2027-05-08', to: '2027-05-10', aggregation: 'none' })
      ).records;
      const rhr = rows.filter((r) => r.type === 'resting_heart_rate');
      expect(rhr.map((r) => [r.date, r.value, r.source.id]).sort()).toEqual([
        ['2027-05-09', 60, 'agent'],
        ['2027-05-10', 52, 'agent'],
        ['2027-05-10', 52, 'manual'],
        ['2027-05-10', 54, 'agent'],
      ]);
      expect(rows.filter((r) => r.type === 'steps')).toHaveLength(1);
    } finally {
      await a.agent.close();
    }
  });
});

describe('delete_benchmark', () => {
  const autoSquat = {
    exercise: 'back-squat',
    sets: [
      { reps: 5, rpe: 8 },
      { reps: 5, rpe: 8 },
    ],
  };
  const squatLoads = async (agent: Athlete['agent'], id: string) =>
    (await agent.call<{ workout: WorkoutView }>('get_workout', { id })).workout.strength[0]!.sets.map((s) => s.loadKg);

  it('a mistyped lift benchmark is taken back: the e1RM and the loads return, each change with its reason', async () => {
    const a = await athleteIn('delete-lift', 'UTC');
    try {
      const agent = a.agent;
      const today = '2027-06-07';
      agent.setToday(today);
      await agent.call('set_benchmark', { kind: 'lift', exercise: 'back-squat', load: 140, unit: 'kg', reps: 1, date: addDays(today, -5) });
      const session = (await agent.call<WriteResult>('create_workout', { date: addDays(today, 2), strength: [autoSquat] })).workout;
      const good = await squatLoads(agent, session.id);
      expect(good[0]).toBeGreaterThan(90);
      const typo = await agent.call<Benchmark>('set_benchmark', {
        kind: 'lift',
        exercise: 'back-squat',
        load: 300,
        unit: 'kg',
        reps: 1,
        date: addDays(today, -1),
      });
      expect((await squatLoads(agent, session.id))[0]).toBeGreaterThan(good[0]! * 2);

      const deleted = await agent.call<{ deleted: Benchmark; adaptation: Adaptation }>('delete_benchmark', { id: typo.id });
      expect(deleted.deleted).toMatchObject({ id: typo.id, e1rmKg: 300 });
      expect(deleted.adaptation.notes[0]).toMatch(
        /^Deleted benchmark Back squat 300 kg × 1 of 2027-06-06: the Back squat e1RM goes back to 140 kg \(was 300 kg\)/,
      );
      expect(deleted.adaptation.changes.length).toBeGreaterThan(0);
      for (const c of deleted.adaptation.changes) {
        expect(c).toMatchObject({ workoutId: session.id, siUnit: 'kg' });
        expect(c.after!).toBeLessThan(c.before!);
        expect(c.reason).toContain('Deleted benchmark Back squat 300 kg');
      }
      expect(await squatLoads(agent, session.id)).toEqual(good);
      expect((await agent.call<{ benchmarks: Benchmark[] }>('list_benchmarks')).benchmarks.map((b) => b.e1rmKg)).toEqual([140]);
      const adjustments = (await agent.call<{ adjustments: { trigger: string }[] }>('get_workout', { id: session.id })).adjustments;
      expect(adjustments.some((x) => x.trigger === 'benchmark_deleted')).toBe(true);

      // Deleting the only benchmark: no estimate left, the loads are blank and the notes say what to do.
      const [only] = (await agent.call<{ benchmarks: Benchmark[] }>('list_benchmarks')).benchmarks;
      const last = await agent.call<{ adaptation: Adaptation }>('delete_benchmark', { id: only!.id });
      expect(last.adaptation.notes[0]).toMatch(/no other evidence for the Back squat e1RM remains \(was 140 kg\)/);
      expect(last.adaptation.changes.every((c) => c.after === null && c.before !== null)).toBe(true);
      expect(last.adaptation.changes.length).toBe(2);
      expect(await squatLoads(agent, session.id)).toEqual([null, null]);
      expect(
        (await agent.call<{ lifts: { exercise: string; e1rmKg: number | null }[] }>('get_training_progress', { recent: 0 })).lifts.find(
          (l) => l.exercise === 'back-squat',
        )?.e1rmKg ?? null,
      ).toBeNull();

      // Twice: not found, and nothing else happens.
      const twice = await agent.try('delete_benchmark', { id: only!.id });
      expect(twice).toMatchObject({ isError: true, body: { error: 'not_found' } });
      expect((twice.body as ToolErrorBody).message).toContain('list_benchmarks');
    } finally {
      await a.agent.close();
    }
  });

  it('a race benchmark is taken back: VDOT returns to the older race and paces slow again; the only race leaves no VDOT', async () => {
    const a = await athleteIn('delete-race', 'UTC');
    try {
      const agent = a.agent;
      const today = '2027-06-07';
      agent.setToday(today);
      const older = await agent.call<Benchmark>('set_benchmark', {
        kind: 'race',
        distance: 5,
        distanceUnit: 'km',
        timeSeconds: 25 * 60,
        date: addDays(today, -20),
      });
      const run = (await agent.call<WriteResult>('create_workout', { date: addDays(today, 1), run: [{ kind: 'threshold', distance: 5 }] }))
        .workout;
      const slowPace = run.run[0]!.targetPaceSPerKm!;
      const newer = await agent.call<Benchmark>('set_benchmark', {
        kind: 'race',
        distance: 5,
        distanceUnit: 'km',
        timeSeconds: 23 * 60,
        date: addDays(today, -1),
      });
      expect([older.vdot, newer.vdot]).toEqual([38.3, 42.3]);
      const fastPace = (await agent.call<{ workout: WorkoutView }>('get_workout', { id: run.id })).workout.run[0]!.targetPaceSPerKm!;
      expect(fastPace).toBeLessThan(slowPace);

      const deleted = await agent.call<{ adaptation: Adaptation }>('delete_benchmark', { id: newer.id });
      expect(deleted.adaptation.notes[0]).toBe(
        'Deleted race benchmark 5 km in 23:00 of 2027-06-06: VDOT goes back to 38.3 (was 42.3), so target paces are recalculated',
      );
      expect(deleted.adaptation.changes).toHaveLength(1);
      expect(deleted.adaptation.changes[0]).toMatchObject({
        workoutId: run.id,
        field: 'run[0].targetPaceSPerKm',
        before: fastPace,
        after: slowPace,
        siUnit: 's/km',
      });
      expect((await agent.call<{ vdot: number | null }>('get_training_progress', { recent: 0 })).vdot).toBe(38.3);

      // The older race was superseded by nothing now: deleting it, the only race, leaves no VDOT; paces stay, and the notes say so.
      const only = await agent.call<{ adaptation: Adaptation }>('delete_benchmark', { id: older.id });
      expect(only.adaptation.notes.join(' ')).toMatch(
        /no other race or logged run sets VDOT now \(was 38\.3\).*paces already prescribed stay/,
      );
      expect(only.adaptation.changes).toEqual([]);
      expect((await agent.call<{ vdot: number | null }>('get_training_progress', { recent: 0 })).vdot).toBeNull();
    } finally {
      await a.agent.close();
    }
  });

  it("another person's benchmark id is not found, and stays theirs", async () => {
    me.agent.setToday('2027-06-07');
    const mine = await me.agent.call<Benchmark>('set_benchmark', { kind: 'lift', exercise: 'deadlift', load: 180, unit: 'kg', reps: 1 });
    const r = await other.agent.try('delete_benchmark', { id: mine.id });
    expect(r).toMatchObject({ isError: true, body: { error: 'not_found' } });
    expect((await me.agent.call<{ benchmarks: Benchmark[] }>('list_benchmarks')).benchmarks.map((b) => b.id)).toContain(mine.id);
    expect(await other.agent.try('delete_benchmark', { id: 'x'.repeat(101) })).toMatchObject({ isError: true });
  });
});

describe('delete_health_record', () => {
  it("deleting the latest body weight brings back the one before; readiness readings report readiness; twice or another person's: not found", async () => {
    const agent = me.agent;
    agent.setToday('2027-07-20');
    const earlier = await agent.call<{ id: string; kg: number }>('log_body_weight', { weight: 80, unit: 'kg', date: '2027-07-10' });
    const latest = await agent.call<{ id: string; kg: number }>('log_body_weight', { weight: 78.4, unit: 'kg', date: '2027-07-19' });
    expect(earlier.id).not.toBe(latest.id);
    expect((await agent.call<{ profile: { bodyWeight: { id: string; kg: number } } }>('get_profile')).profile.bodyWeight).toMatchObject({
      id: latest.id,
      kg: 78.4,
    });

    expect(await other.agent.try('delete_health_record', { id: latest.id })).toMatchObject({ isError: true, body: { error: 'not_found' } });
    const gone = await agent.call<{
      deleted: HealthRecordView;
      effect: { notes: string[]; bodyWeight: { before: number | null; after: number | null; unit: string } };
    }>('delete_health_record', { id: latest.id });
    expect(gone.deleted).toMatchObject({ id: latest.id, type: 'body_mass', value: 78.4, date: '2027-07-19' });
    expect(gone.effect.bodyWeight).toEqual({ before: 78.4, after: 80, unit: 'kg' });
    expect(gone.effect.notes[0]).toBe('The latest body weight is now 80 kg (2027-07-10); it was 78.4 kg (2027-07-19).');
    expect((await agent.call<{ profile: { bodyWeight: { id: string; kg: number } } }>('get_profile')).profile.bodyWeight).toMatchObject({
      id: earlier.id,
      kg: 80,
    });
    expect(await agent.try('delete_health_record', { id: latest.id })).toMatchObject({ isError: true, body: { error: 'not_found' } });

    const last = await agent.call<{ effect: { bodyWeight: { before: number | null; after: number | null } } }>('delete_health_record', {
      id: earlier.id,
    });
    expect(last.effect.bodyWeight).toMatchObject({ before: 80, after: null });
    expect((await agent.call<{ profile: { bodyWeight: unknown } }>('get_profile')).profile.bodyWeight).toBeNull();

    const hr = await agent.call<{ records: HealthRecordView[] }>('record_health_data', {
      records: [{ type: 'resting_heart_rate', value: 49, unit: 'bpm', start: '2027-07-20' }],
    });
    const removed = await agent.call<{ effect: { readiness: { before: string; after: string } } }>('delete_health_record', {
      id: hr.records[0]!.id,
    });
    expect(removed.effect.readiness).toMatchObject({ before: 'unknown', after: 'unknown' });
    expect(
      (
        await agent.call<{ records: unknown[] }>('get_health_data', {
          from: '2027-07-20',
          to: '2027-07-20',
          aggregation: 'none',
          types: ['resting_heart_rate'],
        })
      ).records,
    ).toEqual([]);
  });
});

describe('readiness and time away travel with the next session', () => {
  it('list_workouts next and get_workout briefing: low readiness and a three-week gap are named; a completed session has no briefing', async () => {
    const a = await athleteIn('briefing', 'UTC');
    try {
      const agent = a.agent;
      const today = '2027-09-30';
      // 35 days of resting heart rate and HRV: a baseline, then a week of resting HR 8 bpm up and HRV down.
      const records = Array.from({ length: 35 }, (_, i) => {
        const day = addDays(today, -34 + i);
        const recent = i >= 28;
        return [
          { type: 'resting_heart_rate', value: recent ? 58 : 50 + (i % 2), unit: 'bpm', start: day },
          { type: 'hrv_rmssd', value: recent ? 40 : 70 + (i % 3), unit: 'ms', start: day },
        ];
      }).flat();
      agent.setToday(today);
      await agent.call('record_health_data', { records });
      // Squats done 23 days ago, nothing since; the next session is today.
      const past = (
        await agent.call<WriteResult>('create_workout', {
          date: addDays(today, -23),
          strength: [{ exercise: 'back-squat', sets: [{ reps: 5, load: 100 }] }],
        })
      ).workout;
      await agent.call('complete_workout', { id: past.id, asPrescribed: true });
      const next = (
        await agent.call<WriteResult>('create_workout', {
          date: today,
          strength: [{ exercise: 'back-squat', sets: [{ reps: 5, load: 100 }] }],
          run: [{ kind: 'easy', distance: 3 }],
        })
      ).workout;

      type Briefing = {
        workoutId: string;
        readiness: { level: string; reasons: string[] };
        daysSinceLastSession: number | null;
        lastTrained: { id: string; days: number | null }[];
        warnings: string[];
      };
      const listed = await agent.call<{ next: Briefing | null }>('list_workouts', { from: addDays(today, -1), to: today });
      const got = await agent.call<{ briefing: Briefing | null }>('get_workout', { id: next.id });
      for (const b of [listed.next!, got.briefing!]) {
        expect(b.workoutId).toBe(next.id);
        expect(b.readiness.level).toBe('low');
        expect(b.readiness.reasons.join(' ')).toMatch(/resting heart rate/i);
        expect(b.daysSinceLastSession).toBe(23);
        expect(b.lastTrained).toEqual([
          { id: 'back-squat', name: 'Back squat', date: addDays(today, -23), days: 23 },
          { id: 'run', name: 'Running', date: null, days: null },
        ]);
        expect(b.warnings).toHaveLength(2);
        expect(b.warnings[0]).toMatch(/^23 days since the last completed session/);
        expect(b.warnings[1]).toMatch(/^Back squat: last done 23 days before this session/);
      }
      expect((await agent.call<{ briefing: Briefing | null }>('get_workout', { id: past.id })).briefing).toBeNull();
      // Nothing ahead: next is null.
      agent.setToday(addDays(today, 1));
      expect((await agent.call<{ next: Briefing | null }>('list_workouts')).next).toBeNull();
    } finally {
      await a.agent.close();
    }
  });
});

describe('distances are a value with its unit', () => {
  it('benchmarks and the profile answer distance + distanceUnit beside metres; update_profile takes raceDistance with its unit', async () => {
    const a = await newAthlete('distances', { profile: { units: { weight: 'kg', distance: 'mi' } } });
    try {
      const agent = a.agent;
      agent.setToday('2027-10-01');
      const race = await agent.call<Benchmark>('set_benchmark', { kind: 'race', distance: 10, distanceUnit: 'km', timeSeconds: 50 * 60 });
      expect(race).toMatchObject({ distance: 6.214, distanceUnit: 'mi', distanceM: 10000 });
      expect((await agent.call<{ benchmarks: Benchmark[] }>('list_benchmarks')).benchmarks[0]).toMatchObject({
        distance: 6.214,
        distanceUnit: 'mi',
        distanceM: 10000,
      });

      const half = await agent.call<{ profile: { raceDistance: number; raceDistanceM: number } }>('update_profile', {
        raceDistance: 21.0975,
        raceDistanceUnit: 'km',
      });
      expect(half.profile).toMatchObject({ raceDistanceM: 21097.5, raceDistance: 13.109 });
      const inMiles = await agent.call<{ profile: { raceDistance: number; raceDistanceM: number } }>('update_profile', {
        raceDistance: 26.2,
      });
      expect(inMiles.profile.raceDistanceM).toBeCloseTo(42164.8, 0);
      expect(
        (await agent.call<{ profile: { raceDistance: number | null } }>('update_profile', { raceDistance: null })).profile.raceDistance,
      ).toBeNull();

      for (const bad of [
        { raceDistance: 100, raceDistanceUnit: 'm' },
        { raceDistance: 300, raceDistanceUnit: 'km' },
        { raceDistance: 5, raceDistanceUnit: 'furlong' },
        { raceDistanceM: 5000 },
      ]) {
        const r = await agent.try('update_profile', bad);
        expect(r.isError, JSON.stringify(bad)).toBe(true);
        expect((r.body as ToolErrorBody).error).toBe('invalid_argument');
      }
      const tools = await agent.listTools();
      const tz = (tools.find((t) => t.name === 'update_profile')!.inputSchema.properties as Record<string, { description?: string }>)
        .timezone!;
      expect(tz.description).toMatch(/IANA time zone name/);
    } finally {
      await a.agent.close();
    }
  });
});
