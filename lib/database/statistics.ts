// Planner statistics on the embedded engine. PostgreSQL's autovacuum runs ANALYZE as tables change;
// PGlite has no autovacuum (one session, no background workers), so without this nothing ever did and
// the planner guessed every selectivity: the held-snapshots join took 303 ms at 5 years of history
// without statistics and 6.9 ms after one ANALYZE (docs/performance.md, issue 35).
//
// The rule is autovacuum's own (analyze a table once more than 50 + 10 % of its rows changed since its
// last ANALYZE), plus two checks that do not rely on the cumulative statistics surviving a restart: a
// table never analyzed (reltuples -1) that holds rows, and a table whose file has grown by more than a
// fifth since its last ANALYZE (another process, such as a seeding script, wrote to the folder). An empty
// table is not analyzed: statistics of no rows are worse than none (the planner then takes the table for
// empty until the next refresh, and list_workouts' statement ran 1.6x slower on a new folder with a few
// sessions; without statistics it assumes ten pages). A table that qualifies on none is left alone, so
// running this again is cheap (one catalogue read) and changes nothing.
import type { RawDatabase } from './engine';

/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor's defaults. */
const THRESHOLD = 50;
const SCALE = 0.1;

const STALE_TABLES = `
SELECT c.relname AS "table"
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
  AND (
    (c.reltuples < 0 AND pg_relation_size(c.oid) > 0)
    OR coalesce(s.n_mod_since_analyze, 0) > ${THRESHOLD} + ${SCALE} * greatest(c.reltuples, 0)
    OR pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 8
  )
ORDER BY c.relname`;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tables whose statistics are missing or stale (see above), by name. */
export async function staleTables(raw: Pick<RawDatabase, 'query'>): Promise<string[]> {
  return (await raw.query<{ table: string }>(STALE_TABLES)).map((r) => r.table);
}

/** ANALYZEs the tables whose statistics are missing or stale; returns their names (none: nothing ran). */
export async function refreshStatistics(raw: Pick<RawDatabase, 'query'>): Promise<string[]> {
  const tables = await staleTables(raw);
  if (tables.length > 0) await raw.query(`ANALYZE ${tables.map(quoted).join(', ')}`);
  return tables;
}

/** How often a long-running embedded process looks again (history grows while `npm run dev` runs). */
export const STATISTICS_INTERVAL_MS = 10 * 60_000;
