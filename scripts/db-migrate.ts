// Applies pending migrations to the configured database (PGlite folder, or DATABASE_URL).
import { config } from '@/lib/env';
import { openPglite, openPostgres } from '@/lib/database/engine';
import { migrate, migrationStatus } from '@/lib/database/migrations';
import { refreshStatistics } from '@/lib/database/statistics';

const c = config();
const raw = c.databaseUrl ? await openPostgres(c.databaseUrl) : await openPglite(c.pgliteDir);
try {
  const applied = await migrate(raw);
  const status = await migrationStatus(raw);
  // PGlite has no autovacuum (lib/database/statistics.ts); PostgreSQL's keeps its own statistics.
  const analyzed = raw.engine === 'pglite' ? await refreshStatistics(raw) : [];
  console.log(
    `${raw.engine}: applied ${applied.length} migration(s) now; ${status.applied.length} applied, ${status.pending.length} pending${analyzed.length ? `; statistics refreshed for ${analyzed.length} table(s)` : ''}.`,
  );
} finally {
  await raw.close();
}
