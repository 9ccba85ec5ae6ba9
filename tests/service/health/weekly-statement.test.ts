// @module-tag engine-parity
// get_health_data's weekly summaries grouped by the database (lib/health/weekly.ts) against the rules
// they replace, `aggregate` (lib/health/aggregate.ts) over the same records, on this run's engine
// (PGlite, or PostgreSQL when DATABASE_URL is set): hard days (sources that tie, several readings a day,
// staged and unstaged sleep, peaks), week edges, units, a year of daily data against none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { RawDatabase } from '@/lib/database/engine';
import { kyselyOver } from '@/lib/database/kysely';
import { migrate } from '@/lib/database/migrations';
import type { Tables } from '@/lib/database/tables';
import { aggregate, type AggregatableRecord } from '@/lib/health/aggregate';
import { HEALTH_TYPES, METRICS, type HealthType, type HealthUnit } from '@/lib/health/metrics';
import { partWeekDays, WEEK_TUPLE, weeklyHealthStatement, weeklySeries, wholeWeeks } from '@/lib/health/weekly';
import { addDays } from '@/lib/training/dates';
import { freshRawDatabase } from '../../../harness/server';

let raw: RawDatabase;
let close: () => Promise<void>;
let k: Kysely<Tables>;

const TODAY = '2026-11-27';
type Row = { type: HealthType; value: number; date: string; at?: string; source?: string; stage?: string; max?: number };
let n = 0;

async function insert(userId: string, rows: Row[]): Promise<void> {
  for (const r of rows)
    await raw.query(
      `INSERT INTO "HealthRecord" ("id", "userId", "type", "value", "unit", "maxValue", "stage", "date", "startAt", "source", "sourceId", "updatedAt")
       VALUES ($1, $2, $3, $4, 'canonical', $5, $6, $7, $8, 'agent', $9, now())`,
      [
        `h${String(n++).padStart(6, '0')}`,
        userId,
        r.type,
        r.value,
        r.max ?? null,
        r.stage ?? null,
        r.date,
        r.at ?? `${r.date}T06:00:00Z`,
        r.source ?? 'agent',
      ],
    );
}

/** A year and a bit of daily steps, resting heart rate, HRV and sleep, and body mass on Sundays (like the scale bench's). */
function yearOfDays(): Row[] {
  const rows: Row[] = [];
  for (let d = 400; d >= 1; d--) {
    const date = addDays(TODAY, -d);
    rows.push(
      { type: 'steps', value: 6000 + ((d * 37) % 5000), date },
      { type: 'resting_heart_rate', value: 50 + (d % 7), date, at: `${date}T06:30:00Z` },
      { type: 'hrv_rmssd', value: 55 + (d % 11) + 0.1 * (d % 3), date, at: `${date}T06:30:00Z` },
      { type: 'sleep', value: 400 + (d % 60), date, stage: d % 5 ? 'asleep' : 'light' },
    );
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 0) rows.push({ type: 'body_mass', value: 80 + (d % 5) / 10, date });
  }
  return rows;
}

/** The hard days of one week and the next (Mon 2026-11-16 .. Sun 2026-11-29), and one record just outside. */
function hardDays(): Row[] {
  const mon = '2026-11-16';
  const day = (i: number) => addDays(mon, i);
  return [
    // Steps: two sources, the watch counts more on Monday, the phone on Tuesday, a tie on Wednesday (first id wins).
    { type: 'steps', value: 4000, date: day(0), source: 'phone' },
    { type: 'steps', value: 3000, date: day(0), at: `${day(0)}T18:00:00Z`, source: 'watch' },
    { type: 'steps', value: 2500, date: day(0), at: `${day(0)}T19:00:00Z`, source: 'watch' },
    { type: 'steps', value: 9000, date: day(1), source: 'phone' },
    { type: 'steps', value: 7000, date: day(1), source: 'watch' },
    { type: 'steps', value: 5000, date: day(2), source: 'watch' },
    { type: 'steps', value: 5000, date: day(2), source: 'phone' },
    // Active energy: three small readings a day from one source (sums of fractions).
    ...[0.1, 0.2, 0.3].flatMap((v, i) => [
      { type: 'active_energy' as const, value: 100 + v, date: day(3), at: `${day(3)}T0${i + 1}:00:00Z` },
      { type: 'active_energy' as const, value: 200.7 - v, date: day(7), at: `${day(7)}T0${i + 1}:00:00Z` },
    ]),
    // Resting heart rate: three readings from two sources a day; a Sunday and the next Monday.
    { type: 'resting_heart_rate', value: 51, date: day(6), source: 'watch' },
    { type: 'resting_heart_rate', value: 49, date: day(6), source: 'ring' },
    { type: 'resting_heart_rate', value: 56, date: day(6), at: `${day(6)}T20:00:00Z`, source: 'watch' },
    { type: 'resting_heart_rate', value: 48, date: day(7), source: 'ring' },
    // Workout heart rate: the week's peak from maxValue, not the average.
    { type: 'workout_heart_rate', value: 140, max: 181, date: day(2) },
    { type: 'workout_heart_rate', value: 152, max: 176, date: day(4) },
    { type: 'workout_heart_rate', value: 147, date: day(8) },
    // Sleep: a staged watch night (light, deep, rem, awake) against a longer unstaged phone total: staged wins.
    { type: 'sleep', value: 200, stage: 'light', date: day(1), source: 'watch' },
    { type: 'sleep', value: 90, stage: 'deep', date: day(1), source: 'watch' },
    { type: 'sleep', value: 100, stage: 'rem', date: day(1), source: 'watch' },
    { type: 'sleep', value: 25, stage: 'awake', date: day(1), source: 'watch' },
    { type: 'sleep', value: 480, date: day(1), source: 'phone' },
    // A night only unstaged, with time in bed, and one with two light spans.
    { type: 'sleep', value: 420, stage: 'asleep', date: day(2), source: 'phone' },
    { type: 'sleep', value: 470, stage: 'in_bed', date: day(2), source: 'phone' },
    { type: 'sleep', value: 150, stage: 'light', date: day(9), source: 'watch' },
    { type: 'sleep', value: 160, stage: 'light', date: day(9), at: `${day(9)}T07:00:00Z`, source: 'watch' },
    { type: 'sleep', value: 300, date: day(9), source: 'agent' },
    // Body mass and VO2max, one each.
    { type: 'body_mass', value: 81.25, date: day(5) },
    { type: 'vo2max', value: 47.3, date: day(10) },
    // Outside the range asked for. (The year of 'long' covers the same days: another person's records.)
    { type: 'steps', value: 99_999, date: day(14) },
  ];
}

beforeAll(async () => {
  ({ raw, close } = await freshRawDatabase());
  await migrate(raw);
  for (const id of ['long', 'hard', 'none', 'moves'])
    await raw.query(`INSERT INTO "User" ("id", "email", "passwordHash", "updatedAt") VALUES ($1, $1 || '@example.test', 'x', now())`, [id]);
  // One statement for the year: thousands of single inserts would be the slowest part of the file.
  const year = yearOfDays();
  await raw.query(
    `INSERT INTO "HealthRecord" ("id", "userId", "type", "value", "unit", "stage", "date", "startAt", "source", "sourceId", "updatedAt")
     SELECT 'y' || i, 'long', t, v, 'canonical', s, d, a::timestamp, 'agent', 'agent', now()
       FROM unnest($1::text[], $2::float8[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS x(t, v, s, d, a, i)`,
    [
      year.map((r) => r.type),
      year.map((r) => r.value),
      year.map((r) => r.stage ?? null),
      year.map((r) => r.date),
      year.map((r) => r.at ?? `${r.date}T06:00:00Z`),
    ],
  );
  await insert('hard', hardDays());
  k = kyselyOver(raw);
}, 120_000);

afterAll(async () => {
  await close?.();
});

/** The reference: `aggregate` over the records as get_health_data listed them (date, start, id). */
async function reference(userId: string, types: readonly HealthType[], from: string, to: string, unitOf: (t: HealthType) => HealthUnit) {
  const rows = await raw.query<AggregatableRecord & { type: HealthType }>(
    `SELECT "type", "value", "maxValue", "date", "stage", "sourceId" FROM "HealthRecord"
      WHERE "userId" = $1 AND "type" = ANY($2::text[]) AND "date" >= $3 AND "date" <= $4 ORDER BY "date", "startAt", "id"`,
    [userId, [...types], from, to],
  );
  return types.map((t) => aggregate(t, rows, 'weekly', unitOf(t)));
}

const canonical = (t: HealthType) => METRICS[t].units[0] as HealthUnit;
const other = (t: HealthType) => (METRICS[t].units.at(-1) ?? METRICS[t].units[0]) as HealthUnit;

const cases: [string, string, string, string, (t: HealthType) => HealthUnit][] = [
  // name, person, from, to, units
  ['a year of daily data, canonical units', 'long', addDays(TODAY, -364), TODAY, canonical],
  ['a year of daily data, other units (h, lb, kJ)', 'long', addDays(TODAY, -364), TODAY, other],
  ['a range starting mid-week and ending on a Monday', 'long', '2026-03-05', '2026-06-01', canonical],
  ['the hard days', 'hard', '2026-11-16', '2026-11-29', canonical],
  ['the hard days in other units', 'hard', '2026-11-16', '2026-11-29', other],
  ['the hard days from Wednesday to the next Tuesday', 'hard', '2026-11-18', '2026-11-24', canonical],
  ['no records at all', 'none', addDays(TODAY, -364), TODAY, canonical],
  ['a range before any record', 'long', '2020-01-01', '2020-03-01', canonical],
];

describe('weekly health summaries: the database groups as aggregate does', () => {
  it.each(cases)('%s', async (_name, userId, from, to, unitOf) => {
    const types = [...HEALTH_TYPES];
    const want = await reference(userId, types, from, to, unitOf);
    const got = await weeklySeries(userId, types, from, to, unitOf, k);
    expect(got).toEqual(want);
    const points = want.reduce((a, s) => a + s.points.length, 0);
    if (userId === 'none' || from.startsWith('2020')) expect(points).toBe(0);
    else expect(points).toBeGreaterThan(0);
  });

  it('reads the chosen types only, each series in the order asked', async () => {
    const types: HealthType[] = ['sleep', 'steps'];
    const got = await weeklySeries('hard', types, '2026-11-16', '2026-11-29', canonical, k);
    expect(got.map((s) => s.type)).toEqual(['sleep', 'steps']);
    expect(got).toEqual(await reference('hard', types, '2026-11-16', '2026-11-29', canonical));
    // Each night takes the source reporting the most time asleep: the phone's 480 min beat the watch's staged
    // 390 (200 + 90 + 100) on Tuesday, and the phone alone slept on Wednesday, so the week is the phone's.
    const week = got[0]!.points[0]!;
    expect(week.sources).toEqual(['phone']);
    expect(week.daysWithData).toBe(2);
    expect(week.value).toBe((480 + 420) / 2);
    expect(Object.keys(week.stages!).sort()).toEqual(['asleep', 'in_bed']);
  });

  it('sends one row per type and whole week, and the records of the part-weeks at the ends only', async () => {
    const from = addDays(TODAY, -364);
    const [row] = await weeklyHealthStatement('long', [...HEALTH_TYPES], from, TODAY, k).execute();
    const records = await raw.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM "HealthRecord" WHERE "userId" = 'long' AND "date" >= $1`,
      [from],
    );
    expect(Number(records[0]!.n)).toBeGreaterThan(1400);
    // One row per type, one array per stored week (its columns in order), weeks in order.
    const stored = row!.weeks.flatMap((r) => r.weeks.map((w) => `${r.type} ${w[0]}`));
    expect(stored.length).toBeLessThanOrEqual(5 * 53);
    expect(stored.length).toBeGreaterThan(4 * 50);
    expect(new Set(stored).size).toBe(stored.length);
    expect(new Set(row!.weeks.map((r) => r.type)).size).toBe(row!.weeks.length);
    for (const r of row!.weeks) {
      const mondays = r.weeks.map((w) => w[0] as string);
      expect(mondays, r.type).toEqual([...mondays].sort());
      expect(r.weeks.every((w) => w.length === 9)).toBe(true);
    }
    // The part-weeks' days: before the first whole Monday and after the last whole Sunday, at most six each.
    const { first, last } = partWeekDays(from, TODAY);
    expect(row!.first.length).toBeGreaterThan(0);
    expect(row!.last.length).toBeGreaterThan(0);
    expect(row!.first.every((r) => r.date >= first![0] && r.date <= first![1])).toBe(true);
    expect(row!.last.every((r) => r.date >= last![0] && r.date <= last![1])).toBe(true);
    expect(row!.first.length + row!.last.length).toBeLessThan(12 * 8);
    // A range of whole weeks reads no record; one without a whole week reads no stored week.
    const [whole] = await weeklyHealthStatement('long', [...HEALTH_TYPES], '2026-03-09', '2026-05-31', k).execute();
    expect([whole!.first, whole!.last]).toEqual([[], []]);
    expect(whole!.weeks.length).toBeGreaterThan(0);
    const [inside] = await weeklyHealthStatement('hard', [...HEALTH_TYPES], '2026-11-18', '2026-11-24', k).execute();
    expect(inside!.weeks).toEqual([]);
    expect(inside!.first.length).toBeGreaterThan(0);
  });

  // The statement runs as one named prepared statement, planned generically from its sixth run on a
  // connection: with `type = ANY($n)` that plan bounded HealthWeek's index by the person and the weeks and
  // filtered the types, so it read every week the person ever had (cost grew with history).
  it.runIf(process.env.DATABASE_URL)('keeps each type its own index range in the generic plan on PostgreSQL', async () => {
    const { sql: text, parameters } = weeklyHealthStatement('long', [...HEALTH_TYPES], addDays(TODAY, -364), TODAY, k).compile();
    if (raw.connection.engine !== 'postgresql') throw new Error('PostgreSQL only');
    const client = await raw.connection.pool.connect();
    try {
      // Prepared as the app prepares it (lib/database/prepared.ts); the generic plan forced below is the
      // one PostgreSQL keeps once it costs no more than the custom ones (the scale bench's database).
      await client.query({ name: 'weekly_plan_probe', text, values: [...parameters] });
      const args = parameters.map((v) =>
        Array.isArray(v) ? `${client.escapeLiteral(`{${v.join(',')}}`)}::text[]` : client.escapeLiteral(String(v)),
      );
      await client.query('SET plan_cache_mode = force_generic_plan');
      const plan = (await client.query(`EXPLAIN EXECUTE weekly_plan_probe(${args.join(', ')})`)).rows
        .map((r) => String(Object.values(r as object)[0]))
        .join('\n');
      await client.query('RESET plan_cache_mode');
      // Three scans (the weeks, the part-weeks at each end), each bounded by the person and one type.
      const conditions = plan.match(/Index Cond: .*/g) ?? [];
      expect(conditions, plan).toHaveLength(3);
      for (const c of conditions) expect(c, plan).toMatch(/"userId" = \$\d+\) AND \(type = t(_\d+)?\.type\)/);
      expect(plan).not.toMatch(/Filter: .*type/);
    } finally {
      await client.query('DEALLOCATE weekly_plan_probe').catch(() => undefined);
      client.release();
    }
  });

  it('part-week days: the ends outside the whole weeks, or the whole range without one', () => {
    const cases: [string, string, ReturnType<typeof partWeekDays>][] = [
      ['2026-11-16', '2026-11-29', { first: null, last: null }],
      ['2026-11-18', '2026-11-24', { first: ['2026-11-18', '2026-11-24'], last: null }],
      ['2026-11-17', '2026-12-08', { first: ['2026-11-17', '2026-11-22'], last: ['2026-12-07', '2026-12-08'] }],
      ['2026-11-22', '2026-11-22', { first: ['2026-11-22', '2026-11-22'], last: null }],
      ['2025-11-28', '2026-11-27', { first: ['2025-11-28', '2025-11-30'], last: ['2026-11-23', '2026-11-27'] }],
    ];
    for (const [from, to, want] of cases) expect(partWeekDays(from, to), `${from}..${to}`).toEqual(want);
  });
});

/** A person's kept weeks (HealthWeek) and the same weeks computed from their records now, equal to 12 significant digits. */
async function keptAndFresh(userId: string) {
  const columns = `"type", "week", "value", "min", "max", "total", "days", "records", "sources", "stages"`;
  const kept = await raw.query<Record<string, unknown>>(`SELECT ${columns} FROM "HealthWeek" WHERE "userId" = $1 ORDER BY "type", "week"`, [
    userId,
  ]);
  const fresh = await raw.query<Record<string, unknown>>(
    `SELECT ${columns} FROM "pacewise_health_weeks"($1, $2::text[], '1900-01-01', '2999-12-31') ORDER BY "type", "week"`,
    [userId, [...HEALTH_TYPES]],
  );
  const rounded = (rows: Record<string, unknown>[]) =>
    rows.map((w) => ({
      ...w,
      ...Object.fromEntries(['value', 'min', 'max', 'total'].map((c) => [c, w[c] === null ? null : +Number(w[c]).toPrecision(12)])),
    }));
  return { kept: rounded(kept), fresh: rounded(fresh) };
}

describe('the weeks the database keeps (HealthWeek, migration health_weeks)', () => {
  it('whole weeks of a range: Monday to Sunday inside it, none when it holds no whole week', () => {
    const cases: [string, string, { first: string; last: string } | null][] = [
      ['2026-11-16', '2026-11-29', { first: '2026-11-16', last: '2026-11-23' }],
      ['2026-11-18', '2026-11-24', null],
      ['2026-11-17', '2026-12-06', { first: '2026-11-23', last: '2026-11-30' }],
      ['2026-11-16', '2026-11-22', { first: '2026-11-16', last: '2026-11-16' }],
      ['2026-11-22', '2026-11-22', null],
      ['2026-03-05', '2026-06-01', { first: '2026-03-09', last: '2026-05-25' }],
    ];
    for (const [from, to, want] of cases) expect(wholeWeeks(from, to), `${from}..${to}`).toEqual(want);
  });

  it('holds every week of every type written, equal to the records grouped now', async () => {
    for (const userId of ['long', 'hard']) {
      const { kept, fresh } = await keptAndFresh(userId);
      expect(kept.length, userId).toBeGreaterThan(userId === 'long' ? 200 : 8);
      expect(kept, userId).toEqual(fresh);
    }
    expect((await keptAndFresh('none')).kept).toEqual([]);
  });

  it('follows updates, a record moved to another week, deletions, and a week left empty', async () => {
    await insert('moves', hardDays());
    await raw.query(
      `UPDATE "HealthRecord" SET "value" = "value" * 2 WHERE "userId" = 'moves' AND "type" = 'steps' AND "date" = '2026-11-17'`,
    );
    // A Sunday's sleep moved into the next week, and a reading moved a month back.
    await raw.query(
      `UPDATE "HealthRecord" SET "date" = '2026-11-23' WHERE "userId" = 'moves' AND "type" = 'sleep' AND "date" = '2026-11-18'`,
    );
    await raw.query(`UPDATE "HealthRecord" SET "date" = '2026-10-20' WHERE "userId" = 'moves' AND "type" = 'vo2max'`);
    let { kept, fresh } = await keptAndFresh('moves');
    expect(kept).toEqual(fresh);
    expect(kept.filter((w) => w.type === 'vo2max').map((w) => w.week)).toEqual(['2026-10-19']);
    await raw.query(`DELETE FROM "HealthRecord" WHERE "userId" = 'moves' AND "type" = 'active_energy' AND "date" = '2026-11-19'`);
    await raw.query(`DELETE FROM "HealthRecord" WHERE "userId" = 'moves' AND "type" = 'workout_heart_rate'`);
    ({ kept, fresh } = await keptAndFresh('moves'));
    expect(kept).toEqual(fresh);
    expect(kept.filter((w) => w.type === 'workout_heart_rate')).toEqual([]);
    expect(kept.filter((w) => w.type === 'active_energy').map((w) => w.week)).toEqual(['2026-11-23']);
    // Another person's weeks did not move.
    expect(await keptAndFresh('hard')).toMatchObject({ kept: (await keptAndFresh('hard')).fresh });
  });

  it('stores with every week the array the statement sends: its columns in WEEK_TUPLE order, as written, after every kind of write', async () => {
    const rows = await raw.query<{ userId: string; week: string; point: string; built: string }>(
      `SELECT "userId", "week", "point"::text AS "point", json_build_array(${WEEK_TUPLE.map((c) => `"${c}"`).join(', ')})::text AS "built" FROM "HealthWeek"`,
    );
    // 'long' (written in batches), 'hard' (odd days), 'moves' (updated, moved and deleted above).
    expect(new Set(rows.map((r) => r.userId))).toEqual(new Set(['long', 'hard', 'moves']));
    expect(rows.length).toBeGreaterThan(200);
    for (const r of rows) expect(r.point, `${r.userId} ${r.week}`).toBe(r.built);
    const sleep = rows.find((r) => r.userId === 'hard' && JSON.parse(r.point)[8] !== null);
    expect(JSON.parse(sleep!.point)).toEqual([
      expect.any(String),
      expect.any(Number),
      null,
      null,
      expect.any(Number),
      expect.any(Number),
      expect.any(Number),
      expect.any(Array),
      expect.any(Object),
    ]);
  });

  it('a week redone from its records (as the migration filled it) equals the one kept', async () => {
    const before = (await keptAndFresh('long')).kept;
    await raw.query(`DELETE FROM "HealthWeek" WHERE "userId" = 'long'`);
    await raw.query(
      `SELECT "pacewise_health_weeks_redo"(array_agg("userId"), array_agg("type"), array_agg("date")) FROM "HealthRecord" WHERE "userId" = 'long'`,
    );
    expect((await keptAndFresh('long')).kept).toEqual(before);
  });

  it('knows how every metric is summed up, as lib/health/metrics.ts does', async () => {
    const rows = await raw.query<{ type: string; kind: string | null }>(
      `SELECT t AS "type", "pacewise_health_kind"(t) AS "kind" FROM unnest($1::text[]) AS t`,
      [[...HEALTH_TYPES, 'not_a_type']],
    );
    const want = Object.fromEntries([...HEALTH_TYPES.map((t) => [t, t === 'sleep' ? 'sleep' : METRICS[t].daily]), ['not_a_type', null]]);
    expect(Object.fromEntries(rows.map((r) => [r.type, r.kind]))).toEqual(want);
  });

  it("a person's kept weeks go with the person", async () => {
    await raw.query(
      `INSERT INTO "User" ("id", "email", "passwordHash", "updatedAt") VALUES ('leaving', 'leaving@example.test', 'x', now())`,
    );
    await insert('leaving', hardDays());
    const count = async () =>
      Number((await raw.query<{ n: string }>(`SELECT count(*) AS n FROM "HealthWeek" WHERE "userId" = 'leaving'`))[0]!.n);
    expect(await count()).toBeGreaterThan(8);
    await raw.query(`DELETE FROM "User" WHERE "id" = 'leaving'`);
    expect(await count()).toBe(0);
  });
});
