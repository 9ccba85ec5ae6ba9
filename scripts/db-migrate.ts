// Applies pending migrations to the configured database (PGlite folder, or DATABASE_URL).
import { config } from '@/lib/env';
import { openPglite, openPostgres } from '@/lib/database/engine';
import { migrate, migrationStatus } from '@/lib/database/migrations';

const c = config();
const raw = c.databaseUrl ? await openPostgres(c.databaseUrl) : await openPglite(c.pgliteDir);
try {
  const applied = await migrate(raw);
  const status = await migrationStatus(raw);
  console.log(
    `${raw.engine}: applied ${applied.length} migration(s) now; ${status.applied.length} applied, ${status.pending.length} pending.`,
  );
} finally {
  await raw.close();
}
