// Discovery: the Content API's markdownHome, robots.txt rules for the private paths that exist, a favicon.
import { beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_PATHS } from '@/lib/seo/robots';
import { baseUrl, BROWSER, get, sitemap } from './agent-support';

let paths: string[] = [];

beforeAll(async () => {
  ({ paths } = await sitemap());
});

describe('discovery: markdownHome, robots.txt, favicon', () => {
  it('the Content API markdownHome answers the home page in Markdown (the spec: the homepage URL, Markdown on Accept: text/markdown)', async () => {
    const site = (await (await fetch(`${baseUrl}/api/public/site`)).json()) as { discovery: { markdownHome: string } };
    const { res, body } = await get(new URL(site.discovery.markdownHome).pathname, 'text/markdown');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(body).toBe(await (await fetch(`${baseUrl}/index.md`)).text());
  });

  // The rules come from the module that writes robots.txt; the tests below check what is served over HTTP.
  const PRIVATE: readonly string[] = PRIVATE_PATHS;

  it('robots.txt disallows every private path, not the non-existent /consent, and no public page', async () => {
    const text = await (await fetch(`${baseUrl}/robots.txt`)).text();
    const disallowed = [...text.matchAll(/^Disallow: (\S+)$/gm)].map((m) => m[1]!);
    expect(disallowed.sort()).toEqual([...PRIVATE].sort());
    expect(text).not.toContain('/consent');
    for (const path of paths)
      expect(
        disallowed.filter((d) => path.startsWith(d)),
        path,
      ).toEqual([]);
    expect(text).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
  });

  // A request each disallowed path really answers (a page, or an endpoint refusing a bare request).
  const PROBES: { path: string; probe: string; method: 'GET' | 'POST' }[] = [
    { path: '/account', probe: '/account', method: 'GET' },
    { path: '/sign-in', probe: '/sign-in', method: 'GET' },
    { path: '/sign-up', probe: '/sign-up', method: 'GET' },
    { path: '/device', probe: '/device?user_code=BCDF-GHJK', method: 'GET' },
    { path: '/interaction/', probe: '/interaction/unknown-uid', method: 'GET' },
    { path: '/checkout/', probe: '/checkout/new', method: 'GET' },
    { path: '/api/auth/', probe: '/api/auth/sign-in', method: 'GET' },
    { path: '/api/billing/', probe: '/api/billing/stripe/webhook', method: 'GET' },
    { path: '/authorize', probe: '/authorize', method: 'GET' },
    { path: '/token', probe: '/token', method: 'POST' },
    { path: '/register', probe: '/register', method: 'POST' },
    { path: '/device_authorization', probe: '/device_authorization', method: 'POST' },
    { path: '/revoke', probe: '/revoke', method: 'POST' },
    { path: '/mcp', probe: '/mcp', method: 'GET' },
  ];

  it('the probes cover every disallowed path', () => {
    expect(PROBES.map((p) => p.path)).toEqual(PRIVATE);
  });

  it.each(PROBES)('robots.txt path $path is real: $method $probe is not a 404', async ({ probe, method }) => {
    const { res } = await get(probe, BROWSER, { method });
    expect(res.status, probe).toBeLessThan(500);
    expect(res.status, probe).not.toBe(404);
  });

  it('/favicon.ico answers an ICO image', async () => {
    const res = await fetch(`${baseUrl}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
  });
});
