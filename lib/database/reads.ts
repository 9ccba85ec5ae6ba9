// Reads on the hot path of every MCP call (the token check, the profile, the workout list) go to
// the driver directly. Prisma 6's client engine compiles every query in WASM before it runs (no plan
// cache): 13 % of a list_workouts call's CPU and 3 % of a get_account call's, measured with
// `npm run profile`. Writes and every other read stay with Prisma.
// Timestamps are stored without a zone (Prisma's DateTime, in UTC): select them `AT TIME ZONE 'UTC'`,
// or both drivers read them as local time. Select every column a Prisma type names, by name.
import { database } from './client';

export async function read<T>(sql: string, params: unknown[]): Promise<T[]> {
  // A named prepared statement: these texts repeat on every call, so the server keeps their plans.
  return (await database()).raw.prepared<T>(sql, params);
}

/**
 * A write of one statement on the same path: a hot write (a health batch, a grant's last use) is one
 * statement with no interactive transaction around it, prepared like the reads.
 */
export async function write<T>(sql: string, params: unknown[]): Promise<T[]> {
  return (await database()).raw.prepared<T>(sql, params);
}

/** The parameters of one statement built from several modules' fragments. */
export type Bind = (value: unknown) => string;

/** `bind(value)` adds a parameter and returns its placeholder (`$1`, `$2`, ...). */
export function parameters(): { params: unknown[]; bind: Bind } {
  const params: unknown[] = [];
  return { params, bind: (value) => `$${params.push(value)}` };
}

/**
 * A timestamp read inside a JSON value (`json_agg`, `row_to_json`). Selected `AT TIME ZONE 'UTC'`, it
 * is written with its offset ("2026-11-26T10:00:00.5+00:00"), so it is the same instant on any server.
 */
export function jsonInstant(value: string | null | undefined): Date | null {
  return value == null ? null : new Date(value);
}
