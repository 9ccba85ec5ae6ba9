// Runs before each service-tier test file, in its own worker: clones the run's migrated and seeded
// template (tests/support/service-setup.ts) into a database of this file's own and points the app's
// configuration at it, so files run in parallel without seeing each other's rows. PostgreSQL:
// CREATE DATABASE ... TEMPLATE; PGlite: a copy of the closed template folder.
import { afterAll, inject } from 'vitest';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EMPTY_PGLITE_VAR, TEST_SITE_URL } from '../../../harness/server';

const template = inject('serviceTemplate');
// Files that run at another zone set it themselves (tests/service/database/at-utc13.ts); the next file in this
// worker starts from the zone the worker started with.
const zone = process.env.TZ;
let drop: () => Promise<void>;

if (template.engine === 'postgresql') {
  const pg = (await import('pg')).default;
  const name = `${template.name}_${crypto.randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: template.adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  // Two clones of one template at the same instant can meet "source database is being accessed by
  // other users" (each copy briefly connects to it): wait and try again.
  for (let attempt = 1; ; attempt++) {
    try {
      await run(`CREATE DATABASE ${name} TEMPLATE ${template.name}`);
      break;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
  const url = new URL(template.adminUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  drop = () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
} else {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-service-file-'));
  const dir = path.join(root, 'db');
  fs.cpSync(template.dir, dir, { recursive: true });
  process.env.DATABASE_URL = '';
  process.env.PGLITE_DIR = dir;
  // A new empty database for this file's rows that need one is a copy of the run's (harness/server.ts).
  process.env[EMPTY_PGLITE_VAR] = template.emptyDir;
  drop = async () => fs.rmSync(root, { recursive: true, force: true });
}

// What a test server gets from the harness (harness/server.ts): its own origin, shared secrets, and a
// database that is already migrated and seeded (PACEWISE_SEED=0: nothing more is added on open). A
// deployment with DATABASE_URL must name an SMTP server (lib/env.ts); no tool mails, so this one is a
// closed loopback port: a message sent by mistake fails loudly instead of leaving the machine.
// The secrets are made once per worker: several files run one after the other in a worker and share
// its modules (vitest.config.ts), which keep what they derived from the first file's.
Object.assign(process.env, {
  SITE_URL: TEST_SITE_URL,
  SMTP_URL: 'smtp://127.0.0.1:9',
  PACEWISE_SEED: '0',
  SESSION_SECRET: process.env.SESSION_SECRET || crypto.randomBytes(48).toString('base64url'),
  TOKEN_SECRET: process.env.TOKEN_SECRET || crypto.randomBytes(48).toString('base64url'),
  INTEGRATIONS_ENCRYPTION_KEY: process.env.INTEGRATIONS_ENCRYPTION_KEY || crypto.randomBytes(32).toString('base64'),
});
// The configuration module is already loaded when an earlier file ran in this worker: it reads this
// file's database from the environment again.
(await import('@/lib/env')).rereadConfig();

afterAll(async () => {
  const { closeDatabase } = await import('@/lib/database/client');
  await closeDatabase();
  await drop();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
}, 60_000);
