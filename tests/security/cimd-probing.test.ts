// Using Client ID Metadata Documents to probe the network behind the server, against `next start`
// (run with CIMD_ALLOW_LOOPBACK=1, so 127.0.0.1 itself is fetchable as in local development):
// special-use addresses are refused before any connection; every connection failure (closed port,
// plain-HTTP port, untrusted TLS, a port that never answers, a refused address) gives the same
// answer after the same delay; anonymous /authorize with URL client_ids is rate-limited; and what
// is stored is capped per host.
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  makeLoopbackCertificate,
  startDocumentServer,
  agentDocument,
  type DocumentServer,
  type TlsFiles,
} from '../support/metadata-documents';
import { simulatedAddress } from '../../harness/oauth';
import { freePort, freshDatabaseEnv } from '../../harness/server';
import { pkcePair } from '../integration/oauth/flows';

const baseUrl = inject('baseUrl');
const redirectUri = 'https://agent.example/callback';

/** A TCP listener that counts connections; `mode` decides what it does with them. */
async function listener(
  host: string,
  mode: 'hold' | 'http',
): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let count = 0;
  const sockets = new Set<net.Socket>();
  const server = mode === 'http' ? http.createServer((_req, res) => res.end('plain http')) : net.createServer(() => undefined);
  server.on('connection', (socket: net.Socket) => {
    count++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function authorizeUrl(clientId: string): string {
  const { challenge } = pkcePair();
  return `${baseUrl}/authorize?${new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: `${baseUrl}/mcp`,
    state: 'probe',
  })}`;
}

describe('probing hosts and ports through /authorize', () => {
  let untrustedTls: TlsFiles;
  let untrusted: https.Server;
  let untrustedPort: number;
  let plain: Awaited<ReturnType<typeof listener>>;
  let silent: Awaited<ReturnType<typeof listener>>;
  let special: Awaited<ReturnType<typeof listener>>;
  let loopbackCounter: Awaited<ReturnType<typeof listener>>;
  let closedPort: number;

  beforeAll(async () => {
    untrustedTls = makeLoopbackCertificate(); // not the certificate the server trusts
    untrusted = https.createServer({ cert: fs.readFileSync(untrustedTls.cert), key: fs.readFileSync(untrustedTls.key) }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((resolve) => untrusted.listen(0, '127.0.0.1', resolve));
    untrustedPort = (untrusted.address() as AddressInfo).port;
    plain = await listener('127.0.0.1', 'http');
    silent = await listener('127.0.0.1', 'hold');
    special = await listener('127.0.0.2', 'hold');
    loopbackCounter = await listener('127.0.0.1', 'hold');
    closedPort = await freePort();
  });
  afterAll(async () => {
    untrusted?.closeAllConnections();
    await new Promise<void>((resolve) => (untrusted ? untrusted.close(() => resolve()) : resolve()));
    await plain?.close();
    await silent?.close();
    await special?.close();
    await loopbackCounter?.close();
    if (untrustedTls) fs.rmSync(untrustedTls.dir, { recursive: true, force: true });
  });

  type Probe = { name: string; url: () => string; neverConnected?: () => number };
  const probes: Probe[] = [
    { name: 'a closed port', url: () => `https://127.0.0.1:${closedPort}/client.json` },
    { name: 'an open plain-HTTP port', url: () => `https://127.0.0.1:${plain.port}/client.json` },
    { name: 'a TLS port with an untrusted certificate', url: () => `https://127.0.0.1:${untrustedPort}/client.json` },
    { name: 'a port that accepts and never answers (filtered)', url: () => `https://127.0.0.1:${silent.port}/client.json` },
    {
      name: 'a special-use address (127.0.0.2)',
      url: () => `https://127.0.0.2:${special.port}/client.json`,
      neverConnected: () => special.connections(),
    },
    {
      name: 'loopback spelled as IPv4-mapped IPv6',
      url: () => `https://[::ffff:127.0.0.1]:${loopbackCounter.port}/client.json`,
      neverConnected: () => loopbackCounter.connections(),
    },
    {
      name: 'the unspecified address 0.0.0.0 (reaches loopback on Linux)',
      url: () => `https://0.0.0.0:${loopbackCounter.port}/client.json`,
      neverConnected: () => loopbackCounter.connections(),
    },
  ];

  const answers: { name: string; status: number; description: string; ms: number }[] = [];

  // Each probe waits out the 2.5 s document deadline on the server: the seven wait side by side.
  it.concurrent.for(probes)(
    '$name: 400 invalid_client, the generic reason, no sooner than the timeout',
    async ({ url, neverConnected }, { expect }) => {
      const clientId = url();
      const started = Date.now();
      const res = await fetch(authorizeUrl(clientId), {
        redirect: 'manual',
        headers: { accept: 'application/json', 'x-forwarded-for': simulatedAddress() },
      });
      const ms = Date.now() - started;
      const body = (await res.json()) as { error?: string; error_description?: string };
      expect(res.status).toBe(400);
      expect(body.error).toBe('invalid_client');
      expect(body.error_description).toContain('no valid answer came from the document URL within 2.5 seconds');
      // No cause shows: no error code, no "refused", "timed out", "special-use" or certificate complaint.
      expect(body.error_description).not.toMatch(/E[A-Z]{4,}|SELF_SIGNED|special-use|timed? ?out|refused|not trusted|handshake/);
      expect(ms).toBeGreaterThanOrEqual(2400);
      if (neverConnected) expect(neverConnected()).toBe(0);
      answers.push({
        name: clientId,
        status: res.status,
        description: String(body.error_description).replace(clientId, '<client_id>'),
        ms,
      });
    },
  );

  it('all of them read exactly the same', () => {
    expect(answers).toHaveLength(probes.length);
    const distinct = new Set(answers.map((a) => `${a.status} ${a.description}`));
    expect(distinct.size).toBe(1);
    // Each waited out the deadline (the row above: none sooner), and none waited a second one: the
    // spread stays under one deadline (2.5 s). The band is the deadline, not a network jitter: seven
    // answers at once on a loaded 2-core machine spread 2.4 s at load 23, which a 1.5 s band failed.
    const times = answers.map((a) => a.ms);
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(2500);
  });
});

describe('stored documents are capped', () => {
  // In this process, on a fresh database of the suite's engine: the cap is about rows, which a
  // running PGlite server would not let another process read.
  let lib: typeof import('@/lib/oauth/client-metadata-documents');
  let prisma: Awaited<ReturnType<(typeof import('@/lib/database/client'))['db']>>;
  let fresh: Awaited<ReturnType<typeof freshDatabaseEnv>>;
  let docs: DocumentServer;

  beforeAll(async () => {
    fresh = await freshDatabaseEnv();
    // The first HTTPS fetch of this cold process can take longer than 2.5 s on a loaded machine:
    // this test is about rows, not the deadline (the probes above hold the server to 2.5 s).
    Object.assign(process.env, fresh.env, {
      PACEWISE_SEED: '0',
      CIMD_ALLOW_LOOPBACK: '1',
      CIMD_FETCH_TIMEOUT_SECONDS: '30',
      SITE_URL: 'http://127.0.0.1:3000',
    });
    const tls = inject('documentTls');
    https.globalAgent.options.ca = [fs.readFileSync(tls.cert)];
    docs = await startDocumentServer(tls);
    lib = await import('@/lib/oauth/client-metadata-documents');
    prisma = await (await import('@/lib/database/client')).db();
  }, 120_000);
  afterAll(async () => {
    await docs?.close();
    await (await import('@/lib/database/client')).closeDatabase();
    await fresh?.cleanup();
  });

  it(`40 query variants of one document keep at most ${10} rows for the host; other hosts are unaffected`, async () => {
    const urls = Array.from({ length: 40 }, (_, i) => `${docs.origin}/client.json?v=${i}`);
    docs.setDocument('/client.json', agentDocument('(varies)', redirectUri));
    for (const url of urls) {
      await lib.withMetadataDocumentScope(async () => {
        const res = await lib.fetchMetadataDocument(url);
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        await lib.acceptMetadataDocumentClient({ clientId: url, clientAuthMethod: 'none' });
      });
    }
    const host = new URL(docs.origin).host;
    const stored = await prisma.clientMetadataDocument.findMany({ where: { host } });
    expect(stored.length).toBe(lib.DOCUMENTS_PER_HOST);
    // The most recent ones stay (a person connecting now finds theirs).
    expect(stored.map((d) => d.url).sort()).toEqual(urls.slice(-lib.DOCUMENTS_PER_HOST).sort());
    expect(await prisma.clientMetadataDocument.count()).toBe(lib.DOCUMENTS_PER_HOST);
  });

  it('a stale document no grant uses is swept after a day; one a grant uses is kept', async () => {
    const { PrismaOidcAdapter } = await import('@/lib/oauth/oidc-adapter');
    // Two stale documents of its own (no test reads rows another test left).
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const stale = (name: string) => ({
      url: `https://sweep.example/${name}-${Date.now()}.json`,
      host: 'sweep.example',
      body: '{}',
      expiresAt: twoDaysAgo,
    });
    const unused = await prisma.clientMetadataDocument.create({ data: stale('unused') });
    const used = await prisma.clientMetadataDocument.create({ data: stale('used') });
    const user = await prisma.user.create({ data: { email: `cimd-${Date.now()}@example.com`, passwordHash: 'x' } });
    await prisma.oAuthGrantActivity.create({ data: { grantId: `g-${Date.now()}`, userId: user.id, clientId: used.url } });
    // The sweep runs when the adapter saves a grant (at most every 10 minutes per process).
    await new PrismaOidcAdapter('Grant').upsert(`sweep-${Date.now()}`, { accountId: user.id, clientId: 'x' } as never, 60);
    expect(await prisma.clientMetadataDocument.findUnique({ where: { url: unused.url } })).toBeNull();
    expect(await prisma.clientMetadataDocument.findUnique({ where: { url: used.url } })).not.toBeNull();
  });
});

describe('anonymous /authorize with URL client_ids is rate-limited per address', () => {
  let docs: DocumentServer;
  beforeAll(async () => {
    docs = await startDocumentServer(inject('documentTls'));
  });
  afterAll(async () => docs?.close());

  it('60 per 10 minutes, then 429 with Retry-After, before anything is fetched', async () => {
    const address = { 'x-forwarded-for': simulatedAddress() };
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 62; i++) {
      const path = `/probe-${i}.json`;
      docs.setDocument(path, agentDocument(`${docs.origin}${path}`, redirectUri));
      const res = await fetch(authorizeUrl(`${docs.origin}${path}`), {
        redirect: 'manual',
        headers: { accept: 'application/json', ...address },
      });
      await res.arrayBuffer();
      statuses.push(res.status);
      if (res.status === 429) retryAfter ??= res.headers.get('retry-after');
    }
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(60);
    expect(statuses.slice(first).every((s) => s === 429)).toBe(true);
    expect(statuses.slice(0, first).every((s) => s === 303 || s === 302)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // The refused requests fetched nothing.
    for (let i = first; i < 62; i++) expect(docs.requests(`/probe-${i}.json`)).toBe(0);
  }, 120_000);
});
