// Markdown answers carry a token estimate (x-markdown-tokens) so an agent can budget its context, and
// HEAD on a `.md` twin the Content-Length GET sends.
import { beforeAll, describe, expect, it } from 'vitest';
import { mdPath, get, sitemap } from './agent-support';

let paths: string[] = [];

beforeAll(async () => {
  ({ paths } = await sitemap());
});

describe('Markdown answers: x-markdown-tokens', () => {
  it('every twin (.md and negotiated, GET and HEAD): a token estimate of a quarter of its characters, rounded up', async () => {
    expect(paths.length).toBe(37);
    for (const path of paths) {
      const got = await get(mdPath(path));
      const tokens = Math.ceil(got.body.length / 4);
      expect(tokens, path).toBeGreaterThan(50);
      expect(got.res.headers.get('x-markdown-tokens'), path).toBe(String(tokens));
      for (const [url, accept, method] of [[mdPath(path), undefined, 'HEAD'], [path, 'text/markdown', 'GET'], [path, 'text/markdown', 'HEAD']] as const) {
        const { res } = await get(url, accept, { method });
        expect(res.headers.get('x-markdown-tokens'), `${method} ${url}`).toBe(String(tokens));
      }
    }
  });

  it('the Markdown 404 and 406 answers carry their own estimate', async () => {
    for (const path of ['/no-such-page', '/sign-in']) {
      const { res, body } = await get(path, 'text/markdown');
      expect(res.headers.get('x-markdown-tokens'), path).toBe(String(Math.ceil(body.length / 4)));
    }
  });
});

describe('.md twins: Content-Length', () => {
  it('every twin: HEAD answers the Content-Length of the body GET sends (uncompressed), with the twin headers', async () => {
    expect(paths.length).toBe(37);
    const identity = { 'accept-encoding': 'identity' };
    for (const path of paths) {
      const got = await get(mdPath(path), undefined, { headers: identity });
      const head = await get(mdPath(path), undefined, { method: 'HEAD', headers: identity });
      const bytes = String(new TextEncoder().encode(got.body).byteLength);
      expect(got.res.status, path).toBe(200);
      expect(head.res.status, path).toBe(200);
      expect(head.body, path).toBe('');
      expect(got.res.headers.get('content-length'), path).toBe(bytes);
      expect(head.res.headers.get('content-length'), path).toBe(bytes);
      for (const res of [got.res, head.res]) {
        expect(res.headers.get('content-type'), path).toBe('text/markdown; charset=utf-8');
        expect(res.headers.get('etag'), path).toMatch(/^"md-/);
        expect(res.headers.get('vary') ?? '', path).toMatch(/\bAccept\b/);
      }
      // The body served is the current twin: revalidating it gives 304.
      const again = await get(mdPath(path), undefined, { headers: { 'if-none-match': got.res.headers.get('etag')! } });
      expect(again.res.status, path).toBe(304);
    }
  });

  it('a .md path with no twin is still the Markdown 404', async () => {
    for (const path of ['/no-such-page.md', '/blog/no-such-post.md', '/sign-in.md']) {
      const { res } = await get(path, undefined, { method: 'HEAD' });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('text/markdown; charset=utf-8');
    }
  });
});
