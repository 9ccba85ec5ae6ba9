// @module-tag engine-parity
// record_health_data writes a batch in one statement (lib/health/records.ts): a full 100-record
// batch, records meeting the same row inside one batch, values that must come back bit for bit, a
// reused id that stores nothing, and parallel batches of one person in which every acknowledged
// record is stored exactly once.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { database } from '@/lib/database/client';
import { HEALTH_TYPES } from '@/lib/health/metrics';
import { addDays } from '@/lib/training/dates';
import type { ToolCaller } from '../../support/mcp-clients';
import { connectCaller, newAthlete, type Athlete } from '../support/athlete';

const engine = inject('databaseEngine');
let me: Athlete;
let agent: ToolCaller;
let today: string;

type Written = {
  id: string;
  type: string;
  value: number;
  start: string;
  end: string | null;
  stage: string | null;
  externalId: string | null;
  result: string;
};
type Batch = { created: number; updated: number; unchanged: number; records: Written[] };
type Stored = { id: string; type: string; value: number; start: string; date: string; stage: string | null; externalId: string | null };

async function record(records: Record<string, unknown>[], source?: 'manual' | 'agent'): Promise<Batch> {
  const r = await agent.call('record_health_data', { records, ...(source ? { source } : {}) });
  expect(r.isError, JSON.stringify(r.structured)).toBe(false);
  return r.structured as Batch;
}

async function stored(types: string[], from: string, to = today): Promise<Stored[]> {
  const r = await agent.call('get_health_data', { types, from, to, aggregation: 'none' });
  expect(r.isError, JSON.stringify(r.structured)).toBe(false);
  return (r.structured as { records: Stored[] }).records;
}

beforeAll(async () => {
  me = await newAthlete('health-batch');
  agent = await connectCaller({ userId: me.userId });
  today = new Date().toISOString().slice(0, 10);
});
afterAll(async () => {
  await agent?.close();
  await me?.agent.close();
});

describe(`record_health_data batches (${engine})`, () => {
  it('stores a 100-record batch once: created, then unchanged when sent again, then updated where it changed', async () => {
    const from = addDays(today, -100);
    const batch = Array.from({ length: 100 }, (_, i) => ({
      type: 'steps',
      value: 1000 + i,
      unit: 'count',
      start: addDays(from, i),
      clientRecordId: `batch-steps-${i}`,
    }));
    const first = await record(batch);
    expect(first).toMatchObject({ created: 100, updated: 0, unchanged: 0 });
    expect(first.records.map((r) => r.externalId)).toEqual(batch.map((b) => b.clientRecordId));
    expect(new Set(first.records.map((r) => r.id)).size).toBe(100);

    const again = await record(batch);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 100 });
    expect(again.records.map((r) => r.id)).toEqual(first.records.map((r) => r.id));

    const changed = batch.map((b, i) => (i % 10 === 0 ? { ...b, value: b.value + 5 } : b));
    const third = await record(changed);
    expect(third).toMatchObject({ created: 0, updated: 10, unchanged: 90 });
    expect(third.records.filter((r) => r.result === 'updated').map((r) => r.externalId)).toEqual(
      changed.filter((_, i) => i % 10 === 0).map((b) => b.clientRecordId),
    );

    const rows = (await stored(['steps'], from)).filter((r) => r.externalId?.startsWith('batch-steps-'));
    expect(rows).toHaveLength(100);
    expect(rows.map((r) => r.value)).toEqual(changed.map((b) => b.value));
  });

  it('a 100-record batch without ids (one reading each) is stored once, and again is all unchanged', async () => {
    const from = addDays(today, -120);
    const batch = Array.from({ length: 100 }, (_, i) => ({
      type: 'resting_heart_rate',
      value: 40 + i / 2,
      unit: 'bpm',
      start: `${addDays(from, i % 20)}T0${i % 10}:15:00+0${i % 5}:00`,
    }));
    const first = await record(batch);
    expect(first).toMatchObject({ created: 100, updated: 0, unchanged: 0 });
    const again = await record(batch);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 100 });
    expect(again.records.map((r) => r.id)).toEqual(first.records.map((r) => r.id));
    expect(await stored(['resting_heart_rate'], addDays(from, -1), addDays(from, 21))).toHaveLength(100);
  });

  it.each([
    {
      name: 'one reading twice (no id): created, then unchanged, one row',
      records: [
        { type: 'hrv_rmssd', value: 61.5, unit: 'ms', start: '2026-01-10T06:00:00+01:00' },
        { type: 'hrv_rmssd', value: 61.5, unit: 'ms', start: '2026-01-10T05:00:00Z' },
      ],
      results: ['created', 'unchanged'],
      rows: [{ type: 'hrv_rmssd', value: 61.5 }],
    },
    {
      name: 'two body-mass readings of one day (the day is their id): created, then updated; the later stays',
      records: [
        { type: 'body_mass', value: 80.2, unit: 'kg', start: '2026-01-11' },
        { type: 'body_mass', value: 177, unit: 'lb', start: '2026-01-11' },
      ],
      results: ['created', 'updated'],
      rows: [{ type: 'body_mass', value: 80.3 }],
    },
    {
      name: 'one id twice with the same content: created, then unchanged',
      records: [
        { type: 'steps', value: 500, unit: 'count', start: '2026-01-12', clientRecordId: 'dup:same' },
        { type: 'steps', value: 500, unit: 'count', start: '2026-01-12', clientRecordId: 'dup:same' },
      ],
      results: null,
      rows: null,
    },
    {
      name: 'sleep stages of one night are three readings; the same stage twice is one',
      records: [
        { type: 'sleep', value: 200, unit: 'min', start: '2026-01-12T23:00:00+01:00', end: '2026-01-13T07:00:00+01:00', stage: 'light' },
        { type: 'sleep', value: 200, unit: 'min', start: '2026-01-12T23:00:00+01:00', end: '2026-01-13T07:00:00+01:00', stage: 'deep' },
        { type: 'sleep', value: 200, unit: 'min', start: '2026-01-12T23:00:00+01:00', end: '2026-01-13T07:00:00+01:00' },
        { type: 'sleep', value: 200, unit: 'min', start: '2026-01-12T23:00:00+01:00', end: '2026-01-13T07:00:00+01:00', stage: 'deep' },
      ],
      results: ['created', 'created', 'created', 'unchanged'],
      rows: [
        { type: 'sleep', value: 200 },
        { type: 'sleep', value: 200 },
        { type: 'sleep', value: 200 },
      ],
    },
  ])('duplicates in one batch: $name', async ({ records, results, rows }) => {
    if (results === null) {
      // The tool refuses one clientRecordId twice in a batch: it names both records and stores nothing.
      const r = await agent.call('record_health_data', { records });
      expect(r.isError).toBe(true);
      expect(r.structured).toMatchObject({ error: 'invalid_argument', field: 'records.1.clientRecordId' });
      expect((await stored(['steps'], '2026-01-12', '2026-01-12')).filter((x) => x.externalId === 'dup:same')).toEqual([]);
      return;
    }
    const written = await record(records);
    expect(written.records.map((r) => r.result)).toEqual(results);
    const days = records.map((r) => r.start.slice(0, 10)).sort();
    const type = records[0]!.type;
    const got = await stored([type], addDays(days[0]!, -1), addDays(days.at(-1)!, 1));
    expect(got.map((r) => ({ type: r.type, value: Math.round(r.value * 1000) / 1000 }))).toEqual(rows);
    // Every record of the batch names a row that is stored.
    const ids = new Set(got.map((r) => r.id));
    for (const w of written.records) expect(ids.has(w.id)).toBe(true);
  });

  it.each([
    [
      'float noise is stored and shown to 0.1 kg',
      { type: 'body_mass', value: 70.30000000000001, unit: 'kg', start: '2025-12-01', clientRecordId: 'bits' },
      70.3,
    ],
    [
      'the largest plausible step count',
      { type: 'steps', value: 100_000, unit: 'count', start: '2025-12-02', clientRecordId: 'max' },
      100_000,
    ],
    ['zero', { type: 'active_energy', value: 0, unit: 'kcal', start: '2025-12-03', clientRecordId: 'zero' }, 0],
    [
      'an id of every allowed character',
      { type: 'steps', value: 7, unit: 'count', start: '2025-12-04', clientRecordId: 'A-z_0.9:x'.repeat(14).slice(0, 128) },
      7,
    ],
    [
      'an offset of +14:00 is stored as the same instant',
      { type: 'vo2max', value: 51.2, unit: 'mL/kg/min', start: '2025-12-05T00:30:00+14:00', clientRecordId: 'kiribati' },
      51.2,
    ],
  ])('hostile and edge values: %s', async (_name, input, value) => {
    const written = await record([input]);
    expect(written.records[0]).toMatchObject({ result: 'created', value, externalId: input.clientRecordId });
    const day = input.start.slice(0, 10);
    const got = (await stored([input.type], addDays(day, -2), addDays(day, 2))).filter((r) => r.externalId === input.clientRecordId);
    expect(got).toEqual([expect.objectContaining({ id: written.records[0]!.id, value })]);
    expect(new Date(got[0]!.start).getTime()).toBe(new Date(written.records[0]!.start).getTime());
  });

  it('an id that already names another type stores nothing of the batch, and says which record', async () => {
    await record([{ type: 'steps', value: 10, unit: 'count', start: '2025-11-01', clientRecordId: 'typed-once' }]);
    const r = await agent.call('record_health_data', {
      records: [
        { type: 'steps', value: 11, unit: 'count', start: '2025-11-02', clientRecordId: 'fresh-in-clash' },
        { type: 'resting_heart_rate', value: 50, unit: 'bpm', start: '2025-11-02T07:00:00Z' },
        { type: 'hrv_rmssd', value: 50, unit: 'ms', start: '2025-11-02T07:00:00Z', clientRecordId: 'typed-once' },
      ],
    });
    expect(r.isError).toBe(true);
    expect(r.structured).toMatchObject({ error: 'conflict', field: 'records.2.clientRecordId' });
    const got = await stored(['steps', 'resting_heart_rate', 'hrv_rmssd'], '2025-10-31', '2025-11-03');
    expect(got.map((x) => [x.type, x.value, x.externalId])).toEqual([['steps', 10, 'typed-once']]);
  });

  it('parallel batches of one person: every acknowledged record is stored exactly once', async () => {
    const from = addDays(today, -300);
    // Ten different 100-record batches and, twice each, three identical ones (with and without ids).
    const distinct = Array.from({ length: 10 }, (_, b) =>
      Array.from({ length: 100 }, (_, i) => ({
        type: 'active_energy',
        value: 100 * b + i,
        unit: 'kcal',
        start: addDays(from, (b * 100 + i) % 150),
        clientRecordId: `par-${b}-${i}`,
      })),
    );
    const same = Array.from({ length: 3 }, (_, b) =>
      Array.from({ length: 100 }, (_, i) => ({
        type: 'hrv_rmssd',
        value: 20 + b + i / 100,
        unit: 'ms',
        start: `${addDays(from, i)}T06:00:00Z`,
        ...(b === 0 ? { clientRecordId: `twin-${i}` } : {}),
      })),
    );
    const sent = [...distinct, ...same, ...same];
    const replies = await Promise.all(sent.map((records) => agent.call('record_health_data', { records })));
    expect(replies.filter((r) => r.isError).map((r) => r.structured)).toEqual([]);
    const acknowledged = replies.flatMap((r) => (r.structured as Batch).records);
    expect(acknowledged).toHaveLength(sent.length * 100);
    // Twins: one of each pair created every row, the other found it.
    expect(acknowledged.filter((w) => w.result === 'created')).toHaveLength(1300);
    const rows = [
      ...(await stored(['active_energy'], addDays(from, -1), addDays(from, 151))),
      ...(await stored(['hrv_rmssd'], addDays(from, -1), addDays(from, 101))),
    ];
    expect(rows).toHaveLength(1300);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const w of acknowledged) expect(byId.get(w.id)).toMatchObject({ type: w.type, value: w.value });
    // The weeks the database keeps for the weekly summary (HealthWeek, migration health_weeks) are those
    // of the records as stored, though the batches wrote into the same weeks at once.
    const { raw } = await database();
    const kept = await raw.query<Record<string, unknown>>(
      `SELECT "type", "week", "value", "min", "max", "total", "days", "records", "sources", "stages" FROM "HealthWeek"
        WHERE "userId" = $1 ORDER BY "type", "week"`,
      [me.userId],
    );
    const fromRecords = await raw.query<Record<string, unknown>>(
      `SELECT * FROM "pacewise_health_weeks"($1, $2::text[], '1900-01-01', '2999-12-31') ORDER BY "type", "week"`,
      [me.userId, [...HEALTH_TYPES]],
    );
    // A day's readings are summed in no set order: equal to 12 significant digits.
    const rounded = (rows: Record<string, unknown>[]) =>
      rows.map((w) => ({
        ...w,
        ...Object.fromEntries(['value', 'min', 'max', 'total'].map((c) => [c, w[c] === null ? null : +Number(w[c]).toPrecision(12)])),
      }));
    expect(kept.filter((w) => w.type === 'active_energy').length).toBeGreaterThan(20);
    expect(rounded(kept)).toEqual(rounded(fromRecords));
    expect(kept.find((w) => w.type === 'active_energy' && Number(w.records) > 30)).toBeDefined();
  });
});
