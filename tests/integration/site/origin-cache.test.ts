// The origin cache in front of `next start` (lib/web/origin-cache.ts): a repeat of a cacheable GET is
// answered from memory with Next's own status, headers and bytes; variants named by Vary never
// cross; what a shared cache may not store (no-store pages, conditional requests, credentials,
// writes) always reaches Next; ORIGIN_CACHE=0 turns it off.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, freshDatabaseEnv, startServer, type RunningServer } from '../../../harness/server';
import { postFacts } from './content-facts';

const baseUrl = inject('baseUrl');
const post = `/blog/${postFacts()[0]!.slug}`;
const MARKDOWN = 'text/markdown';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** A URL no earlier request used, so its first answer is Next's own. */
const fresh = (path: string) => `${path}${path.includes('?') ? '&' : '?'}fresh=${crypto.randomBytes(6).toString('hex')}`;

type Answer = { status: number; headers: Headers; body: Buffer };
async function get(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}
const hit = (a: Answer) => a.headers.get('x-origin-cache') === 'HIT';

/** Every header but those about the moment and the connection, names lower-cased. */
function comparable(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of headers) if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'x-origin-cache'].includes(name)) out[name] = value;
  return out;
}

describe('origin cache', () => {
  it.each(['/', '/faq', post, '/index.md', '/api/public/posts', `/api/public/posts/${postFacts()[0]!.slug}`, '/llms.txt'])(
    '%s: the repeat is served from memory with the same status, headers and bytes',
    async (path) => {
      const url = baseUrl + fresh(path);
      // Uncompressed, so the bytes compared are the bytes sent.
      const first = await get(url, { headers: { 'Accept-Encoding': 'identity' } });
      const second = await get(url, { headers: { 'Accept-Encoding': 'identity' } });
      expect(first.status).toBe(200);
      expect(hit(first)).toBe(false);
      expect(hit(second)).toBe(true);
      expect(second.status).toBe(first.status);
      expect(comparable(second.headers)).toEqual(comparable(first.headers));
      expect(second.body.equals(first.body)).toBe(true);
      expect(second.headers.get('content-length')).toBe(String(second.body.length));
    },
  );

  it('keeps the HTML and Markdown variants of one URL apart, in either order', async () => {
    expect.assertions(2 * 2 * 2 * 2);
    for (const order of [[BROWSER, MARKDOWN], [MARKDOWN, BROWSER]]) {
      const url = baseUrl + fresh(post);
      for (const round of [1, 2]) {
        for (const accept of order) {
          const answer = await get(url, { headers: { Accept: accept } });
          expect(answer.headers.get('content-type'), `${accept} round ${round}`).toMatch(accept === MARKDOWN ? /^text\/markdown/ : /^text\/html/);
          expect(hit(answer), `${accept} round ${round}`).toBe(round === 2);
        }
      }
    }
  });

  it('keeps compressed and plain bodies apart, and answers HEAD with the length of GET', async () => {
    const url = baseUrl + fresh('/faq');
    const plain = [await get(url, { headers: { 'Accept-Encoding': 'identity' } }), await get(url, { headers: { 'Accept-Encoding': 'identity' } })];
    // fetch decompresses; what matters is that the gzip variant is its own entry and decodes to the same page.
    const gzip = [await get(url, { headers: { 'Accept-Encoding': 'gzip' } }), await get(url, { headers: { 'Accept-Encoding': 'gzip' } })];
    expect(plain.map(hit)).toEqual([false, true]);
    expect(gzip.map(hit)).toEqual([false, true]);
    expect(plain[1]!.headers.get('content-encoding')).toBeNull();
    expect(gzip[1]!.headers.get('content-encoding')).toBe('gzip');
    expect(gzip[1]!.body.equals(plain[1]!.body)).toBe(true);

    const heads = [await fetch(url, { method: 'HEAD', headers: { 'Accept-Encoding': 'identity' } }), await fetch(url, { method: 'HEAD', headers: { 'Accept-Encoding': 'identity' } })];
    expect(heads.map((h) => h.headers.get('x-origin-cache'))).toEqual([null, 'HIT']);
    expect(heads[1]!.headers.get('content-length')).toBe(String(plain[0]!.body.length));
    expect(Buffer.from(await heads[1]!.arrayBuffer()).length).toBe(0);
  });

  it('keeps what a request over HTTPS sees (HSTS) away from plain HTTP requests', async () => {
    const url = baseUrl + fresh('/faq');
    const overHttps = [await get(url, { headers: { 'X-Forwarded-Proto': 'https' } }), await get(url, { headers: { 'X-Forwarded-Proto': 'https' } })];
    expect(overHttps.map(hit)).toEqual([false, true]);
    expect(overHttps[1]!.headers.get('strict-transport-security')).toMatch(/max-age=/);
    const plain = await get(url);
    expect(hit(plain)).toBe(false);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('never stores a no-store page: each sign-in page gets its own CSP nonce', async () => {
    const answers = [await get(`${baseUrl}/sign-in`), await get(`${baseUrl}/sign-in`), await get(`${baseUrl}/sign-in`)];
    expect(answers.map(hit)).toEqual([false, false, false]);
    const nonces = answers.map((a) => /'nonce-([^']+)'/.exec(a.headers.get('content-security-policy') ?? '')?.[1]);
    expect(new Set(nonces).size).toBe(3);
  });

  it('leaves revalidation, credentials and a client asking for a fresh answer to Next', async () => {
    const url = baseUrl + fresh('/api/public/posts');
    const first = await get(url);
    expect(hit(await get(url))).toBe(true);
    const revalidated = await get(url, { headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
    expect(hit(revalidated)).toBe(false);
    const bypassing: Record<string, string>[] = [{ Authorization: 'Bearer not-a-token' }, { 'Cache-Control': 'no-cache' }, { Pragma: 'no-cache' }, { Range: 'bytes=0-10' }];
    for (const headers of bypassing) {
      const answer = await get(url, { headers });
      expect(hit(answer), JSON.stringify(headers)).toBe(false);
    }
    // A write to a cached URL is Next's to answer (the Content API refuses it).
    const post = await get(url, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(hit(post)).toBe(false);
  });

  it('stores nothing a shared cache must revalidate: the sitemap says max-age=0', async () => {
    const answers = [await get(`${baseUrl}/sitemap.xml`), await get(`${baseUrl}/sitemap.xml`)];
    expect(answers[1]!.headers.get('cache-control')).toMatch(/max-age=0/);
    expect(answers.map(hit)).toEqual([false, false]);
  });

  it('stores no error: an unknown page answers 404 from Next every time', async () => {
    const url = `${baseUrl}/no-such-page-${crypto.randomBytes(4).toString('hex')}`;
    const answers = [await get(url), await get(url), await get(url, { headers: { Accept: MARKDOWN } }), await get(url, { headers: { Accept: MARKDOWN } })];
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404]);
    expect(answers.map(hit)).toEqual([false, false, false, false]);
  });
});

describe('ORIGIN_CACHE=0', () => {
  let server: RunningServer;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const db = await freshDatabaseEnv();
    cleanup = db.cleanup;
    server = await startServer({ port: await freePort(), env: { ...db.env, PACEWISE_SEED: '0', ORIGIN_CACHE: '0' } });
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  it('every request reaches Next', async () => {
    const answers = [await get(`${server.url}/faq`), await get(`${server.url}/faq`), await get(`${server.url}/api/public/posts`), await get(`${server.url}/api/public/posts`)];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map(hit)).toEqual([false, false, false, false]);
  });
});
