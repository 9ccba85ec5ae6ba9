// The free local checkout and an unset SITE_URL, against `next start`: a PostgreSQL self-host that
// left SITE_URL unset used to run with its loopback default (http://localhost:3000) and so turned
// on the test-mode checkout (a subscription without payment) for anyone who reached it, whatever
// NODE_ENV said. A deployment on a shared database now refuses to start without SITE_URL; the
// checkout is on only where the site is really local (a loopback SITE_URL set explicitly, or the
// embedded database).
import { describe, expect, inject, it } from 'vitest';
import { freshDatabaseEnv, startServer, workerPort } from '../../harness/server';

const engine = inject('databaseEngine');
const SECRETS = {
  SESSION_SECRET: 'a'.repeat(48),
  TOKEN_SECRET: 'b'.repeat(48),
  INTEGRATIONS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

async function checkoutOpen(origin: string): Promise<boolean> {
  const res = await fetch(`${origin}/checkout/anything`, { redirect: 'manual' });
  await res.arrayBuffer();
  return res.status !== 404;
}

describe('a PostgreSQL deployment without SITE_URL', () => {
  it.each([
    ['NODE_ENV=production (what next start sets)', { NODE_ENV: 'production' }],
    ['PACEWISE_ENV=development', { PACEWISE_ENV: 'development' }],
  ])(
    'refuses to start and names the fix: %s',
    async (_name, extra) => {
      // The check runs before any connection: the database need not exist.
      const start = startServer({
        port: workerPort(1),
        env: { SITE_URL: '', DATABASE_URL: 'postgresql://pacewise@127.0.0.1:9/pacewise', ...SECRETS, ...extra },
      });
      await expect(start).rejects.toThrow(/Missing environment variable SITE_URL: required with DATABASE_URL/);
    },
    120_000,
  );
});

describe('the local checkout is on only where the site is really local', () => {
  it.skipIf(engine !== 'pglite')(
    "the embedded database with SITE_URL unset (a developer's machine): on",
    async () => {
      const db = await freshDatabaseEnv();
      const server = await startServer({ port: workerPort(1), env: { ...db.env, DATABASE_URL: '', PACEWISE_SEED: '0', SITE_URL: '' } });
      try {
        expect(await checkoutOpen(server.url)).toBe(true);
      } finally {
        await server.stop();
        await db.cleanup();
      }
    },
    120_000,
  );

  // The suite's server on this engine is that deployment: PostgreSQL, its secrets from the
  // environment and SITE_URL set explicitly to its loopback origin (harness/server.ts startServer).
  it.skipIf(engine !== 'postgresql')(
    'PostgreSQL with a loopback SITE_URL set explicitly (local development on PostgreSQL): on',
    async () => {
      const suite = inject('serverDatabase')!;
      expect(suite.DATABASE_URL).toMatch(/^postgresql:/);
      expect(new URL(inject('baseUrl')).hostname).toBe('127.0.0.1');
      expect(await checkoutOpen(inject('baseUrl'))).toBe(true);
    },
  );
});
