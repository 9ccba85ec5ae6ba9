// @module-tag engine-parity
// The app's one-expression SQL functions (migrations health_weeks, monday_inlined): what they answer, and
// that the planner writes each into the statement that calls it. pacewise_monday was declared IMMUTABLE
// over a STABLE cast, so PostgreSQL never inlined it and ran it as a query of its own per row (94 a
// get_training_progress call at five years of history). On this run's engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawDatabase } from '@/lib/database/engine';
import { migrate } from '@/lib/database/migrations';
import { addDays } from '@/lib/training/dates';
import { mondayOf } from '@/lib/training/trends';
import { freshRawDatabase } from '../../../harness/server';

let raw: RawDatabase;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ raw, close } = await freshRawDatabase());
  await migrate(raw);
}, 120_000);

afterAll(async () => {
  await close?.();
});

/** The plan's output expressions of `SELECT <expression> FROM unnest($1::text[]) AS x(d)`. */
async function outputOf(expression: string): Promise<string> {
  const rows = await raw.query<Record<string, string>>(
    `EXPLAIN (VERBOSE, COSTS OFF) SELECT ${expression} FROM unnest($1::text[]) AS x(d)`,
    [['2026-11-28']],
  );
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('pacewise_monday', () => {
  it('gives the Monday of every day from 1899 to 2101 as lib/training/trends.ts does', async () => {
    const days: string[] = [];
    for (let d = '1899-12-25'; d <= '2101-01-07'; d = addDays(d, 1)) days.push(d);
    const rows = await raw.query<{ d: string; monday: string }>(
      `SELECT x.d, to_char("pacewise_monday"(x.d), 'YYYY-MM-DD') AS monday FROM unnest($1::text[]) AS x(d)`,
      [days],
    );
    expect(rows).toHaveLength(days.length);
    const wrong = rows.filter((r) => r.monday !== mondayOf(r.d));
    expect(wrong.slice(0, 5)).toEqual([]);
    // Every answer is a Monday.
    expect(new Set(rows.map((r) => new Date(`${r.monday}T00:00:00Z`).getUTCDay()))).toEqual(new Set([1]));
  });

  it('refuses text that is not a day, as the cast does', async () => {
    for (const bad of ['2026-02-30', 'not a day', ''])
      await expect(raw.query(`SELECT "pacewise_monday"($1)`, [bad]), bad).rejects.toThrow(/date|out of range/i);
  });

  it('is written into the statement that calls it, not run as a query of its own per row', async () => {
    const plan = await outputOf(`"pacewise_monday"(x.d)`);
    expect(plan).not.toMatch(/pacewise_monday/);
    expect(plan).toMatch(/\(d\)::date - /);
  });
});

describe('pacewise_health_kind', () => {
  it('is written into the statement that calls it', async () => {
    const plan = await outputOf(`"pacewise_health_kind"(x.d)`);
    expect(plan).not.toMatch(/pacewise_health_kind/);
    expect(plan).toMatch(/CASE/);
  });
});
