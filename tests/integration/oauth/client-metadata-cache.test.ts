// The shared cache of Client ID Metadata Documents (the provider's `fetch`), against a real database
// (a fresh PGlite folder, or a fresh PostgreSQL database when DATABASE_URL is set) and a real HTTP
// document server. Expiry is simulated by moving the stored copy's expiresAt into the past, as the
// clock would after its lifetime: nobody waits five minutes in a test. The HTTP flows around it run
// against `next start` in client-metadata-documents.test.ts. The document server is https on
// 127.0.0.1 with a certificate this process trusts (CIMD_ALLOW_LOOPBACK=1, as in local runs).
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLoopbackCertificate, type TlsFiles } from '../../support/metadata-documents';
import { freshDatabaseEnv } from '../../../harness/server';

type Module = typeof import('@/lib/oauth/client-metadata-documents');
let lib: Module;
let prisma: Awaited<ReturnType<(typeof import('@/lib/database/client'))['db']>>;
let fresh: Awaited<ReturnType<typeof freshDatabaseEnv>>;
let server: https.Server;
let tls: TlsFiles;
let origin: string;
const answers = new Map<string, { status: number; headers: Record<string, string>; body: string }>();
const counts = new Map<string, number>();

beforeAll(async () => {
  fresh = await freshDatabaseEnv();
  Object.assign(process.env, fresh.env, { PACEWISE_SEED: '0', CIMD_ALLOW_LOOPBACK: '1' });
  tls = makeLoopbackCertificate();
  https.globalAgent.options.ca = [fs.readFileSync(tls.cert)];
  lib = await import('@/lib/oauth/client-metadata-documents');
  prisma = await (await import('@/lib/database/client')).db();
  server = https.createServer({ cert: fs.readFileSync(tls.cert), key: fs.readFileSync(tls.key) }, (req, res) => {
    const path = req.url ?? '/';
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const a = answers.get(path) ?? { status: 404, headers: {}, body: '' };
    res.writeHead(a.status, a.headers);
    res.end(a.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  server?.close();
  await (await import('@/lib/database/client')).closeDatabase();
  await fresh?.cleanup();
  if (tls) fs.rmSync(tls.dir, { recursive: true, force: true });
});

function serveDocument(path: string, name: string, cacheControl: string) {
  answers.set(path, {
    status: 200,
    headers: { 'content-type': 'application/json', 'cache-control': cacheControl },
    body: JSON.stringify({ client_id: `${origin}${path}`, client_name: name }),
  });
}

async function fetchDocument(path: string) {
  const res = await lib.fetchMetadataDocument(`${origin}${path}`);
  return {
    status: res.status,
    cacheControl: res.headers.get('cache-control'),
    body: res.status === 200 ? ((await res.json()) as { client_name: string }) : undefined,
  };
}

const row = (path: string) => prisma.clientMetadataDocument.findUnique({ where: { url: `${origin}${path}` } });

describe('the shared document cache', () => {
  it('stores a fetched document for its max-age and answers from it without asking the host again', async () => {
    serveDocument('/a.json', 'First name', 'public, max-age=600');
    const first = await fetchDocument('/a.json');
    expect(first).toMatchObject({ status: 200, cacheControl: 'max-age=600', body: { client_name: 'First name' } });
    const stored = await row('/a.json');
    expect(Math.round((stored!.expiresAt.getTime() - Date.now()) / 1000)).toBeGreaterThan(590);

    const second = await fetchDocument('/a.json');
    expect(second.body?.client_name).toBe('First name');
    expect(Number(second.cacheControl?.replace('max-age=', ''))).toBeLessThanOrEqual(600);
    expect(counts.get('/a.json')).toBe(1);
  });

  it('still answers from a fresh copy while the host is down', async () => {
    answers.set('/a.json', { status: 503, headers: {}, body: 'down' });
    expect((await fetchDocument('/a.json')).body?.client_name).toBe('First name');
    expect(counts.get('/a.json')).toBe(1);
  });

  it('takes a changed document after the stored copy expires; an expired copy of an unreachable host is not used', async () => {
    await prisma.clientMetadataDocument.update({ where: { url: `${origin}/a.json` }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await fetchDocument('/a.json')).status).toBe(503);

    serveDocument('/a.json', 'Changed name', 'max-age=900');
    const changed = await fetchDocument('/a.json');
    expect(changed.body?.client_name).toBe('Changed name');
    expect((await row('/a.json'))!.body).toContain('Changed name');
    expect(counts.get('/a.json')).toBe(3);
  });

  it('keeps a copy at least five minutes and at most a day, whatever the host says', async () => {
    serveDocument('/short.json', 'Short', 'no-store');
    serveDocument('/long.json', 'Long', 'max-age=31536000');
    await fetchDocument('/short.json');
    await fetchDocument('/long.json');
    const lifetime = async (p: string) => Math.round(((await row(p))!.expiresAt.getTime() - Date.now()) / 1000);
    expect(await lifetime('/short.json')).toBeGreaterThan(290);
    expect(await lifetime('/short.json')).toBeLessThanOrEqual(300);
    expect(await lifetime('/long.json')).toBeGreaterThan(86_390);
    expect(await lifetime('/long.json')).toBeLessThanOrEqual(86_400);
  });

  it('inside an OAuth request, stores a document only once the provider accepted it, and asks the host once', async () => {
    serveDocument('/scoped.json', 'Scoped', 'max-age=600');
    await lib.withMetadataDocumentScope(async () => {
      await lib.fetchMetadataDocument(`${origin}/scoped.json`);
      await lib.fetchMetadataDocument(`${origin}/scoped.json`);
      expect(await row('/scoped.json')).toBeNull();
      await lib.acceptMetadataDocumentClient({ clientId: `${origin}/scoped.json`, clientAuthMethod: 'none' });
    });
    expect((await row('/scoped.json'))?.body).toContain('Scoped');
    expect(counts.get('/scoped.json')).toBe(1);

    // Refused by the provider (acceptMetadataDocumentClient never called): nothing stored.
    serveDocument('/refused.json', 'Refused', 'max-age=600');
    await lib.withMetadataDocumentScope(async () => {
      await lib.fetchMetadataDocument(`${origin}/refused.json`);
    });
    expect(await row('/refused.json')).toBeNull();
  });

  it('names stored clients for the account and device pages', async () => {
    const names = await lib.storedClientNames([`${origin}/a.json`, `${origin}/missing.json`, 'registered-client']);
    expect(Object.fromEntries(names)).toEqual({ [`${origin}/a.json`]: 'Changed name' });
  });
});
