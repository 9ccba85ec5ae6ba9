// The driver adapter the Prisma CLI uses (migrate status, db execute): the same engines as the app.
import { openPglite, openPostgres } from '../lib/database/engine';

export async function openMigrationAdapter(databaseUrl: string | undefined, pgliteDir: string) {
  const raw = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(pgliteDir);
  return raw.adapter;
}
