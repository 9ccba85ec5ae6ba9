// One body-weight store, over MCP in process: log_body_weight, record_health_data and
// get_profile / get_health_data all meet in the same health records, one reading per source and day.
// (Strava's athlete weight: tests/integration/integrations/strava.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolCaller } from '../../support/mcp-clients';
import { connectCaller, newAccount, subscribe } from '../support/athlete';

let agent: ToolCaller;

type Rec = { type: string; value: number; unit: string; date: string; source: { kind: string; id: string } };

async function bodyMassRecords(date: string, unit: 'kg' | 'lb' = 'kg'): Promise<Rec[]> {
  const r = await agent.call('get_health_data', {
    types: ['body_mass'],
    from: date,
    to: date,
    aggregation: 'none',
    units: { body_mass: unit },
  });
  expect(r.isError, JSON.stringify(r.structured)).toBe(false);
  return r.structured.records as Rec[];
}

async function profileWeight() {
  const r = await agent.call('get_profile');
  return (r.structured.profile as { bodyWeight: { date: string; weight: number; unit: string; kg: number } | null }).bodyWeight;
}

beforeAll(async () => {
  const { person, userId } = await newAccount('body-weight');
  agent = await connectCaller({ userId });
  await subscribe({ id: userId, email: person.email });
  expect((await agent.call('update_profile', { timezone: 'Europe/Berlin', units: { weight: 'lb' } })).isError).toBe(false);
});
afterAll(() => agent?.close());

describe('body weight in one store', () => {
  it('log_body_weight is a manual body_mass reading that get_health_data and get_profile both show, in the asked unit', async () => {
    const logged = await agent.call('log_body_weight', { weight: 80, unit: 'kg', date: '2026-11-10' });
    expect(logged.structured).toMatchObject({ date: '2026-11-10', kg: 80, unit: 'kg', weight: 80 });

    expect(await bodyMassRecords('2026-11-10')).toMatchObject([
      { type: 'body_mass', value: 80, unit: 'kg', date: '2026-11-10', source: { kind: 'manual', id: 'manual' } },
    ]);
    const inPounds = await bodyMassRecords('2026-11-10', 'lb');
    expect(inPounds[0]!.unit).toBe('lb');
    expect(inPounds[0]!.value).toBeCloseTo(176.4, 1);
    expect(await profileWeight()).toMatchObject({ date: '2026-11-10', kg: 80, unit: 'lb', weight: 176.4 });
  });

  it("one reading per source and day: logging again, or recording a manual body_mass, replaces that day's entry", async () => {
    await agent.call('log_body_weight', { weight: 79.5, unit: 'kg', date: '2026-11-10' });
    expect((await bodyMassRecords('2026-11-10')).map((r) => r.value)).toEqual([79.5]);

    const recorded = await agent.call('record_health_data', {
      source: 'manual',
      records: [{ type: 'body_mass', value: 174, unit: 'lb', start: '2026-11-10' }],
    });
    expect(recorded.isError, JSON.stringify(recorded.structured)).toBe(false);
    const day = await bodyMassRecords('2026-11-10');
    expect(day).toHaveLength(1);
    expect(day[0]!.value).toBeCloseTo(78.9, 1);
    expect((await profileWeight())?.kg).toBeCloseTo(78.9, 1);
  });

  it('another source keeps its own reading of the day; the profile shows the newest day, then the latest written', async () => {
    await agent.call('record_health_data', { records: [{ type: 'body_mass', value: 78.4, unit: 'kg', start: '2026-11-10' }] });
    const day = await bodyMassRecords('2026-11-10');
    expect(day.map((r) => r.source.kind).sort()).toEqual(['agent', 'manual']);
    expect((await profileWeight())?.kg).toBe(78.4);

    const series = await agent.call('get_health_data', {
      types: ['body_mass'],
      from: '2026-11-10',
      to: '2026-11-10',
      aggregation: 'daily',
      units: { body_mass: 'kg' },
    });
    const point = (series.structured.series as { points: { value: number; sources: string[] }[] }[])[0]!.points[0]!;
    expect(point.sources.length).toBe(2);
    expect(point.value).toBeCloseTo((78.9 + 78.4) / 2, 1);

    // An older day logged later does not become "the latest".
    await agent.call('log_body_weight', { weight: 81, unit: 'kg', date: '2026-11-01' });
    expect((await profileWeight())?.date).toBe('2026-11-10');
  });
});
