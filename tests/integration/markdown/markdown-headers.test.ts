// Markdown answers carry a token estimate (x-markdown-tokens) so an agent can budget its context.
// (Content-Length on HEAD of `.md`: markdown-head-length.test.ts.)
import { beforeAll, describe, expect, it } from 'vitest';
import { mdPath, get, sitemap, TWIN_COUNT } from './agent-support';

let paths: string[] = [];

beforeAll(async () => {
  ({ paths } = await sitemap());
});

describe('Markdown answers: x-markdown-tokens', () => {
  it('every twin (.md and negotiated, GET and HEAD): a token estimate of a quarter of its characters, rounded up', async () => {
    expect(paths.length).toBe(TWIN_COUNT);
    for (const path of paths) {
      const got = await get(mdPath(path));
      const tokens = Math.ceil(got.body.length / 4);
      expect(tokens, path).toBeGreaterThan(50);
      expect(got.res.headers.get('x-markdown-tokens'), path).toBe(String(tokens));
      for (const [url, accept, method] of [
        [mdPath(path), undefined, 'HEAD'],
        [path, 'text/markdown', 'GET'],
        [path, 'text/markdown', 'HEAD'],
      ] as const) {
        const { res } = await get(url, accept, { method });
        expect(res.headers.get('x-markdown-tokens'), `${method} ${url}`).toBe(String(tokens));
      }
    }
  });

  it('the Markdown 404 and 406 answers carry their own estimate', async () => {
    expect.assertions(2);
    for (const path of ['/no-such-page', '/sign-in']) {
      const { res, body } = await get(path, 'text/markdown');
      expect(res.headers.get('x-markdown-tokens'), path).toBe(String(Math.ceil(body.length / 4)));
    }
  });
});

describe('.md twins', () => {
  it('a .md path with no twin is still the Markdown 404', async () => {
    expect.assertions(6);
    for (const path of ['/no-such-page.md', '/blog/no-such-post.md', '/sign-in.md']) {
      const { res } = await get(path, undefined, { method: 'HEAD' });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('text/markdown; charset=utf-8');
    }
  });
});
