// The Prisma client, created lazily once per process (never at import: `next build` imports routes),
// after the database is opened and migrated. Kept on globalThis so `next dev` reloads reuse it.
import { PrismaClient } from '@/lib/generated/prisma/client';
import { config } from '@/lib/env';
import { openPglite, openPostgres, type RawDatabase } from './engine';
import { migrate } from './migrations';
import { seed } from './seed';
import { refreshStatistics, STATISTICS_INTERVAL_MS } from './statistics';

type Database = { prisma: PrismaClient; raw: RawDatabase; stopMaintenance?: () => void };

const holder = globalThis as typeof globalThis & { __pacewiseDb?: Promise<Database> };

/**
 * PGlite has no autovacuum: statistics are refreshed after migrating and seeding, then looked at again
 * now and then while the process runs (./statistics.ts). PostgreSQL's autovacuum does this itself.
 */
async function keepStatistics(raw: RawDatabase): Promise<() => void> {
  await refreshStatistics(raw);
  const timer = setInterval(() => void refreshStatistics(raw).catch(() => undefined), STATISTICS_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

async function open(): Promise<Database> {
  const c = config();
  const raw = c.databaseUrl
    ? await openPostgres(c.databaseUrl, {
        poolMax: c.databasePoolMax,
        onVercel: c.onVercel,
        preparedStatements: c.databasePreparedStatements,
      })
    : await openPglite(c.pgliteDir);
  try {
    const applied = await migrate(raw);
    const prisma = new PrismaClient({ adapter: raw.adapter });
    // Prisma compiles its query engine (WASM) once the client exists, blocking the event loop for seconds
    // on a loaded machine: let that happen here, where the first caller waits anyway, rather than under a
    // later request's timer (a metadata document's 2.5 s fetch, when the reads before it are typed).
    await prisma.$connect();
    // The embedded database is for local runs: seed the demo person when it was just created.
    if (raw.engine === 'pglite' && applied.length > 0 && c.seedDemo) await seed(prisma);
    const stopMaintenance = raw.engine === 'pglite' ? await keepStatistics(raw) : undefined;
    return { prisma, raw, stopMaintenance };
  } catch (error) {
    await raw.close().catch(() => undefined);
    throw error;
  }
}

export function database(): Promise<Database> {
  if (!holder.__pacewiseDb) {
    const opening = open();
    holder.__pacewiseDb = opening;
    // A failed open (database down) is not cached: the next request tries again.
    opening.catch(() => {
      if (holder.__pacewiseDb === opening) holder.__pacewiseDb = undefined;
    });
  }
  return holder.__pacewiseDb;
}

export async function db(): Promise<PrismaClient> {
  return (await database()).prisma;
}

export async function closeDatabase(): Promise<void> {
  const current = holder.__pacewiseDb;
  holder.__pacewiseDb = undefined;
  if (!current) return;
  const { prisma, raw, stopMaintenance } = await current;
  stopMaintenance?.();
  await prisma.$disconnect();
  await raw.close();
}
