// The files that run at UTC+13 call `atUtc13()` first, before anything opens the database: this
// process's zone, and every PostgreSQL connection's (node-postgres passes `options` to the server;
// PGlite's one session is set by the file itself). A call, not a side effect of import: the service
// tier runs several files in one worker and evaluates a shared module once (vitest.config.ts), and the
// tier's set-up puts the zone back after each file (tests/service/support/database.ts).
import { rereadConfig } from '@/lib/env';

export const ZONE = 'Pacific/Auckland';

export function atUtc13(): void {
  process.env.TZ = ZONE;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.searchParams.set('options', `-c TimeZone=${ZONE}`);
    process.env.DATABASE_URL = url.toString();
  }
  rereadConfig();
}
