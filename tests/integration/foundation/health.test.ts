import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import crypto from 'node:crypto';
import { freePort, ROOT, startServerWith, type OwnServer } from '../../../harness/server';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const baseUrl = inject('baseUrl');

// Servers of this file's own whose database is unreachable: no migration, no mailbox, quick to start
// (a PostgreSQL deployment names its origin and its mail server, lib/env.ts, or it does not start).
// Each is started once and serves every row about its configuration.
const started: OwnServer[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
});

async function unreachable(siteUrl?: (port: number) => string): Promise<OwnServer> {
  const port = await freePort();
  const deadPort = await freePort();
  const secret = crypto.randomBytes(48).toString('base64url');
  const server = await startServerWith(
    { SITE_URL: siteUrl ? siteUrl(port) : `http://127.0.0.1:${port}`, SMTP_URL: 'smtp://127.0.0.1:1' },
    {
      port,
      // Its health is 503 by design: up once it answers.
      until: 'answering',
      database: {
        DATABASE_URL: `postgresql://nobody:hunter2@127.0.0.1:${deadPort}/none`,
        SESSION_SECRET: secret,
        TOKEN_SECRET: secret,
        INTEGRATIONS_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
      },
    },
  );
  started.push(server);
  return server;
}

/** On another loopback port than the build's (as every test server of a file's own). */
let onLoopback: Promise<OwnServer> | undefined;
const unreachableDatabaseServer = () => (onLoopback ??= unreachable());
/** On a public origin the build was not made for. */
let onPublicOrigin: Promise<OwnServer> | undefined;
const otherOriginServer = () => (onPublicOrigin ??= unreachable(() => 'https://pacewise.example'));

describe('GET /api/health', () => {
  it('reports the database reachable and every migration applied', { tags: ['engine-parity'] }, async () => {
    const res = await fetch(`${baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ok', database: { engine: inject('databaseEngine'), migrations: { pending: 0 } } });
    expect(body.database.migrations.applied).toBeGreaterThan(0);
  });

  it('answers 503 with a reason, without connection details, when the database is unreachable', async () => {
    const server = await unreachableDatabaseServer();
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.status).toBe('unavailable');
    expect(body.error).toMatch(/Database unreachable/);
    expect(JSON.stringify(body)).not.toContain('hunter2');
    // The tool server says "try again", not "your token is bad", while the database is away.
    const mcp = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${'t'.repeat(43)}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(mcp.status).toBe(503);
    expect(mcp.headers.get('retry-after')).toBe('5');
    expect(mcp.headers.get('www-authenticate')).toBeNull();
  });
});

describe('start-up with a bad environment', () => {
  const build = JSON.parse(
    fs.readFileSync(path.join(ROOT, process.env.NEXT_DIST_DIR || '.next', 'pacewise-build-origin.json'), 'utf8'),
  ) as { siteUrl: string };
  it.each([
    [{ SITE_URL: 'pacewise.example' }, /^pacewise: Invalid environment variable SITE_URL: /m],
    [
      { DATABASE_URL: 'postgresql://u@127.0.0.1:1/x', SITE_URL: 'https://pacewise.example', SESSION_SECRET: '', TOKEN_SECRET: '' },
      /^pacewise: Missing environment variable SESSION_SECRET: /m,
    ],
  ])('npm start stops with one line naming the variable (%o)', async (env, message) => {
    const port = await freePort();
    const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/start.mjs'), '-H', '127.0.0.1', '-p', String(port)], {
      cwd: ROOT,
      // The suite's own DATABASE_URL (a PostgreSQL admin URL in the PostgreSQL pass) is not this server's.
      env: { ...process.env, DATABASE_URL: '', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(message);
  });

  // A build made for another origin: its pages would link there (issue 33). The fix is the command.
  it('npm start says when the build was made for another origin, with the command that fixes it', async () => {
    const server = await otherOriginServer();
    const line = new RegExp(
      `^pacewise: SITE_URL is https://pacewise\\.example but this build was made for ${build.siteUrl.replaceAll('.', '\\.')}.*: SITE_URL=https://pacewise\\.example npm run build$`,
      'm',
    );
    // Said at start-up, before it listens; the output may still be on its way.
    await vi.waitFor(() => expect(server.logs()).toMatch(line));
  });

  // Another port on this machine is the same build served locally (tests, a second local server).
  it('npm start serves a build made for another loopback port, without a word', async () => {
    const server = await unreachableDatabaseServer();
    expect(server.url).not.toBe(build.siteUrl);
    // It serves (its own health report, 503 without a database), and by the time it listened (the
    // check runs before) it had said nothing of the build.
    const res = await fetch(`${server.url}/api/health`);
    expect((await res.json()).status).toBe('unavailable');
    await vi.waitFor(() => expect(server.logs()).toContain(`pacewise: listening on ${server.url}`));
    expect(server.logs()).not.toContain('this build was made for');
  });

  // The machine's own Node, where it is older than 24 (the images these tests run on ship Node 20).
  const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find(
    (p) => fs.existsSync(p) && Number(spawnSync(p, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout) < 24,
  );
  it.skipIf(!oldNode).each(['scripts/start.mjs', 'scripts/dev.mjs', 'scripts/test.mjs'])(
    '%s on an older Node stops with how to get Node 24',
    (script) => {
      const run = spawnSync(oldNode!, [path.join(ROOT, script)], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/^pacewise: Node v\d+\.\d+\.\d+ is too old; Pacewise needs Node 24 LTS\. Install it .*node@24/m);
    },
  );
});

describe('requests no route can serve', () => {
  it.each([
    ['TRACE', 405],
    ['TRACK', 400], // Node's own parser refuses it before any of our code
  ])('%s answers %i, not 500', async (method, expected) => {
    expect.assertions(4);
    const http = await import('node:http');
    const url = new URL(inject('baseUrl'));
    for (const path of ['/', '/api/public/site', '/mcp', '/token']) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request({ host: url.hostname, port: url.port, path, method }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status, `${method} ${path}`).toBe(expected);
    }
  });
});
