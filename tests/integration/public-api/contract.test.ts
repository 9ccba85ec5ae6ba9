// The Content API against its contract, over HTTP against `next start`.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ENDPOINTS, HTML_PAGES, priceLikeKeys, validate, type ResourceName } from './contract-fixture';
import { TAG_PAGES } from '../markdown/agent-support';

const baseUrl = inject('baseUrl');

type Post = { slug: string; publishedDate: string; markdown?: string } & Record<string, unknown>;

async function getJson(path: string, init?: RequestInit): Promise<{ res: Response; body: unknown }> {
  const res = await fetch(`${baseUrl}${path}`, init);
  const text = await res.text();
  return { res, body: text ? JSON.parse(text) : undefined };
}

let posts: Post[] = [];

beforeAll(async () => {
  const { res, body } = await getJson('/api/public/posts');
  expect(res.status).toBe(200);
  posts = (body as { posts: Post[] }).posts;
});

describe('the contract validator (test code) rejects what the contract forbids', () => {
  it.each([
    [{ error: 'x', extra: 1 }, 'NotFound', /not a field/],
    [{}, 'NotFound', /required field missing/],
    [{ pressOutletA: '/relative', pressOutletB: 'https://a.example/', launchLink: 'https://b.example/' }, 'Press', /absolute/],
    [{ path: '/x', url: 'https://elsewhere.example/x', title: 't', description: 'd' }, 'SitePage', /on http/],
    [{ slug: 's', title: 't', summary: 's', url: `${baseUrl}/blog/s`, publishedDate: '2026-02-30' }, 'BlogPost', /YYYY-MM-DD/],
    [{ question: 'q', answer: 1 }, 'FaqItem', /expected a string/],
  ] as const)('%j is not a valid %s', (value, resource, problem) => {
    expect(validate(value, resource as ResourceName, baseUrl).join('\n')).toMatch(problem);
  });

  it('finds a price field however deep it is', () => {
    expect(priceLikeKeys({ a: [{ b: { priceUsd: 1 } }] })).toEqual(['$.a[0].b.priceUsd']);
  });
});

describe('every operation answers its contract resource', () => {
  const fixed = ENDPOINTS.filter((e) => !e.path.includes('{'));

  it.each(fixed)('$operationId: GET $path is a valid $resource with no price field', async ({ path, resource }) => {
    const { res, body } = await getJson(path);
    expect(res.status).toBe(200);
    expect(validate(body, resource, baseUrl)).toEqual([]);
    expect(priceLikeKeys(body)).toEqual([]);
  });

  it.each(fixed)('$operationId: headers for a public, cacheable, cross-origin JSON resource', async ({ path }) => {
    const res = await fetch(`${baseUrl}${path}`, { headers: { Origin: 'https://agent.example' } });
    expect(res.headers.get('content-type')).toMatch(/^application\/json\b/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const cache = res.headers.get('cache-control') ?? '';
    expect(cache).toMatch(/\bpublic\b/);
    expect(cache).toMatch(/\bmax-age=\d+/);
    expect(cache).toMatch(/\bs-maxage=\d+/);
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
  });
});

describe('getSiteIdentity', () => {
  it('names the site, its contact and every discovery link on SITE_URL, and the links work', async () => {
    const { body } = await getJson('/api/public/site');
    const site = body as { url: string; email: string; discovery: Record<string, string> };
    expect(site.url).toBe(baseUrl);
    expect(site.discovery).toEqual({
      llmsTxt: `${baseUrl}/llms.txt`,
      sitemap: `${baseUrl}/sitemap.xml`,
      openapi: `${baseUrl}/api/public/openapi.json`,
      docs: `${baseUrl}/docs`,
      markdownHome: `${baseUrl}/`,
      product: `${baseUrl}/api/public/product`,
      press: `${baseUrl}/api/public/press`,
      productPage: `${baseUrl}/product`,
    });
    for (const link of Object.values(site.discovery)) {
      const res = await fetch(link);
      expect(res.status, link).toBe(200);
    }
  });
});

describe('getProduct', () => {
  it('carries the app store URL, features and integrations, and nothing about price', async () => {
    const { body } = await getJson('/api/public/product');
    const product = body as { features: unknown[]; integrations: string[]; downloadUrl: string };
    expect(product.features.length).toBeGreaterThan(0);
    expect(product.integrations).toContain('Strava');
    expect(JSON.stringify(product)).not.toMatch(/"price/i);
  });
});

describe('listSitePages', () => {
  it('lists every HTML page once, with its absolute URL, and no individual post', async () => {
    const { body } = await getJson('/api/public/pages');
    const pages = (body as { pages: { path: string; url: string }[] }).pages;
    expect(pages.map((p) => p.path).sort()).toEqual([...HTML_PAGES, ...TAG_PAGES].sort());
    for (const p of pages) expect(p.url).toBe(p.path === '/' ? `${baseUrl}/` : `${baseUrl}${p.path}`);
    // Tag pages (/blog/tags/<tag>) are pages of the sitemap; posts are not listed here.
    expect(pages.some((p) => /^\/blog\/(?!tags\/)/.test(p.path))).toBe(false);
  });
});

describe('listBlogPosts and getBlogPost', () => {
  it('lists the 24 published posts newest first, each once, without markdown', () => {
    expect(posts).toHaveLength(24);
    expect(new Set(posts.map((p) => p.slug)).size).toBe(24);
    const dates = posts.map((p) => p.publishedDate);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const p of posts) expect(p).not.toHaveProperty('markdown');
  });

  it('returns every listed post with its Markdown body and otherwise the same fields as the list', async () => {
    expect.assertions(1 + 7 * posts.length);
    expect(posts).toHaveLength(24);
    for (const item of posts) {
      const { res, body } = await getJson(`/api/public/posts/${item.slug}`);
      expect(res.status, item.slug).toBe(200);
      expect(validate(body, 'BlogPost', baseUrl)).toEqual([]);
      const { markdown, ...rest } = body as Post;
      expect(rest).toEqual(item);
      expect(typeof markdown).toBe('string');
      expect(markdown!.trim().length).toBeGreaterThan(200);
      // The body only: no YAML front matter.
      expect(markdown!.trimStart().startsWith('---')).toBe(false);
      expect(markdown).not.toMatch(/^publishedDate:/m);
    }
  });

  it('answers an unknown slug with the JSON 404 that says where the slugs are', async () => {
    const { res, body } = await getJson('/api/public/posts/no-such-post');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json\b/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(validate(body, 'NotFound', baseUrl)).toEqual([]);
    expect((body as { error: string }).error).toBe(
      `No published post has the slug "no-such-post"; the list of slugs is at ${baseUrl}/api/public/posts`,
    );
  });

  it.each([
    '..%2F..%2Fetc%2Fpasswd',
    '..%2f..%2f..%2f..%2fetc%2fpasswd',
    '%00',
    'vdot-explained%00',
    '%2e%2e%2f%2e%2e%2fpackage.json',
    'VDOT-EXPLAINED',
    '__proto__',
    'constructor',
    'x'.repeat(4000),
  ])('answers the hostile slug %s with a JSON 404, never a 500', async (slug) => {
    const { res, body } = await getJson(`/api/public/posts/${slug}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json\b/);
    expect(validate(body, 'NotFound', baseUrl)).toEqual([]);
    expect((body as { error: string }).error).toContain(`${baseUrl}/api/public/posts`);
    expect((body as { error: string }).error.length).toBeLessThan(300);
  });

  // Without proxy.ts catching it, Next's router answers a malformed percent-encoding with a 500.
  it.each(['%E0%A4%A', '%', 'vdot-explained%ZZ'])('answers the malformed slug %s with a JSON 400, never a 500', async (slug) => {
    const res = await fetch(`${baseUrl}/api/public/posts/${slug}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/percent-encoding/);
  });

  it('a malformed page path is a 400 too', async () => {
    const res = await fetch(`${baseUrl}/blog/vdot-explained%ZZ`);
    expect(res.status).toBe(400);
    await res.arrayBuffer();
  });
});

describe('listFaqItems', () => {
  it('links each answer to a page that exists', async () => {
    const { body } = await getJson('/api/public/faq');
    const items = (body as { items: { href?: string }[] }).items;
    expect(items.length).toBeGreaterThan(0);
    for (const href of items.flatMap((i) => (i.href ? [i.href] : []))) {
      expect(href.startsWith('/')).toBe(true);
      const res = await fetch(`${baseUrl}${href}`);
      expect(res.status, href).toBe(200);
    }
  });
});

describe('paths under /api/public that are no operation', () => {
  it.each(['/api/public', '/api/public/nope', '/api/public/posts/vdot-explained/extra', '/api/public/Site'])(
    'GET %s: JSON 404 pointing to the OpenAPI document',
    async (path) => {
      const { res, body } = await getJson(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json\b/);
      expect(validate(body, 'NotFound', baseUrl)).toEqual([]);
      expect((body as { error: string }).error).toContain(`${baseUrl}/api/public/openapi.json`);
    },
  );

  it('POST to an unknown path is a JSON 404 too, not a 405', async () => {
    const { res, body } = await getJson('/api/public/nope', { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    expect(validate(body, 'NotFound', baseUrl)).toEqual([]);
  });
});

describe('HTTP behaviour of every route', () => {
  const paths = [...ENDPOINTS.map((e) => e.path.replace('{slug}', 'vdot-explained')), '/api/public/openapi.json'];

  it.each(paths)('HEAD %s: the GET headers without a body', async (path) => {
    const res = await fetch(`${baseUrl}${path}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json\b/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toBe('');
  });

  it.each(paths)('GET %s with the current ETag in If-None-Match: 304, no body', async (path) => {
    const first = await fetch(`${baseUrl}${path}`);
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const again = await fetch(`${baseUrl}${path}`, { headers: { 'If-None-Match': `W/"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    const stale = await fetch(`${baseUrl}${path}`, { headers: { 'If-None-Match': '"stale"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it.each(paths)('OPTIONS %s: CORS preflight answered with 204', async (path) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://agent.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'if-none-match',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBeTruthy();
  });

  it.each(paths.flatMap((path) => ['POST', 'PUT', 'PATCH', 'DELETE'].map((method) => [method, path] as const)))(
    '%s %s: 405 with Allow and a JSON error',
    async (method, path) => {
      const res = await fetch(`${baseUrl}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(res.headers.get('content-type')).toMatch(/^application\/json\b/);
      const body = (await res.json()) as { error: string };
      expect(body.error).toContain(method);
      expect(body.error).toMatch(/read-only/);
    },
  );
});
