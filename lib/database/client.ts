// The Prisma client, created lazily once per process (never at import: `next build` imports routes),
// after the database is opened and migrated. Kept on globalThis so `next dev` reloads reuse it.
import { PrismaClient } from '@/lib/generated/prisma/client';
import { config } from '@/lib/env';
import { openPglite, openPostgres, type RawDatabase } from './engine';
import { migrate } from './migrations';
import { seed } from './seed';

type Database = { prisma: PrismaClient; raw: RawDatabase };

const holder = globalThis as typeof globalThis & { __pacewiseDb?: Promise<Database> };

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
    // The embedded database is for local runs: seed the demo person when it was just created.
    if (raw.engine === 'pglite' && applied.length > 0 && c.seedDemo) await seed(prisma);
    return { prisma, raw };
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
  const { prisma, raw } = await current;
  await prisma.$disconnect();
  await raw.close();
}
