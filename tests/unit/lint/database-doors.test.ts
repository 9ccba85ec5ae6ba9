// Two rules of eslint.config.mjs that keep the database behind its doors (issue 35): no code uses
// PGlite's underscore-private members, and no adapter (the tool server, the views, the routes, ...)
// reaches the database itself. Each case lints a fixture at a real path in the tree with the
// project's own ESLint configuration (tests/unit/lint/layers.test.ts does the same for the layers).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function errors(file: string, code: string, rule: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule);
}

describe("PGlite's private API", () => {
  // [file, code]: every way the old lib/database/pglite-query.ts reached it, and the other private members
  const PRIVATE: [string, string][] = [
    ['lib/database/fixture.ts', 'export const f = (db: any) => db._runExclusiveTransaction(() => db._runExclusiveQuery(async () => 1));'],
    ['lib/database/fixture.ts', "export const f = (db: any) => db['_runExclusiveQuery'](async () => 1);"],
    ['lib/coaching/fixture.ts', 'export const f = async (db: any) => { await db._checkReady(); };'],
    ['harness/fixture.ts', 'export const f = (db: any) => db._runExclusiveListen(async () => 1);'],
    ['tests/integration/fixture.test.ts', 'export const f = (db: any) => db._initArrayTypes({ force: true });'],
  ];
  it.each(PRIVATE)(
    'refuses it in %s: %s',
    async (file, code) => {
      const found = await errors(file, code, 'no-restricted-syntax');
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((e) => e.severity === 2 && e.message.includes("PGlite's underscore members are private"))).toBe(true);
    },
    60_000,
  );

  // The public API the replacement uses, and underscore names that are not PGlite's.
  const PUBLIC: [string, string][] = [
    [
      'lib/database/fixture.ts',
      'export const f = (db: any) => db.runExclusive(async () => (db.isInTransaction() ? db.transaction(async () => 1) : db.execProtocol(new Uint8Array())));',
    ],
    ['lib/database/fixture.ts', 'export const f = (db: any) => db.query(\'SELECT 1 FROM "_prisma_migrations"\');'],
    ['lib/database/fixture.ts', 'export const f = (g: any) => g.__pacewiseKysely ?? g._semaphore;'],
  ];
  it.each(PUBLIC)(
    'lets the public API through in %s: %s',
    async (file, code) => {
      expect(await errors(file, code, 'no-restricted-syntax')).toEqual([]);
    },
    60_000,
  );
});

describe('adapters call services, never the database', () => {
  const RULE = '@typescript-eslint/no-restricted-imports';
  // [adapter file, import]: the client call-budget.ts used to import, the typed layer, the drivers
  const REFUSED: [string, string][] = [
    ['lib/mcp/call-budget.ts', "import { db } from '@/lib/database/client';\nexport const x = db;"],
    ['lib/mcp/tools/fixture.ts', "import { reads } from '@/lib/database/kysely';\nexport const x = reads;"],
    ['lib/mcp/fixture.ts', "import { read } from '../database/reads';\nexport const x = read;"],
    ['lib/views/fixture.ts', "import { database } from '@/lib/database/client';\nexport const x = database;"],
    ['app/api/fixture/route.ts', "import { db } from '@/lib/database/client';\nexport const x = db;"],
    ['pages/api/fixture.ts', "import pg from 'pg';\nexport const x = pg;"],
    ['lib/public-api/fixture.ts', "import { PrismaClient } from '@/lib/generated/prisma/client';\nexport const x = PrismaClient;"],
    ['lib/seo/fixture.ts', "import { PGlite } from '@electric-sql/pglite';\nexport const x = PGlite;"],
    ['lib/markdown/fixture.ts', "import { Kysely } from 'kysely';\nexport const x = Kysely;"],
    ['proxy.ts', "import { openPglite } from './lib/database/engine';\nexport const x = openPglite;"],
  ];
  it.each(REFUSED)(
    'refuses it in %s: %s',
    async (file, code) => {
      const found = await errors(file, code, RULE);
      expect(found).toHaveLength(1);
      expect(found[0]?.severity).toBe(2);
      expect(found[0]?.message).toContain('Adapters call services, never the database');
    },
    60_000,
  );

  // The account's modules go through their store, which alone imports the database.
  const ACCOUNT: [string, string, boolean][] = [
    ['lib/account/export.ts', "import { db } from '@/lib/database/client';\nexport const x = db;", false],
    ['lib/account/deletion.ts', "import { reads } from '@/lib/database/kysely';\nexport const x = reads;", false],
    ['lib/account/fixture.ts', "import { Prisma } from '@/lib/generated/prisma/client';\nexport const x = Prisma;", false],
    ['lib/account/reauth.ts', "import { passwordHashOf } from './store';\nexport const x = passwordHashOf;", true],
    ['lib/account/store.ts', "import { db } from '@/lib/database/client';\nexport const x = db;", true],
    ['lib/account/store.ts', "import { reads } from '@/lib/database/kysely';\nexport const x = reads;", true],
  ];
  it.each(ACCOUNT)(
    'in %s, %s (allowed: %s)',
    async (file, code, allowed) => {
      const found = await errors(file, code, RULE);
      if (allowed) expect(found).toEqual([]);
      else {
        expect(found).toHaveLength(1);
        expect(found[0]?.message).toContain("The account's database door is lib/account/store.ts");
      }
    },
    60_000,
  );

  // lib/oauth's modules (the provider's adapter among them) go through their store, which alone imports the database.
  const GRANTS: [string, string, boolean][] = [
    ['lib/oauth/connected-agents.ts', "import { db } from '@/lib/database/client';\nexport const x = db;", false],
    ['lib/oauth/oidc-adapter.ts', "import { db } from '@/lib/database/client';\nexport const x = db;", false],
    ['lib/oauth/access-tokens.ts', "import { reads } from '@/lib/database/kysely';\nexport const x = reads;", false],
    ['lib/oauth/fixture.ts', "import { sql } from 'kysely';\nexport const x = sql;", false],
    ['lib/oauth/device-polling.ts', "import { Prisma } from '@/lib/generated/prisma/client';\nexport const x = Prisma;", false],
    ['lib/oauth/registration-store.ts', "import pg from 'pg';\nexport const x = pg;", false],
    ['lib/oauth/device-approval.ts', "import { decideDeviceRecord } from './store';\nexport const x = decideDeviceRecord;", true],
    ['lib/oauth/fixture.ts', "import type { Tables } from '@/lib/database/tables';\nexport type X = Tables['OAuthRecord'];", true],
    ['lib/oauth/store.ts', "import { reads } from '@/lib/database/kysely';\nexport const x = reads;", true],
    ['lib/oauth/store.ts', "import { sql } from 'kysely';\nexport const x = sql;", true],
  ];
  it.each(GRANTS)(
    'in %s, %s (allowed: %s)',
    async (file, code, allowed) => {
      const found = await errors(file, code, RULE);
      if (allowed) expect(found).toEqual([]);
      else {
        expect(found).toHaveLength(1);
        expect(found[0]?.message).toContain("The grants' database door is lib/oauth/store.ts");
      }
    },
    60_000,
  );

  // A service's result type, the database's error values, the health check, and services themselves.
  const ALLOWED: [string, string][] = [
    ['lib/mcp/tools/fixture.ts', "import type { HealthRecord } from '@/lib/generated/prisma/client';\nexport type X = HealthRecord;"],
    ['lib/mcp/fixture.ts', "import { WritesBusy } from '@/lib/database/errors';\nexport const x = WritesBusy;"],
    ['app/api/health/route.ts', "import { checkHealth } from '@/lib/database/health';\nexport const x = checkHealth;"],
    ['lib/mcp/fixture.ts', "import { reserveHits } from '@/lib/auth/rate-limit';\nexport const x = reserveHits;"],
    ['lib/auth/fixture.ts', "import { db } from '@/lib/database/client';\nexport const x = db;"],
    ['lib/health/fixture.ts', "import { reads } from '@/lib/database/kysely';\nexport const x = reads;"],
  ];
  it.each(ALLOWED)(
    'lets it through in %s: %s',
    async (file, code) => {
      expect(await errors(file, code, RULE)).toEqual([]);
    },
    60_000,
  );
});
