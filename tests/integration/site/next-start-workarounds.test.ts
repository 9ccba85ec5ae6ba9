// The self-hosted server (server.ts, lib/web/node-server.ts) puts right three behaviours of Next.js
// 16.4.6's `next start`. A second server runs plain `next start` on the same build: the behaviours
// must still show there (when one no longer does, an upgrade fixed it and its handling in
// lib/web/node-server.ts should go), and must not show on the suite's server, which is `npm start`.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, freshDatabaseEnv, startServer, type RunningServer } from '../../../harness/server';

const patched = inject('baseUrl');
let unpatched: RunningServer;
let database: Awaited<ReturnType<typeof freshDatabaseEnv>>;

beforeAll(async () => {
  database = await freshDatabaseEnv();
  unpatched = await startServer({ port: await freePort(), env: database.env, plainNextStart: true });
}, 180_000);
afterAll(async () => {
  await unpatched?.stop();
  await database?.cleanup();
});

const varyOf = async (base: string, path: string, accept: string) => {
  const res = await fetch(base + path, { headers: { accept } });
  await res.arrayBuffer();
  expect(res.status, `${base}${path}`).toBe(200);
  return (res.headers.get('vary') ?? '').split(',').map((t) => t.trim().toLowerCase());
};

/** The status line `next start` answers a raw request with. */
function statusOf(base: string, method: string, path: string): Promise<number> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () =>
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`),
    );
    let out = '';
    socket.on('data', (d) => (out += d));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(out)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

describe('Vary on App Router pages', () => {
  it('Next replaces the Vary: Accept proxy.ts sets on HTML pages; the union keeps it', async () => {
    for (const path of ['/', '/faq', '/blog']) {
      const without = await varyOf(unpatched.url, path, 'text/html');
      expect(without, `${path}: Next no longer drops Vary: Accept; remove the Vary union`).not.toContain('accept');
      expect(without).toContain('rsc');
      const withUnion = await varyOf(patched, path, 'text/html');
      expect(withUnion).toEqual(expect.arrayContaining(['accept', 'rsc']));
    }
  });
  it('the Markdown twins, answered by proxy.ts, keep Vary: Accept either way', async () => {
    expect(await varyOf(unpatched.url, '/faq', 'text/markdown')).toContain('accept');
    expect(await varyOf(patched, '/faq', 'text/markdown')).toContain('accept');
  });
});

describe('TRACE', () => {
  it('Next answers 500 before proxy.ts runs; the guard answers 405', async () => {
    for (const path of ['/', '/api/public/posts', '/mcp']) {
      expect(await statusOf(unpatched.url, 'TRACE', path), `${path}: Next no longer 500s on TRACE; remove the method guard`).toBe(500);
      expect(await statusOf(patched, 'TRACE', path), path).toBe(405);
    }
  });
  it('other unknown methods reach proxy.ts, which answers 405 with or without the guard', async () => {
    expect(await statusOf(unpatched.url, 'PROPFIND', '/')).toBe(405);
    expect(await statusOf(patched, 'PROPFIND', '/')).toBe(405);
  });
});
