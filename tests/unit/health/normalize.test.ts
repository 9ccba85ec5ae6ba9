import { describe, expect, it } from 'vitest';
import { fromCanonical, rangeProblem, toCanonical } from '@/lib/health/metrics';
import { isProblem, normalizeRecord, type HealthRecordInput } from '@/lib/health/normalize';

const ctx = { timeZone: 'Europe/Berlin', now: new Date('2026-11-22T12:00:00Z') };
const ok = (input: HealthRecordInput) => {
  const r = normalizeRecord(input, ctx);
  if (isProblem(r)) throw new Error(`${r.field}: ${r.message}`);
  return r;
};
const problem = (input: HealthRecordInput) => {
  const r = normalizeRecord(input, ctx);
  if (!isProblem(r)) throw new Error('expected a problem');
  return r;
};

describe('units', () => {
  it.each([
    ['body_mass', 154.32, 'lb', 70],
    ['sleep', 7.5, 'h', 450],
    ['active_energy', 418.4, 'kJ', 100],
    ['steps', 8000, 'count', 8000],
  ] as const)('%s %f %s is %f in the canonical unit, and back', (type, value, unit, canonical) => {
    expect(toCanonical(type, value, unit)).toBeCloseTo(canonical, 1);
    expect(fromCanonical(type, canonical, unit)).toBeCloseTo(value, 1);
  });

  it('refuses a unit that does not fit the type', () => {
    expect(problem({ type: 'resting_heart_rate', value: 55, unit: 'kg', start: '2026-11-20' })).toEqual({
      field: 'unit',
      message: 'resting_heart_rate is measured in "bpm", not "kg"',
    });
  });

  it('names the range in the unit the caller used', () => {
    expect(rangeProblem('body_mass', 800, 'lb')).toMatch(/55(\.\d)?-771\.6 lb/);
    expect(rangeProblem('resting_heart_rate', 20, 'bpm')).toBe(
      '20 bpm is outside the plausible range for resting_heart_rate (25-150 bpm per record)',
    );
    expect(rangeProblem('hrv_rmssd', 60, 'ms')).toBeUndefined();
  });
});

describe('time frames', () => {
  it('a date-only record covers the local day', () => {
    const r = ok({ type: 'steps', value: 8000, unit: 'count', start: '2026-11-20', clientRecordId: 'd1' });
    expect(r.date).toBe('2026-11-20');
    expect(r.startAt.toISOString()).toBe('2026-11-19T23:00:00.000Z');
    expect(r.endAt?.toISOString()).toBe('2026-11-20T23:00:00.000Z');
    expect(r.externalId).toBe('d1');
  });

  it('an instant reading counts toward its local date', () => {
    const r = ok({ type: 'resting_heart_rate', value: 52, unit: 'bpm', start: '2026-11-20T23:30:00Z' });
    expect(r.date).toBe('2026-11-21');
    expect(r.endAt).toBeNull();
  });

  it('sleep counts toward the day it ends, in minutes', () => {
    const r = ok({
      type: 'sleep',
      value: 7,
      unit: 'h',
      start: '2026-11-20T22:30:00+01:00',
      end: '2026-11-21T06:30:00+01:00',
      stage: 'asleep',
    });
    expect(r.date).toBe('2026-11-21');
    expect(r.value).toBe(420);
    expect(r.stage).toBe('asleep');
  });

  it('sleep longer than its span is refused', () => {
    expect(
      problem({ type: 'sleep', value: 9, unit: 'h', start: '2026-11-20T22:30:00+01:00', end: '2026-11-21T06:30:00+01:00' }).field,
    ).toBe('value');
  });

  it('a span type needs an end when start is a date-time', () => {
    expect(problem({ type: 'steps', value: 1000, unit: 'count', start: '2026-11-20T10:00:00Z' }).field).toBe('end');
  });

  it.each([
    [{ start: '2026-11-23' }, 'start'],
    [{ start: '2026-11-22T14:00:00Z' }, 'start'],
    [{ start: '1999-12-31T10:00:00Z' }, 'start'],
  ])('refuses %j (future or too old)', (time, field) => {
    expect(problem({ type: 'resting_heart_rate', value: 50, unit: 'bpm', ...time }).field).toBe(field);
  });

  it('end must follow start, within 24 hours', () => {
    expect(
      problem({ type: 'active_energy', value: 300, unit: 'kcal', start: '2026-11-20T10:00:00Z', end: '2026-11-20T09:00:00Z' }).message,
    ).toBe('must be after start');
    expect(
      problem({ type: 'active_energy', value: 300, unit: 'kcal', start: '2026-11-18T10:00:00Z', end: '2026-11-20T09:00:00Z' }).field,
    ).toBe('end');
  });

  it('type-specific fields only where they belong', () => {
    expect(problem({ type: 'steps', value: 10, unit: 'count', start: '2026-11-20', stage: 'deep' }).field).toBe('stage');
    expect(problem({ type: 'resting_heart_rate', value: 50, unit: 'bpm', start: '2026-11-20', maxBpm: 60 }).field).toBe('maxBpm');
    expect(problem({ type: 'workout_heart_rate', value: 150, unit: 'bpm', start: '2026-11-20', maxBpm: 140 }).field).toBe('maxBpm');
    expect(
      ok({ type: 'workout_heart_rate', value: 150, unit: 'bpm', start: '2026-11-20T07:00:00Z', end: '2026-11-20T07:45:00Z', maxBpm: 178 })
        .maxValue,
    ).toBe(178);
  });
});
