// Sessions as calendar events: the local day and the usual training time in the person's timezone
// (DST change days included), all-day without a time, skipped cancelled, missed named, SEQUENCE rising.
import { describe, expect, it } from 'vitest';
import {
  prescriptionText,
  sessionEvent,
  sessionMinutes,
  zonedInstant,
  type CalendarPerson,
  type CalendarWorkout,
} from '@/lib/coaching/calendar-events';

describe('zonedInstant: a local wall time to the instant', () => {
  it.each([
    // date, time, zone, instant
    ['2026-03-28', '07:00', 'Europe/London', '2026-03-28T07:00:00.000Z'], // GMT the day before
    ['2026-03-29', '07:00', 'Europe/London', '2026-03-29T06:00:00.000Z'], // BST from 01:00 UTC that day
    ['2026-03-29', '01:30', 'Europe/London', '2026-03-29T01:30:00.000Z'], // in the skipped hour: 02:30 BST
    ['2026-10-25', '01:30', 'Europe/London', '2026-10-25T00:30:00.000Z'], // repeated hour: the first (BST)
    ['2026-03-08', '06:30', 'America/New_York', '2026-03-08T10:30:00.000Z'], // EDT starts 02:00 that day
    ['2026-03-07', '06:30', 'America/New_York', '2026-03-07T11:30:00.000Z'], // EST the day before
    ['2026-11-01', '18:00', 'America/Denver', '2026-11-02T01:00:00.000Z'], // MST after the change
    ['2026-04-05', '06:00', 'Australia/Sydney', '2026-04-04T20:00:00.000Z'], // AEST after the April change
    ['2026-12-01', '05:45', 'Asia/Kathmandu', '2026-12-01T00:00:00.000Z'], // +05:45
    ['2026-06-15', '23:30', 'Pacific/Kiritimati', '2026-06-15T09:30:00.000Z'], // UTC+14: the day before in UTC
    ['2026-06-15', '07:00', 'UTC', '2026-06-15T07:00:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, instant) => {
    expect(zonedInstant(date, time, zone).toISOString()).toBe(instant);
  });
});

const person = (over: Partial<CalendarPerson> = {}): CalendarPerson => ({
  timezone: 'Europe/London',
  trainingTime: null,
  weightUnit: 'kg',
  distanceUnit: 'km',
  restingHr: 50,
  maxHr: 190,
  ...over,
});

const workout = (over: Partial<CalendarWorkout> = {}): CalendarWorkout => ({
  id: 'wk1',
  date: '2026-03-29',
  status: 'scheduled',
  kind: 'run',
  title: 'Intervals',
  strength: [],
  run: [
    { kind: 'easy', durationS: 900, label: 'Warm-up', zone: 2 },
    { kind: 'interval', distanceM: 800, repeats: 6, recoveryS: 150, targetPaceSPerKm: 230, zone: 5 },
    { kind: 'easy', durationS: 600, label: 'Cool-down', zone: 2 },
  ],
  completedAt: null,
  skippedAt: null,
  createdAt: new Date('2026-03-01T10:00:00Z'),
  updatedAt: new Date('2026-03-20T10:00:00Z'),
  sequence: 2,
  ...over,
});

const ctx = { uidDomain: 'pacewise.example', now: new Date('2026-04-10T12:00:00Z'), accountUrl: 'https://pacewise.example/account' };

describe('sessionEvent', () => {
  it('without a training time: an all-day event on the local day, not blocking time', () => {
    const e = sessionEvent(workout(), person(), '2026-03-28', ctx);
    expect(e.when).toEqual({ allDay: true, date: '2026-03-29' });
    expect(e.transparent).toBe(true);
    expect(e.uid).toBe('wk1@pacewise.example');
    expect(e.status).toBe('CONFIRMED');
    expect(e.summary).toBe('Intervals');
  });

  it('with a training time: timed at it on the DST change day, as long as the session', () => {
    const e = sessionEvent(workout(), person({ trainingTime: '07:00' }), '2026-03-28', ctx);
    expect(e.when.allDay).toBe(false);
    if (e.when.allDay) return;
    expect(e.when.start.toISOString()).toBe('2026-03-29T06:00:00.000Z');
    // 15 + 6 x 800 m at 3:50 + 5 x 2:30 + 10 min = 55.9 min -> 60 min
    expect((e.when.end.getTime() - e.when.start.getTime()) / 60_000).toBe(60);
    expect(e.transparent).toBe(false);
  });

  it('the prescription is the description: paces, zones with bpm, repeats and recoveries', () => {
    const e = sessionEvent(workout(), person(), '2026-03-28', ctx);
    expect(e.description).toContain('Warm-up: 15:00 easy');
    expect(e.description).toMatch(/Interval: 6 x 0\.8 km, at 3:50 \/km, zone 5 \(\d+-\d+ bpm\), 2:30 jog between repeats/);
    expect(e.description).toContain('https://pacewise.example/account');
  });

  it.each([
    // status, date, today -> summary prefix, STATUS, SEQUENCE (stored 2)
    ['scheduled', '2026-03-29', '2026-03-28', '', 'CONFIRMED', 4],
    ['scheduled', '2026-03-29', '2026-03-29', '', 'CONFIRMED', 4], // today is not missed yet
    ['scheduled', '2026-03-29', '2026-03-30', 'Missed: ', 'CONFIRMED', 5],
    ['skipped', '2026-03-29', '2026-03-30', 'Skipped: ', 'CANCELLED', 4],
    ['completed', '2026-03-29', '2026-03-30', 'Done: ', 'CONFIRMED', 4],
  ] as const)('%s on %s seen on %s', (status, date, today, prefix, ical, sequence) => {
    const e = sessionEvent(workout({ status, date }), person(), today, ctx);
    expect(e.summary).toBe(`${prefix}Intervals`);
    expect(e.status).toBe(ical);
    expect(e.sequence).toBe(sequence);
  });

  it('a missed session is modified when its day ended (local midnight), after its last write', () => {
    const e = sessionEvent(workout({ date: '2026-03-29' }), person(), '2026-04-01', ctx);
    expect(e.lastModified.toISOString()).toBe('2026-03-29T23:00:00.000Z');
  });

  it('a later write moves SEQUENCE past the missed mark', () => {
    const missed = sessionEvent(workout({ sequence: 2 }), person(), '2026-04-01', ctx);
    const loggedLate = sessionEvent(workout({ sequence: 3, status: 'completed' }), person(), '2026-04-01', ctx);
    expect(loggedLate.sequence).toBeGreaterThan(missed.sequence);
  });

  it("a strength session lists sets with loads in the person's unit", () => {
    const w = workout({
      kind: 'strength',
      run: [],
      strength: [
        {
          exerciseId: 'back-squat',
          exerciseName: 'Back squat',
          progression: 'linear',
          sets: [
            { reps: 5, loadKg: 100 },
            { reps: 5, loadKg: 100 },
            { reps: 5, loadKg: 100 },
          ],
          restS: 180,
        },
        { exerciseId: 'plank', exerciseName: 'Plank', progression: 'none', sets: [{ reps: 1, durationS: 45 }] },
      ],
    });
    expect(prescriptionText(w, person({ weightUnit: 'lb' }))).toBe('Back squat: 3 x 5 reps @ 220.5 lb; rest 3:00\nPlank: 1 x 45 s hold');
    expect(sessionMinutes(w)).toBe(30); // 13.25 min of sets and rests: at least half an hour
  });
});
