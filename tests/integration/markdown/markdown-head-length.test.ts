// HEAD of a Markdown twin tells its size: `Content-Length` equals the byte length of the body a GET
// of the same URL returns (lib/markdown/node-twin.ts, reached by a next.config.mjs rewrite, because
// Next drops Content-Length from proxy and App Router answers). Also behind a TLS-terminating proxy.
import { beforeAll, describe, expect, it } from 'vitest';
import { get, sitemap } from './agent-support';

let post: string;

beforeAll(async () => {
  const { paths } = await sitemap();
  post = paths.find((p) => /^\/blog\/(?!tags\/)[^/]+$/.test(p))!;
});

const HTTPS = { 'x-forwarded-proto': 'https' };
/** The home page's twin, a post's, and a page's; each plain and behind a TLS-terminating proxy. */
const cases = () =>
  ['/index.md', `${post}.md`, '/faq.md', '/how-it-works.md'].flatMap((url) => [
    { url, headers: {} as Record<string, string> },
    { url, headers: HTTPS as Record<string, string> },
  ]);

describe('HEAD of a .md twin', () => {
  it('Content-Length is the byte length of the GET body; same ETag and Content-Type; no body', async () => {
    expect(post).toMatch(/^\/blog\//);
    const rows = cases();
    expect.assertions(1 + rows.length * 10);
    for (const { url, headers } of rows) {
      const label = `${url} ${JSON.stringify(headers)}`;
      const got = await get(url, undefined, { headers: { ...headers, 'accept-encoding': 'identity' } });
      const head = await get(url, undefined, { method: 'HEAD', headers });
      const bytes = Buffer.byteLength(got.body, 'utf8');
      expect(got.res.status, label).toBe(200);
      expect(head.res.status, label).toBe(200);
      // The header counts bytes, not characters (they differ wherever the copy has non-ASCII text).
      expect(head.res.headers.get('content-length'), label).toBe(String(bytes));
      expect(got.res.headers.get('content-length'), label).toBe(String(bytes));
      expect(head.body, label).toBe('');
      expect(head.res.headers.get('etag'), label).toMatch(/^"md-/);
      expect(head.res.headers.get('etag'), label).toBe(got.res.headers.get('etag'));
      expect(head.res.headers.get('content-type'), label).toBe('text/markdown; charset=utf-8');
      expect(got.res.headers.get('content-type'), label).toBe('text/markdown; charset=utf-8');
      expect(got.body.startsWith('---\n'), label).toBe(true);
    }
  });

  it('keeps the headers of a twin: cache, vary, canonical link, tokens, content signal, security', async () => {
    const rows = cases();
    expect.assertions(rows.length * 8);
    for (const { url, headers } of rows) {
      const { res } = await get(url, undefined, { method: 'HEAD', headers });
      const label = `${url} ${JSON.stringify(headers)}`;
      expect(res.headers.get('cache-control'), label).toBe('public, max-age=300, s-maxage=3600, stale-while-revalidate=86400');
      expect(res.headers.get('vary') ?? '', label).toMatch(/\bAccept\b/);
      expect(res.headers.get('link'), label).toMatch(/rel="canonical"; type="text\/html"$/);
      expect(Number(res.headers.get('x-markdown-tokens')), label).toBeGreaterThan(50);
      expect(res.headers.get('content-signal'), label).toBe('search=yes, ai-input=yes, ai-train=no');
      expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), label).toBe('DENY');
      expect(res.headers.get('content-security-policy'), label).toContain("frame-ancestors 'none'");
    }
  });

  it('If-None-Match with the current ETag: 304 with no body, on GET and HEAD; a stale one: 200', async () => {
    const rows = cases();
    expect.assertions(rows.length * 6);
    for (const { url, headers } of rows) {
      const label = `${url} ${JSON.stringify(headers)}`;
      const etag = (await get(url, undefined, { method: 'HEAD', headers })).res.headers.get('etag')!;
      for (const method of ['GET', 'HEAD']) {
        const fresh = await get(url, undefined, { method, headers: { ...headers, 'if-none-match': etag } });
        expect(fresh.res.status, `${method} ${label}`).toBe(304);
        expect(fresh.body, `${method} ${label}`).toBe('');
      }
      const stale = await get(url, undefined, { headers: { ...headers, 'if-none-match': '"md-stale"' } });
      expect(stale.res.status, label).toBe(200);
      expect(stale.res.headers.get('etag'), label).toBe(etag);
    }
  });

  it('an unknown twin: HEAD and GET are the Markdown 404, HEAD with the length of the GET body', async () => {
    const urls = ['/no-such-page.md', '/blog/no-such-post.md', '/sign-in.md', '/a/b/c.md'];
    expect.assertions(urls.length * 6);
    for (const url of urls) {
      const got = await get(url, undefined, { headers: { 'accept-encoding': 'identity' } });
      const head = await get(url, undefined, { method: 'HEAD' });
      expect(got.res.status, url).toBe(404);
      expect(head.res.status, url).toBe(404);
      expect(got.res.headers.get('content-type'), url).toBe('text/markdown; charset=utf-8');
      expect(got.body, url).toContain('# Not found');
      expect(head.res.headers.get('content-length'), url).toBe(String(Buffer.byteLength(got.body, 'utf8')));
      expect(head.body, url).toBe('');
    }
  });

  it('other methods on a twin: 405 naming GET and HEAD', async () => {
    expect.assertions(6);
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const { res } = await get('/faq.md', undefined, { method, body: method === 'DELETE' ? undefined : 'x' });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow'), method).toBe('GET, HEAD');
    }
  });
});
