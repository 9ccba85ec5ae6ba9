// Builds the app once and starts `next start` on loopback against a fresh database.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portIsFree } from '@/lib/build/ports';
import { openPglite, openPostgres, type PostgresOptions, type RawDatabase } from '@/lib/database/engine';
import { startMailbox, type Mailbox } from './mailbox';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DIST_DIR = process.env.NEXT_DIST_DIR || '.next';
const MARKER_NAME = 'pacewise-test-build.json';
const BUILD_MARKER = path.join(ROOT, DIST_DIR, MARKER_NAME);

export const TEST_PORT = Number(process.env.TEST_PORT ?? 3311);
export const TEST_SITE_URL = `http://127.0.0.1:${TEST_PORT}`;

export { portIsFree };

/**
 * Port `n` (1-4) of this test worker's own block after TEST_PORT: a file's own servers, stubs and
 * caches. The integration files may run two at a time (VITEST_INTEGRATION_WORKERS), so each worker
 * gets a block of four (VITEST_POOL_ID is 1, 2, ...) and two files never reach for the same port.
 */
export function workerPort(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 4) throw new Error(`workerPort(${n}): a worker has ports 1 to 4`);
  const worker = Math.max(1, Number(process.env.VITEST_POOL_ID) || 1);
  return TEST_PORT + (worker - 1) * 4 + n;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** The origin a checkout's build in DIST_DIR was made for (its server must run there), or undefined without one. */
export function builtSiteUrl(root = ROOT): string | undefined {
  try {
    const marker = JSON.parse(fs.readFileSync(path.join(root, DIST_DIR, MARKER_NAME), 'utf8')) as { siteUrl?: string };
    return fs.existsSync(path.join(root, DIST_DIR, 'BUILD_ID')) ? marker.siteUrl : undefined;
  } catch {
    return undefined;
  }
}

/** Builds unless a build for the same SITE_URL exists (npm test always builds first). */
export function ensureBuild(siteUrl = TEST_SITE_URL): void {
  if (builtSiteUrl() !== siteUrl) build(siteUrl);
}

/**
 * `npm run build`, the one build pipeline, run by `vercel build` (scripts/vercel-build.mjs) so that
 * .vercel/output is this same build; into another build folder (NEXT_DIST_DIR), `npm run build` alone.
 */
export function build(siteUrl = TEST_SITE_URL): void {
  const env = { ...process.env, SITE_URL: siteUrl };
  const vercelOutput = DIST_DIR === '.next';
  if (vercelOutput) execFileSync(process.execPath, ['scripts/vercel-build.mjs'], { cwd: ROOT, stdio: 'inherit', env });
  else execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env });
  fs.writeFileSync(BUILD_MARKER, JSON.stringify({ siteUrl, vercelOutput }));
}

/**
 * When a started server counts as up: `healthy` (the default), once /api/health answers 200;
 * `answering`, once it answers at all (a server whose database is unreachable answers 503).
 */
export type Readiness = 'healthy' | 'answering';

export type RunningServer = { url: string; port: number; logs: () => string; stop: () => Promise<void>; process: ChildProcess };

/**
 * Environment for a fresh database: a new PostgreSQL database when DATABASE_URL is set, else an empty
 * PGlite folder; and a real SMTP server of its own (SMTP_URL), so account mail is delivered as in
 * production (a deployment refuses to start without it) and never lands in the checkout's .data/mail.
 */
export async function freshDatabaseEnv(
  options: { mailFolder?: string; /** PGlite even when DATABASE_URL names a PostgreSQL server. */ pglite?: boolean } = {},
): Promise<{ env: Record<string, string>; cleanup: () => Promise<void>; mailbox: Mailbox }> {
  const mailbox = await startMailbox(0, { folder: options.mailFolder });
  const fresh = await freshDatabaseOnly(options.pglite ? undefined : process.env.DATABASE_URL);
  return {
    env: { ...fresh.env, SMTP_URL: mailbox.url },
    mailbox,
    cleanup: async () => {
      await fresh.cleanup();
      await mailbox.close();
    },
  };
}

/** A new PostgreSQL database on the server `admin` names, or a new PGlite folder when `admin` is unset. */
async function freshDatabaseOnly(admin: string | undefined): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (admin) {
    const pg = (await import('pg')).default;
    const name = `pacewise_test_${Date.now()}_${crypto.randomBytes(3).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return {
      env: {
        DATABASE_URL: url.toString(),
        SESSION_SECRET: crypto.randomBytes(48).toString('base64url'),
        TOKEN_SECRET: crypto.randomBytes(48).toString('base64url'),
        INTEGRATIONS_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
      },
      cleanup: async () => {
        const c = new pg.Client({ connectionString: admin });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-pglite-'));
  return {
    env: { PGLITE_DIR: path.join(dir, 'db'), DATABASE_URL: '' },
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A closed PGlite folder that initdb made and nothing touched after (the service tier's, provided by
 * tests/support/service-setup.ts). freshRawDatabase copies it: the same new, empty database as PGlite's
 * initdb writes into an empty folder, without running initdb again (3.3-4 core-seconds a database; the copy and its open 0.6-0.9).
 */
export const EMPTY_PGLITE_VAR = 'PACEWISE_TEST_EMPTY_PGLITE';

/** A fresh database of this run's engine, opened raw (nothing migrated); `options` apply on PostgreSQL. */
export async function freshRawDatabase(options: PostgresOptions = {}): Promise<{ raw: RawDatabase; close: () => Promise<void> }> {
  const fresh = await freshDatabaseOnly(process.env.DATABASE_URL);
  const empty = process.env[EMPTY_PGLITE_VAR];
  if (!fresh.env.DATABASE_URL && empty) fs.cpSync(empty, fresh.env.PGLITE_DIR!, { recursive: true });
  const raw = fresh.env.DATABASE_URL ? await openPostgres(fresh.env.DATABASE_URL, options) : await openPglite(fresh.env.PGLITE_DIR!);
  return {
    raw,
    close: async () => {
      await raw.close();
      await fresh.cleanup();
    },
  };
}

/**
 * The server a self-hoster runs, `npm start` (scripts/start.mjs: server.ts over the build), or with
 * `plainNextStart` Next's own `next start` (only to show what server.ts puts right).
 */
export async function startServer(
  options: {
    port?: number;
    env?: Record<string, string>;
    nodeArgs?: string[];
    plainNextStart?: boolean;
    until?: Readiness;
    /** Another checkout whose build to run (the bench's --against); this one's by default. */
    root?: string;
  } = {},
): Promise<RunningServer> {
  const port = options.port ?? TEST_PORT;
  const root = options.root ?? ROOT;
  if (!(await portIsFree(port))) throw new Error(`Port ${port} is taken; set TEST_PORT to a free port.`);
  let output = '';
  // Node flags such as --cpu-prof are refused in NODE_OPTIONS: they go on node's own command line.
  const entry = options.plainNextStart
    ? [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start']
    : [path.join(root, 'scripts', 'start.mjs')];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry, '-H', '127.0.0.1', '-p', String(port)], {
    cwd: root,
    // The app runs with its own origin as SITE_URL, the origin the test build is made for (production
    // sets SITE_URL at build and at run time alike). The tests stand in for one trusted proxy
    // (TRUSTED_PROXY_HOPS=1): each simulated browser names its own address in X-Forwarded-For.
    // MCP_CALLS_PER_MINUTE: tests run weeks of calls in minutes; tests/security/mcp-limits.test.ts
    // starts its server with the production budget ('' is unset).
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SITE_URL: `http://127.0.0.1:${port}`,
      TRUSTED_PROXY_HOPS: '1',
      MCP_CALLS_PER_MINUTE: '1000000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200 || options.until === 'answering') {
        await res.arrayBuffer();
        break;
      }
      if (Date.now() > deadline) throw new Error(`health stayed ${res.status}: ${await res.text()}\n${output}`);
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`server did not start: ${String(error)}\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    process: child,
    logs: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

export type OwnServer = RunningServer & {
  /** The environment it runs with beyond the suite's (its database's included). */
  env: Record<string, string>;
  /** Stops it and drops the database it was given. */
  close: () => Promise<void>;
};

/**
 * A `next start` of a test's own, for a test whose subject is start-up, or a setting only a new
 * process shows: on a free port, on a fresh database of the run's engine (or on `options.database`,
 * another server's, which close() then leaves alone), with `env` on top.
 */
export async function startServerWith(
  env: Record<string, string> = {},
  options: { port?: number; nodeArgs?: string[]; database?: Record<string, string>; until?: Readiness } = {},
): Promise<OwnServer> {
  const fresh = options.database ? undefined : await freshDatabaseEnv();
  const serverEnv = { ...(options.database ?? fresh!.env), ...env };
  let server: RunningServer;
  try {
    server = await startServer({
      port: options.port ?? (await freePort()),
      nodeArgs: options.nodeArgs,
      env: serverEnv,
      until: options.until,
    });
  } catch (error) {
    await fresh?.cleanup();
    throw error;
  }
  return {
    ...server,
    env: serverEnv,
    close: async () => {
      await server.stop();
      await fresh?.cleanup();
    },
  };
}
