// Where values are stored: every row of every table as JSON text, searched in the database itself (the
// suite's shared database holds every file's rows, too many to bring into the test). For files proving
// that a secret is stored nowhere, with a value that must be found as the control.
import type { RawDatabase } from '@/lib/database/engine';

/** The base tables of the database. */
export async function baseTables(db: Pick<RawDatabase, 'query'>): Promise<string[]> {
  const rows = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  return rows.map((r) => r.table_name);
}

/** For each value, the tables with a row whose JSON text contains it. */
export async function tablesHolding(db: Pick<RawDatabase, 'query'>, values: readonly string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (const table of await baseTables(db)) {
    const hits = await db.query<{ v: string }>(
      `SELECT v FROM unnest($1::text[]) AS v WHERE EXISTS (SELECT 1 FROM "${table}" x WHERE strpos(row_to_json(x)::text, v) > 0)`,
      [[...values]],
    );
    for (const { v } of hits) found.set(v, [...(found.get(v) ?? []), table]);
  }
  return found;
}
