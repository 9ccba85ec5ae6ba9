// Database-level checks of the stress runs (the stress script owns its database, so it may look).
import pg from 'pg';

export async function withPg<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Acknowledged create_workout tags vs the rows: lost (acknowledged, no row), duplicated, unacknowledged. */
export async function workoutLedger(url: string, acknowledged: string[]) {
  const rows = await withPg(
    url,
    async (c) =>
      (await c.query<{ notes: string; n: string }>(`SELECT notes, count(*) AS n FROM "Workout" WHERE notes LIKE 'stress-%' GROUP BY notes`))
        .rows,
  );
  const inDb = new Map(rows.map((r) => [r.notes, Number(r.n)]));
  const ack = new Set(acknowledged);
  return {
    acknowledged: ack.size,
    rows: rows.reduce((a, r) => a + Number(r.n), 0),
    lost: [...ack].filter((t) => !inDb.has(t)).length,
    duplicated: rows.filter((r) => Number(r.n) > 1).length,
    unacknowledged: rows.filter((r) => !ack.has(r.notes)).length,
  };
}

/**
 * Per client registration (one token family each here): the grant rows and the usable refresh
 * tokens. Consistent: one grant with exactly one usable refresh token, or nothing left (revoked).
 */
export async function families(url: string, clientIds: string[]) {
  const rows = await withPg(
    url,
    async (c) =>
      (
        await c.query<{ clientId: string; grants: string; active: string }>(
          `SELECT "clientId",
                count(*) FILTER (WHERE kind = 'Grant') AS grants,
                count(*) FILTER (WHERE kind = 'RefreshToken' AND "consumedAt" IS NULL AND ("expiresAt" IS NULL OR "expiresAt" > now())) AS active
           FROM "OAuthRecord" WHERE "clientId" = ANY($1) GROUP BY "clientId"`,
          [clientIds],
        )
      ).rows,
  );
  const by = new Map(rows.map((r) => [r.clientId, { grants: Number(r.grants), active: Number(r.active) }]));
  let live = 0;
  let revoked = 0;
  const inconsistent: string[] = [];
  for (const id of clientIds) {
    const f = by.get(id) ?? { grants: 0, active: 0 };
    if (f.grants === 1 && f.active === 1) live++;
    else if (f.grants === 0 && f.active === 0) revoked++;
    else inconsistent.push(`${id.slice(0, 8)}: ${f.grants} grant(s), ${f.active} usable refresh token(s)`);
  }
  return { live, revoked, inconsistent };
}

/** Tables whose rows change with time or traffic, not with the data a write would touch. */
const BOOKKEEPING = new Set(['RateLimit', 'OAuthGrantActivity', '_prisma_migrations', 'Session']);

/** A digest of every data table (row count and an md5 over its rows), for "rejected writes change nothing". */
export async function fingerprint(url: string): Promise<Record<string, string>> {
  return withPg(url, async (c) => {
    const tables = (
      await c.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)
    ).rows
      .map((r) => r.tablename)
      .filter((t) => !BOOKKEEPING.has(t));
    const out: Record<string, string> = {};
    for (const t of tables) {
      const r = await c.query<{ n: string; h: string | null }>(
        `SELECT count(*) AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS h FROM "${t}" x`,
      );
      out[t] = `${r.rows[0]!.n}:${r.rows[0]!.h ?? ''}`;
    }
    return out;
  });
}

export function diffFingerprints(a: Record<string, string>, b: Record<string, string>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => a[k] !== b[k]);
}
