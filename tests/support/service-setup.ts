// The service tier's database: one template per run, migrated and seeded by the app's own code, which
// every test file clones for itself (tests/service/support/database.ts). No server, no build.
import type { TestProject } from 'vitest/node';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { openPglite, openPostgres, type RawDatabase } from '@/lib/database/engine';
import { migrate } from '@/lib/database/migrations';
import { seed } from '@/lib/database/seed';

export type ServiceTemplate =
  | { engine: 'postgresql'; adminUrl: string; name: string }
  | {
      engine: 'pglite';
      /** A closed PGlite folder; each file copies it (a data folder of a closed PGlite is a complete database). */
      dir: string;
      /**
       * A closed PGlite folder that initdb made and nothing touched after: a new, empty database. The
       * rows that need one (the migrator's, a migration's backfill) copy it instead of running PGlite's
       * initdb again (3.3-4 core-seconds each, the copy and open 0.6-0.9; harness/server.ts freshRawDatabase).
       */
      emptyDir: string;
    };

declare module 'vitest' {
  export interface ProvidedContext {
    serviceTemplate: ServiceTemplate;
    // databaseEngine: declared in tests/support/global-setup.ts, provided here too.
  }
}

/** Migrates and seeds an opened database as a fresh embedded one is on first start (lib/database/client.ts). */
async function prepare(raw: RawDatabase): Promise<void> {
  try {
    await migrate(raw);
    const prisma = new PrismaClient({ adapter: raw.adapter });
    await seed(prisma);
    await prisma.$disconnect();
  } finally {
    await raw.close();
  }
}

export default async function setup(project: TestProject) {
  const admin = process.env.DATABASE_URL;
  if (admin) {
    const pg = (await import('pg')).default;
    const name = `pacewise_tmpl_${Date.now()}_${crypto.randomBytes(3).toString('hex')}`;
    const run = async (sql: string) => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        return await client.query<{ datname: string }>(sql);
      } finally {
        await client.end();
      }
    };
    await run(`CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    // Closed before any clone: CREATE DATABASE ... TEMPLATE refuses a template with open connections.
    await prepare(await openPostgres(url.toString()));
    project.provide('serviceTemplate', { engine: 'postgresql', adminUrl: admin, name });
    project.provide('databaseEngine', 'postgresql');
    return async () => {
      // The template and any clone a crashed file left behind.
      const left = await run(`SELECT datname FROM pg_database WHERE datname LIKE '${name}%'`);
      for (const { datname } of left.rows) await run(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
    };
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-service-'));
  const emptyDir = path.join(root, 'empty');
  const dir = path.join(root, 'template');
  // initdb once, closed and kept as it is; the template is its copy, migrated and seeded.
  await (await openPglite(emptyDir)).close();
  fs.cpSync(emptyDir, dir, { recursive: true });
  await prepare(await openPglite(dir));
  project.provide('serviceTemplate', { engine: 'pglite', dir, emptyDir });
  project.provide('databaseEngine', 'pglite');
  return () => fs.rmSync(root, { recursive: true, force: true });
}
