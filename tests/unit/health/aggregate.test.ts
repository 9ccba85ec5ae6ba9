import { describe, expect, it } from 'vitest';
import { aggregate, type AggregatableRecord } from '@/lib/health/aggregate';

const rec = (
  type: AggregatableRecord['type'],
  date: string,
  value: number,
  extra: Partial<AggregatableRecord> = {},
): AggregatableRecord => ({
  type,
  date,
  value,
  maxValue: null,
  stage: null,
  sourceId: 'agent',
  ...extra,
});

describe('daily aggregation', () => {
  it('sums steps per day and takes one source per day (no double counting)', () => {
    const s = aggregate(
      'steps',
      [
        rec('steps', '2026-11-20', 3000),
        rec('steps', '2026-11-20', 4000),
        rec('steps', '2026-11-20', 6500, { sourceId: 'apple-health' }),
        rec('steps', '2026-11-21', 100),
      ],
      'daily',
      'count',
    );
    expect(s.points.map((p) => [p.start, p.value, p.sources])).toEqual([
      ['2026-11-20', 7000, ['agent']],
      ['2026-11-21', 100, ['agent']],
    ]);
    expect(s.method).toMatch(/total per local day/);
  });

  it('averages resting heart rate per day with min and max; days without data have no point', () => {
    const s = aggregate(
      'resting_heart_rate',
      [
        rec('resting_heart_rate', '2026-11-20', 50),
        rec('resting_heart_rate', '2026-11-20', 54),
        rec('resting_heart_rate', '2026-11-22', 49),
      ],
      'daily',
      'bpm',
    );
    expect(s.points).toEqual([
      { start: '2026-11-20', end: '2026-11-20', value: 52, min: 50, max: 54, daysWithData: 1, records: 2, sources: ['agent'] },
      { start: '2026-11-22', end: '2026-11-22', value: 49, min: 49, max: 49, daysWithData: 1, records: 1, sources: ['agent'] },
    ]);
  });

  it('sleep: staged data wins over an unstaged total, stages listed, converted to hours', () => {
    const s = aggregate(
      'sleep',
      [
        rec('sleep', '2026-11-21', 240, { stage: 'light' }),
        rec('sleep', '2026-11-21', 90, { stage: 'deep' }),
        rec('sleep', '2026-11-21', 90, { stage: 'rem' }),
        rec('sleep', '2026-11-21', 30, { stage: 'awake' }),
        rec('sleep', '2026-11-21', 400, { stage: 'asleep' }),
      ],
      'daily',
      'h',
    );
    expect(s.points[0]!.value).toBe(7);
    expect(s.points[0]!.stages).toEqual({ light: 4, deep: 1.5, rem: 1.5, awake: 0.5, asleep: 6.67 });
  });

  it('workout heart rate: max is the highest peak', () => {
    const s = aggregate(
      'workout_heart_rate',
      [rec('workout_heart_rate', '2026-11-20', 150, { maxValue: 181 }), rec('workout_heart_rate', '2026-11-20', 140, { maxValue: 170 })],
      'daily',
      'bpm',
    );
    expect(s.points[0]).toMatchObject({ value: 145, min: 140, max: 181 });
  });
});

describe('weekly aggregation', () => {
  it('cumulative metrics: mean per day with data, and the week total', () => {
    const s = aggregate(
      'steps',
      [rec('steps', '2026-11-16', 10000), rec('steps', '2026-11-18', 6000), rec('steps', '2026-11-23', 5000)],
      'weekly',
      'count',
    );
    expect(s.points).toEqual([
      { start: '2026-11-16', end: '2026-11-22', value: 8000, total: 16000, daysWithData: 2, records: 2, sources: ['agent'] },
      { start: '2026-11-23', end: '2026-11-29', value: 5000, total: 5000, daysWithData: 1, records: 1, sources: ['agent'] },
    ]);
  });

  it('mean metrics: mean of daily means, converted (body mass in lb)', () => {
    const s = aggregate(
      'body_mass',
      [rec('body_mass', '2026-11-16', 80), rec('body_mass', '2026-11-16', 82), rec('body_mass', '2026-11-17', 80)],
      'weekly',
      'lb',
    );
    // daily means 81 and 80 kg -> 80.5 kg = 177.5 lb
    expect(s.points[0]).toMatchObject({ value: 177.5, min: 176.4, max: 180.8, daysWithData: 2, records: 3 });
  });
});
