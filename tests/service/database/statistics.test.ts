// @module-tag engine-parity
// Planner statistics (lib/database/statistics.ts): PGlite has no autovacuum, so the app ANALYZEs on
// open and when a table's statistics go stale. Without them the planner guesses every selectivity (the
// held-snapshots join of get_training_progress: 303 ms at 5 years without, 6.9 ms with). On PostgreSQL
// autovacuum keeps them; the same refresh runs there when called (the bench, a script).
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { database } from '@/lib/database/client';
import { refreshStatistics, staleTables } from '@/lib/database/statistics';
import { addDays } from '@/lib/training/dates';
import type { ToolCaller } from '../../support/mcp-clients';
import { connectCaller, newAccount, subscribe, todayUtc } from '../support/athlete';

const engine = inject('databaseEngine');
let agent: ToolCaller;

/** Tables of the app's schema that hold rows and that the planner has no row estimate for (never analyzed). */
async function neverAnalyzed(): Promise<string[]> {
  const { raw } = await database();
  const rows = await raw.query<{ table: string }>(
    `SELECT c.relname AS "table" FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.reltuples < 0 AND pg_relation_size(c.oid) > 0 ORDER BY 1`,
  );
  return rows.map((r) => r.table);
}

async function statisticsOf(table: string): Promise<string[]> {
  const { raw } = await database();
  const rows = await raw.query<{ column: string }>(
    `SELECT attname AS "column" FROM pg_stats WHERE schemaname = current_schema() AND tablename = $1 ORDER BY 1`,
    [table],
  );
  return rows.map((r) => r.column);
}

/**
 * Inserts into a table as the statistics system has counted them. A backend sends its counters at most
 * once a second (later when idle), so rows just written can reach them after an ANALYZE and count as
 * changes since it; PGlite's one backend is asked to send them now.
 */
async function insertsCounted(table: string): Promise<number> {
  const { raw } = await database();
  if (engine === 'pglite') await raw.query('SELECT pg_stat_force_next_flush()');
  const rows = await raw.query<{ n: string }>(
    `SELECT coalesce(sum(n_tup_ins), 0)::text AS n FROM pg_stat_user_tables WHERE schemaname = current_schema() AND relname = $1`,
    [table],
  );
  return Number(rows[0]?.n ?? 0);
}

/** What the open left, read before this file writes anything. */
let atOpen: { neverAnalyzed: string[]; stale: string[]; exercise: string[] };

beforeAll(async () => {
  const { raw } = await database();
  atOpen = { neverAnalyzed: await neverAnalyzed(), stale: await staleTables(raw), exercise: await statisticsOf('Exercise') };
  const account = await newAccount('statistics');
  await subscribe({ id: account.userId, email: account.person.email });
  agent = await connectCaller({ userId: account.userId });
});

afterAll(async () => {
  await agent?.close();
});

describe('planner statistics', () => {
  it.runIf(engine === 'pglite')('every table that holds rows in a freshly opened embedded database has been analyzed', async () => {
    expect(atOpen.neverAnalyzed).toEqual([]);
    // Nothing was left stale; an empty table is never among them (statistics of no rows are worse than none).
    expect(atOpen.stale).toEqual([]);
    // The template holds the seeded catalogue and the demo person: those were analyzed.
    expect(atOpen.exercise).toContain('id');
  });

  it('a long history written after open makes its tables stale; one refresh analyzes them and a second does nothing', async () => {
    const today = todayUtc();
    const insertsBefore = await insertsCounted('HealthRecord');
    // Ten documented-maximum batches: 1,000 readings over 500 days.
    for (let batch = 0; batch < 10; batch++) {
      const records = Array.from({ length: 100 }, (_, i) => {
        const day = batch * 50 + Math.floor(i / 2);
        return {
          type: i % 2 ? 'steps' : 'resting_heart_rate',
          value: i % 2 ? 8000 + day : 50 + (day % 7),
          unit: i % 2 ? 'count' : 'bpm',
          start: addDays(today, -1 - day),
          clientRecordId: `stats-${batch}-${i}`,
        };
      });
      const r = await agent.call('record_health_data', { records });
      expect(r.isError, JSON.stringify(r.structured)).toBe(false);
    }
    const { raw } = await database();
    // Every written row counted before the refresh (not a wait on the clock: on the counters themselves).
    await vi.waitFor(async () => expect(await insertsCounted('HealthRecord')).toBeGreaterThanOrEqual(insertsBefore + 1000), {
      timeout: 30_000,
      interval: 200,
    });
    // PostgreSQL's autovacuum may have come first; on PGlite nothing else ever analyzes.
    const stale = await staleTables(raw);
    if (engine === 'pglite') expect(stale).toContain('HealthRecord');
    const analyzed = await refreshStatistics(raw);
    expect(analyzed).toEqual(stale);
    expect(await statisticsOf('HealthRecord')).toEqual(expect.arrayContaining(['type', 'userId']));
    expect(await neverAnalyzed()).toEqual(engine === 'pglite' ? [] : expect.any(Array));
    // Idempotent and cheap: nothing changed since, so nothing is analyzed again.
    expect(await refreshStatistics(raw)).toEqual([]);
  });
});
