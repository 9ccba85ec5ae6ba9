// The shipped Varnish configuration (deploy/varnish/pacewise.vcl) in front of `next start`, as a
// self-hosted deployment runs it: HTML and Markdown of one URL never cross (in either order, for any
// Accept string), repeats are hits whose Age grows, s-maxage and stale-while-revalidate are honoured,
// signed-in pages are never stored, random query strings neither evict nor fragment a page.
// Without `Vary: Accept` on the HTML, 12 of 30 Markdown requests had been served HTML by Varnish's
// default rules; the last block keeps that check for a third-party cache that only reads Vary.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPerson } from '../../../harness/oauth';
import { isCacheHit, startVarnish, VARNISHD, type RunningVarnish } from '../../../harness/varnish';
import { postFacts, SITE_PATHS } from './content-facts';

const baseUrl = inject('baseUrl');
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const MARKDOWN = 'text/markdown';
/** Accept strings a cache must not store a copy per: three groups, one stored copy each. */
const HTML_ACCEPTS = [BROWSER, '*/*', 'text/html', 'text/html, text/markdown;q=0.5', `text/html;level=${Math.random()}, */*;q=0.1`];
const MARKDOWN_ACCEPTS = [MARKDOWN, 'text/x-markdown', 'text/markdown;q=1.0', 'text/markdown; charset=utf-8'];
const MARKDOWN_OR_HTML_ACCEPTS = [
  'text/markdown, text/html;q=0.9',
  'text/markdown;q=1.0, */*;q=0.5',
  'text/markdown, text/html',
  'text/markdown, */*',
];
const posts = postFacts()
  .slice(0, 6)
  .map((p) => `/blog/${p.slug}`);
let paths: string[] = [...SITE_PATHS, ...posts];

const variantOf = (res: Response): string => {
  const type = res.headers.get('content-type') ?? '';
  return type.startsWith('text/html') ? 'html' : type.startsWith('text/markdown') ? 'markdown' : type;
};
const ageOf = (res: Response): number | null => (res.headers.get('age') === null ? null : Number(res.headers.get('age')));

/** Polls `probe` every 100 ms until it returns a value, for at most `ms`. */
async function until<T>(ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Response & { text: string }> {
  const res = await fetch(url, { headers });
  return Object.assign(res, { text: await res.text() });
}

// CI installs varnish (.ci/run); a machine without it says so instead of failing.
describe.skipIf(!VARNISHD)('the shipped VCL in front of next start', () => {
  let varnish: RunningVarnish;

  beforeAll(async () => {
    // Every page the sitemap lists (posts aside), so a new page cannot escape the check, and 6 posts.
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).filter((p) => !p.startsWith('/blog/'));
    expect(pages).toEqual(expect.arrayContaining([...SITE_PATHS]));
    paths = [...pages, ...posts];
    varnish = await startVarnish(baseUrl, { vcl: 'shipped' });
  });
  afterAll(async () => {
    await varnish?.stop();
  });

  it('origin: both variants of every page carry Vary: Accept, an ETag and an s-maxage', async () => {
    expect.assertions(1 + 2 * 4 * paths.length);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      for (const accept of [BROWSER, MARKDOWN]) {
        const res = await get(baseUrl + path, { Accept: accept });
        expect(res.status, `${path} ${accept}`).toBe(200);
        const vary = (res.headers.get('vary') ?? '').split(',').map((t) => t.trim().toLowerCase());
        expect(vary, `${path} ${accept}`).toContain('accept');
        expect(res.headers.get('etag'), `${path} ${accept}`).toBeTruthy();
        expect(res.headers.get('cache-control'), `${path} ${accept}`).toMatch(/s-maxage=\d+/);
      }
    }
  });

  it('no variant crosses, in either order and for any Accept string; repeats are hits with an Age', async () => {
    let crossed = 0;
    let asked = 0;
    for (const [i, path] of paths.entries()) {
      // Half the paths are asked HTML first, half Markdown first, so each variant is cached first somewhere.
      const groups = [HTML_ACCEPTS, MARKDOWN_ACCEPTS, MARKDOWN_OR_HTML_ACCEPTS];
      const order = i % 2 === 0 ? groups : [...groups].reverse();
      for (const round of [0, 1]) {
        for (const accepts of order) {
          const accept = accepts[(i + round) % accepts.length]!;
          const res = await get(varnish.url + path, { Accept: accept });
          asked++;
          expect(res.status, `${path} ${accept}`).toBe(200);
          if (variantOf(res) !== (accepts === HTML_ACCEPTS ? 'html' : 'markdown')) crossed++;
          // The second Accept string of each variant is a different one: a hit all the same (one copy per variant).
          if (round === 1) {
            expect(isCacheHit(res), `${path} ${accept} round 2 should be a hit`).toBe(true);
            expect(ageOf(res), `${path} ${accept}: Age on a hit`).not.toBeNull();
          }
        }
      }
    }
    expect(asked).toBe(paths.length * 6);
    expect(crossed).toBe(0);
  });

  it('Age grows on hits within s-maxage', async () => {
    const fetched = await get(varnish.url + '/faq?age-probe', { Accept: BROWSER });
    expect(fetched.status).toBe(200);
    const first = await get(varnish.url + '/faq?age-probe', { Accept: BROWSER });
    expect(isCacheHit(first)).toBe(true);
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(first.headers.get('cache-control') ?? '')?.[1]);
    expect(sMaxAge).toBeGreaterThan(2);
    // Poll until a hit is at least a second old: the same stored copy, its Age counting up, never past s-maxage.
    const later = await until(5_000, async () => {
      const res = await get(varnish.url + '/faq?age-probe', { Accept: BROWSER });
      expect(isCacheHit(res)).toBe(true);
      return (ageOf(res) ?? 0) >= 1 ? res : undefined;
    });
    expect(ageOf(later)!).toBeGreaterThan(ageOf(first) ?? 0);
    expect(ageOf(later)!).toBeLessThan(sMaxAge);
    // X-Varnish on a hit: this request's id, then the id of the fetch that stored the copy.
    expect(later.headers.get('x-varnish')!.split(' ')[1]).toBe(first.headers.get('x-varnish')!.split(' ')[1]);
    expect(later.text).toBe(fetched.text);
  });

  it('never stores a signed-in page, and a signed-in request never gets a stored one', async () => {
    const person = await createPerson(baseUrl, 'cache');
    const cookie = [...person.session.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect(cookie).toContain('pacewise_session=');
    for (const path of ['/account', '/', '/faq']) {
      // Warm the public copy first (where there is one), then ask signed in: each is a miss, fresh from the origin.
      await get(varnish.url + path, { Accept: BROWSER });
      for (let i = 0; i < 2; i++) {
        const res = await get(varnish.url + path, { Accept: BROWSER, Cookie: cookie });
        expect(res.status, path).toBe(200);
        expect(isCacheHit(res), `${path} signed in, request ${i + 1}`).toBe(false);
      }
    }
    // The account page as a signed-in person saw it is not what a later anonymous visitor gets.
    const signedIn = await get(varnish.url + '/account', { Accept: BROWSER, Cookie: cookie });
    expect(signedIn.text).toContain(person.email);
    const anonymous = await get(varnish.url + '/account', { Accept: BROWSER });
    expect(anonymous.text).not.toContain(person.email);
    expect(isCacheHit(anonymous)).toBe(false);
    // Bearer credentials too.
    const bearer = await get(varnish.url + '/faq', { Accept: BROWSER, Authorization: 'Bearer x' });
    expect(isCacheHit(bearer)).toBe(false);
  });

  it('passes /mcp, OAuth endpoints and POSTs to the origin every time', async () => {
    for (let i = 0; i < 2; i++) {
      const metadata = await get(varnish.url + '/.well-known/oauth-authorization-server');
      expect(metadata.status).toBe(200);
      expect(isCacheHit(metadata)).toBe(false);
      const mcp = await fetch(varnish.url + '/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: '{}',
      });
      await mcp.arrayBuffer();
      expect(mcp.status).toBe(401);
      expect(isCacheHit(mcp)).toBe(false);
      const token = await fetch(varnish.url + '/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=nothing',
      });
      await token.arrayBuffer();
      expect(token.status).toBe(400);
      expect(isCacheHit(token)).toBe(false);
    }
  });

  it('random query strings neither evict nor fragment a page; marketing parameters share its copy', async () => {
    const path = '/blog';
    await get(varnish.url + path, { Accept: BROWSER });
    const first = await get(varnish.url + path, { Accept: BROWSER });
    expect(isCacheHit(first)).toBe(true);
    for (let i = 0; i < 200; i++) await get(`${varnish.url}${path}?r=${Math.random().toString(36).slice(2)}`, { Accept: BROWSER });
    const again = await get(varnish.url + path, { Accept: BROWSER });
    expect(isCacheHit(again)).toBe(true);
    expect(again.headers.get('x-varnish')!.split(' ')[1]).toBe(first.headers.get('x-varnish')!.split(' ')[1]);
    const shared = await get(`${varnish.url}${path}?utm_source=newsletter&utm_campaign=${Math.random()}&fbclid=x`, { Accept: BROWSER });
    expect(isCacheHit(shared)).toBe(true);
    expect(shared.headers.get('x-varnish')!.split(' ')[1]).toBe(first.headers.get('x-varnish')!.split(' ')[1]);
  });

  it('If-None-Match answers 304 through the cache and at the origin, for both variants', async () => {
    expect.assertions(3 * 2 * (2 * 2 + 1));
    for (const path of ['/', '/faq', paths.at(-1)!]) {
      for (const accept of [BROWSER, MARKDOWN]) {
        // Each client revalidates with the tag it was given: by the cache, or by the origin.
        for (const target of [varnish.url, baseUrl]) {
          const first = await get(target + path, { Accept: accept });
          const etag = first.headers.get('etag')!;
          expect(etag, `${target}${path} ${accept}`).toBeTruthy();
          // fetch() adds `Cache-Control: no-cache` to a conditional request unless told otherwise, and
          // Next answers no-cache with a full 200; a browser revalidating sends max-age=0.
          const again = await fetch(target + path, { headers: { Accept: accept, 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
          expect(again.status, `${target}${path} ${accept}`).toBe(304);
        }
        const first = await get(varnish.url + path, { Accept: accept });
        const etag = first.headers.get('etag')!;
        // The other variant's tag does not validate this one.
        const other = await get(varnish.url + path, { Accept: accept === MARKDOWN ? BROWSER : MARKDOWN, 'If-None-Match': etag });
        expect(other.status, `${path} other variant`).toBe(200);
      }
    }
  });
});

// The site's own lifetimes are an hour and more, so expiry is shown with an origin whose lifetimes
// are a second: the same VCL, a backend that counts its fetches and is slow to refresh.
describe.skipIf(!VARNISHD)('the shipped VCL: s-maxage and stale-while-revalidate', () => {
  let varnish: RunningVarnish;
  let origin: http.Server;
  const fetches = new Map<string, number>();
  const CACHE_CONTROL: Record<string, string> = {
    '/swr': 'public, max-age=0, s-maxage=1, stale-while-revalidate=60',
    '/no-swr': 'public, max-age=0, s-maxage=1, stale-while-revalidate=0',
    '/private': 'private, max-age=60',
    '/no-store': 'no-store',
    '/cookie': 'public, s-maxage=60',
  };

  beforeAll(async () => {
    origin = http.createServer((req, res) => {
      const path = new URL(req.url!, 'http://x').pathname;
      const n = (fetches.get(path) ?? 0) + 1;
      fetches.set(path, n);
      const headers: Record<string, string> = { 'content-type': 'text/plain', 'cache-control': CACHE_CONTROL[path] ?? 'no-store' };
      if (path === '/cookie') headers['set-cookie'] = `pacewise_session=s${n}; Path=/; HttpOnly`;
      // A refresh takes a second: a client kept waiting for it would notice.
      setTimeout(() => res.writeHead(200, headers).end(`fetch ${n}`), n === 1 ? 0 : 1_000);
    });
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
    varnish = await startVarnish(`http://127.0.0.1:${(origin.address() as AddressInfo).port}`, { vcl: 'shipped' });
  });
  afterAll(async () => {
    await varnish?.stop();
    await new Promise((r) => origin?.close(r));
  });

  it('serves a hit within s-maxage, then the stale copy at once while one refresh runs behind it', async () => {
    expect((await get(varnish.url + '/swr')).text).toBe('fetch 1');
    const hit = await get(varnish.url + '/swr');
    expect(isCacheHit(hit)).toBe(true);
    expect(hit.text).toBe('fetch 1');
    // Past s-maxage: the first request that finds the copy stale triggers the refresh and still gets the old copy.
    const stale = await until(5_000, async () => {
      const started = Date.now();
      const res = await get(varnish.url + '/swr');
      expect(res.text, 'never kept waiting for the refresh').toBe('fetch 1');
      expect(Date.now() - started).toBeLessThan(900);
      return (fetches.get('/swr') ?? 0) >= 2 ? res : undefined;
    });
    expect(isCacheHit(stale)).toBe(true);
    expect(ageOf(stale)!).toBeGreaterThanOrEqual(1);
    // The refresh lands in the background and is then served, once (request coalescing).
    const refreshed = await until(5_000, async () => {
      const res = await get(varnish.url + '/swr');
      return res.text === 'fetch 2' ? res : undefined;
    });
    expect(isCacheHit(refreshed)).toBe(true);
    expect(fetches.get('/swr')).toBe(2);
  });

  it('without stale-while-revalidate, a copy past s-maxage is fetched again before answering', async () => {
    expect((await get(varnish.url + '/no-swr')).text).toBe('fetch 1');
    const fresh = await until(5_000, async () => {
      const res = await get(varnish.url + '/no-swr');
      return res.text === 'fetch 1' ? undefined : res;
    });
    expect(fresh.text).toBe('fetch 2');
    expect(isCacheHit(fresh)).toBe(false);
  });

  it('never stores private, no-store or Set-Cookie answers', async () => {
    for (const path of ['/private', '/no-store', '/cookie']) {
      const first = await get(varnish.url + path);
      const second = await get(varnish.url + path);
      expect(isCacheHit(second), path).toBe(false);
      expect([first.text, second.text], path).toEqual(['fetch 1', 'fetch 2']);
    }
  });
});

// A third-party cache that only reads Vary (Varnish's default rules): the origin's `Vary: Accept`
// alone must keep the variants apart.
describe.skipIf(!VARNISHD)('HTML and Markdown through a cache with default rules', () => {
  let varnish: RunningVarnish;
  beforeAll(async () => {
    varnish = await startVarnish(baseUrl);
  });
  afterAll(async () => {
    await varnish?.stop();
  });

  it('no variant crosses, in either order', async () => {
    let crossed = 0;
    for (const [i, path] of ['/', '/faq', ...posts.slice(0, 2)].entries()) {
      const order = i % 2 === 0 ? [BROWSER, MARKDOWN] : [MARKDOWN, BROWSER];
      for (const round of [0, 1]) {
        for (const accept of order) {
          const res = await get(varnish.url + path, { Accept: accept });
          if (variantOf(res) !== (accept === MARKDOWN ? 'markdown' : 'html')) crossed++;
          if (round === 1) expect(isCacheHit(res), `${path} ${accept}`).toBe(true);
        }
      }
    }
    expect(crossed).toBe(0);
  });
});
