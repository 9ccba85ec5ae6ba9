// Reads on the hot path of every MCP call (the token check, the profile, the workout list) go to
// the driver directly. Prisma 6's client engine compiles every query in WASM before it runs (no plan
// cache): 13 % of a list_workouts call's CPU and 3 % of a get_account call's, measured with
// `npm run profile`. Writes and every other read stay with Prisma.
// Timestamps are stored without a zone (Prisma's DateTime, in UTC): select them `AT TIME ZONE 'UTC'`,
// or both drivers read them as local time. Select every column a Prisma type names, by name.
import { database } from './client';

export async function read<T>(sql: string, params: unknown[]): Promise<T[]> {
  return (await database()).raw.query<T>(sql, params);
}

