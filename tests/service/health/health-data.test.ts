// get_health_data and record_health_data through the official MCP SDK client, in process: guards,
// validation, units, aggregation, idempotency and the readiness flag. (The 403 a token without
// health:write gets over HTTP: tests/integration/mcp/scope-refusals.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@/lib/training/dates';
import type { ToolCaller } from '../../support/mcp-clients';
import { connectCaller, newAccount, subscribe } from '../support/athlete';

let agent: ToolCaller;
let readOnly: ToolCaller;
let today: string;
let userId: string;

type Series = {
  type: string;
  unit: string;
  method: string;
  points: {
    start: string;
    end: string;
    value: number;
    total?: number;
    min?: number;
    max?: number;
    stages?: Record<string, number>;
    sources: string[];
  }[];
};

async function read(args: Record<string, unknown>) {
  const r = await agent.call('get_health_data', args);
  expect(r.isError, JSON.stringify(r.structured)).toBe(false);
  return r.structured as {
    series?: Series[];
    records?: Record<string, unknown>[];
    readiness: { level: string; reasons: string[]; asOf: string };
    from: string;
    to: string;
    timezone: string;
  };
}

async function record(records: Record<string, unknown>[], source?: 'manual' | 'agent') {
  return agent.call('record_health_data', { records, ...(source ? { source } : {}) });
}

beforeAll(async () => {
  const account = await newAccount('health');
  userId = account.userId;
  agent = await connectCaller({ userId });
  readOnly = await connectCaller({ userId, scopes: ['health:read'] });

  const before = await agent.call('get_health_data');
  expect(before.structured.error).toBe('subscription_inactive');
  await subscribe({ id: userId, email: account.person.email });

  const tz = await agent.call('update_profile', { timezone: 'Europe/Berlin' });
  expect(tz.isError).toBe(false);
  today = (await read({})).readiness.asOf;
});
afterAll(async () => {
  await agent?.close();
  await readOnly?.close();
});

describe('guards', () => {
  it('both tools are listed', async () => {
    const names = await agent.listToolNames();
    expect(names).toEqual(expect.arrayContaining(['get_health_data', 'record_health_data']));
  });

  it('recording needs health:write: the tool answers insufficient_scope naming it, and reading still works', async () => {
    expect(
      await readOnly.call('record_health_data', { records: [{ type: 'steps', value: 10, unit: 'count', start: today }] }),
    ).toMatchObject({ isError: true, structured: { error: 'insufficient_scope', scope: 'health:write' } });
    expect((await readOnly.call('get_health_data')).isError).toBe(false);
  });
});

describe('validation', () => {
  it.each([
    [{ type: 'resting_heart_rate', value: 55, unit: 'kg', start: '2026-01-10' }, 'records.0.unit', /measured in "bpm"/],
    [{ type: 'resting_heart_rate', value: 300, unit: 'bpm', start: '2026-01-10' }, 'records.0.value', /25-150 bpm/],
    [{ type: 'body_mass', value: 900, unit: 'lb', start: '2026-01-10' }, 'records.0.value', /lb/],
    [{ type: 'steps', value: 500, unit: 'count', start: '2026-01-10T10:00:00Z' }, 'records.0.end', /give end/],
    [{ type: 'steps', value: 500, unit: 'count', start: '2099-01-10' }, 'records.0.start', /future/],
    [{ type: 'hrv_rmssd', value: 40, unit: 'ms', start: '2026-01-10T07:00:00' }, 'records.0.start', /offset/],
    [{ type: 'vo2max', value: 50, unit: 'mL/kg/min', start: '2026-01-10', stage: 'deep' }, 'records.0.stage', /only for sleep/],
  ])('%j -> invalid_argument on %s', async (bad, field, message) => {
    const r = await record([bad]);
    expect(r.isError).toBe(true);
    expect(r.structured).toMatchObject({ error: 'invalid_argument', field });
    expect(String(r.structured.message)).toMatch(message);
  });

  it('one bad record stores none of the batch', async () => {
    const r = await record([
      { type: 'steps', value: 1234, unit: 'count', start: '2026-02-01', clientRecordId: 'batch-ok' },
      { type: 'steps', value: -5, unit: 'count', start: '2026-02-02', clientRecordId: 'batch-bad' },
    ]);
    expect(r.structured).toMatchObject({ error: 'invalid_argument', field: 'records.1.value' });
    expect(String(r.structured.message)).toMatch(/Nothing was stored/);
    const got = await read({ types: ['steps'], from: '2026-02-01', to: '2026-02-02', aggregation: 'none' });
    expect(got.records).toEqual([]);
  });

  it('a reversed or too long range is refused', async () => {
    expect((await agent.call('get_health_data', { from: '2026-03-02', to: '2026-03-01' })).structured).toMatchObject({
      error: 'invalid_argument',
      field: 'from',
    });
    expect((await agent.call('get_health_data', { from: '2024-01-01', to: '2026-03-01' })).structured).toMatchObject({
      error: 'invalid_argument',
    });
  });
});

describe('units and time frames', () => {
  it('body mass in lb is stored as kg and read back in either unit', async () => {
    const r = await record(
      [{ type: 'body_mass', value: 176.4, unit: 'lb', start: '2026-03-03T07:00:00+01:00', clientRecordId: 'bm-1' }],
      'manual',
    );
    expect(r.isError, JSON.stringify(r.structured)).toBe(false);
    expect(r.structured.records).toEqual([
      expect.objectContaining({
        type: 'body_mass',
        value: 176.4,
        unit: 'lb',
        date: '2026-03-03',
        start: '2026-03-03T06:00:00.000Z',
        end: null,
        source: { kind: 'manual', id: 'manual' },
        externalId: 'bm-1',
        result: 'created',
      }),
    ]);
    const kg = await read({ types: ['body_mass'], from: '2026-03-03', to: '2026-03-03', aggregation: 'none' });
    expect(kg.records).toEqual([expect.objectContaining({ value: 80, unit: 'kg' })]);
    const lb = await read({ types: ['body_mass'], from: '2026-03-03', to: '2026-03-03', units: { body_mass: 'lb' } });
    expect(lb.series![0]).toMatchObject({ unit: 'lb', points: [{ start: '2026-03-03', value: 176.4 }] });
  });

  it('sleep counts for the morning it ends, with stages, in minutes or hours', async () => {
    const night = { start: '2026-03-04T23:00:00+01:00', end: '2026-03-05T07:00:00+01:00' };
    const r = await record([
      { type: 'sleep', value: 4, unit: 'h', stage: 'light', ...night, clientRecordId: 'n1-light' },
      { type: 'sleep', value: 90, unit: 'min', stage: 'deep', ...night, clientRecordId: 'n1-deep' },
      { type: 'sleep', value: 1.5, unit: 'h', stage: 'rem', ...night, clientRecordId: 'n1-rem' },
      { type: 'sleep', value: 30, unit: 'min', stage: 'awake', ...night, clientRecordId: 'n1-awake' },
    ]);
    expect(r.structured.created).toBe(4);
    const min = await read({ types: ['sleep'], from: '2026-03-04', to: '2026-03-05' });
    expect(min.series![0]!.points).toEqual([
      expect.objectContaining({ start: '2026-03-05', value: 420, stages: { light: 240, deep: 90, rem: 90, awake: 30 } }),
    ]);
    const h = await read({ types: ['sleep'], from: '2026-03-05', to: '2026-03-05', units: { sleep: 'h' } });
    expect(h.series![0]).toMatchObject({ unit: 'h', points: [{ value: 7 }] });
  });

  it('active energy in kJ is read in kcal by default', async () => {
    await record([{ type: 'active_energy', value: 2092, unit: 'kJ', start: '2026-03-06', clientRecordId: 'ae-1' }]);
    const got = await read({ types: ['active_energy'], from: '2026-03-06', to: '2026-03-06' });
    expect(got.series![0]).toMatchObject({ unit: 'kcal', points: [{ value: 500 }] });
  });
});

describe('aggregation', () => {
  beforeAll(async () => {
    // Monday 2026-04-06 .. Sunday 2026-04-12, and Monday 2026-04-13.
    const r = await record([
      { type: 'steps', value: 6000, unit: 'count', start: '2026-04-06T07:00:00+02:00', end: '2026-04-06T12:00:00+02:00' },
      { type: 'steps', value: 4000, unit: 'count', start: '2026-04-06T12:00:00+02:00', end: '2026-04-06T22:00:00+02:00' },
      { type: 'steps', value: 6000, unit: 'count', start: '2026-04-08' },
      { type: 'steps', value: 3000, unit: 'count', start: '2026-04-13' },
      { type: 'resting_heart_rate', value: 50, unit: 'bpm', start: '2026-04-06T06:30:00+02:00' },
      { type: 'resting_heart_rate', value: 54, unit: 'bpm', start: '2026-04-06T21:30:00+02:00' },
      { type: 'resting_heart_rate', value: 49, unit: 'bpm', start: '2026-04-07T06:30:00+02:00' },
    ]);
    expect(r.isError, JSON.stringify(r.structured)).toBe(false);
  });

  it('daily: steps are summed per local day, heart rate averaged; empty days have no point', async () => {
    const got = await read({ types: ['steps', 'resting_heart_rate'], from: '2026-04-06', to: '2026-04-13' });
    const [steps, rhr] = got.series!;
    expect(steps!.points.map((p) => [p.start, p.value])).toEqual([
      ['2026-04-06', 10000],
      ['2026-04-08', 6000],
      ['2026-04-13', 3000],
    ]);
    expect(rhr!.points.map((p) => [p.start, p.value, p.min, p.max])).toEqual([
      ['2026-04-06', 52, 50, 54],
      ['2026-04-07', 49, 49, 49],
    ]);
    expect(got.timezone).toBe('Europe/Berlin');
  });

  it('weekly: Monday-Sunday, mean per day with data and the week total', async () => {
    const got = await read({ types: ['steps'], from: '2026-04-06', to: '2026-04-19', aggregation: 'weekly' });
    expect(got.series![0]!.points).toEqual([
      expect.objectContaining({ start: '2026-04-06', end: '2026-04-12', value: 8000, total: 16000, daysWithData: 2 }),
      expect.objectContaining({ start: '2026-04-13', end: '2026-04-19', value: 3000, total: 3000, daysWithData: 1 }),
    ]);
    expect(got.series![0]!.method).toMatch(/mean per day with data/);
  });
});

describe('idempotency', () => {
  const hrv = { type: 'hrv_rmssd', value: 62, unit: 'ms', start: '2026-05-01T06:45:00+02:00', clientRecordId: 'whoop-2026-05-01' };

  it('the same client record id again updates instead of duplicating', async () => {
    expect((await record([hrv])).structured).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
    expect((await record([hrv])).structured).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect((await record([{ ...hrv, value: 58 }])).structured).toMatchObject({
      created: 0,
      updated: 1,
      records: [expect.objectContaining({ value: 58, result: 'updated' })],
    });
    const got = await read({ types: ['hrv_rmssd'], from: '2026-05-01', to: '2026-05-01', aggregation: 'none' });
    expect(got.records).toEqual([
      expect.objectContaining({ value: 58, externalId: 'whoop-2026-05-01', source: { kind: 'agent', id: 'agent' } }),
    ]);
  });

  it('parallel retries of one record (one agent connection each) store it once', { tags: ['engine-parity'] }, async () => {
    const same = { type: 'vo2max', value: 51, unit: 'mL/kg/min', start: '2026-05-02', clientRecordId: 'watch-vo2-2026-05-02' };
    const agents = await Promise.all(Array.from({ length: 12 }, () => connectCaller({ userId })));
    try {
      const results = await Promise.all(agents.map((a) => a.call('record_health_data', { records: [same] })));
      expect(results.map((r) => (r.isError ? r.structured.error : 'ok'))).toEqual(Array(12).fill('ok'));
      expect(results.filter((r) => r.structured.created === 1)).toHaveLength(1);
    } finally {
      await Promise.all(agents.map((a) => a.close()));
    }
    const got = await read({ types: ['vo2max'], from: '2026-05-02', to: '2026-05-02', aggregation: 'none' });
    expect(got.records).toHaveLength(1);
  });

  it('an id is scoped to its source, and keeps its type', async () => {
    expect((await record([hrv], 'manual')).structured).toMatchObject({ created: 1 });
    const r = await record([{ type: 'vo2max', value: 50, unit: 'mL/kg/min', start: '2026-05-01', clientRecordId: hrv.clientRecordId }]);
    expect(r.structured).toMatchObject({ error: 'conflict', field: 'records.0.clientRecordId' });
    const dup = await record([hrv, hrv]);
    expect(dup.structured).toMatchObject({ error: 'invalid_argument', field: 'records.1.clientRecordId' });
  });
});

describe('readiness', () => {
  it('is unknown without enough data, and explains why', async () => {
    const got = await read({ types: ['steps'] });
    expect(got.readiness).toMatchObject({ level: 'unknown', asOf: today, advisory: true });
    expect(got.readiness.reasons[0]).toMatch(/Not enough data/);
  });

  it('a resting heart rate 8 bpm above the 4-week baseline flags low readiness, with the numbers', async () => {
    const records = [];
    for (let ago = 0; ago < 35; ago++) {
      const rhr = ago < 7 ? 58 : ago % 2 === 0 ? 49 : 51;
      records.push({ type: 'resting_heart_rate', value: rhr, unit: 'bpm', start: addDays(today, -ago), clientRecordId: `rhr-${ago}` });
    }
    const r = await record(records);
    expect(r.isError, JSON.stringify(r.structured)).toBe(false);
    const got = await read({ types: ['resting_heart_rate'] });
    expect(got.readiness.level).toBe('low');
    expect(got.readiness.reasons[0]).toBe(
      'Resting heart rate averages 58 bpm over the last 7 days, 8 bpm above your baseline of 50 bpm, which often means incomplete recovery, illness or stress.',
    );
    expect(got.readiness).toMatchObject({ restingHr: { recentMean: 58, baselineMean: 50, flagged: true } });
  });
});
