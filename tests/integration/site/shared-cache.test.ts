// HTML and Markdown of one URL through a standard shared cache (Varnish, default rules): a client
// asking for Markdown never gets the cached HTML, nor the other way round; repeats are hits, and
// revalidation with the ETag answers 304 for both variants. Without `Vary: Accept` on the HTML,
// 12 of 30 Markdown requests had been served HTML here.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isCacheHit, startVarnish, VARNISHD, type RunningVarnish } from '../../../harness/varnish';
import { postFacts, SITE_PATHS } from './content-facts';

const baseUrl = inject('baseUrl');
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const MARKDOWN = 'text/markdown';
const posts = postFacts().slice(0, 6).map((p) => `/blog/${p.slug}`);
let paths: string[] = [...SITE_PATHS, ...posts];

let varnish: RunningVarnish;

// CI installs varnish (.ci/run); a machine without it says so instead of failing.
describe.skipIf(!VARNISHD)('HTML and Markdown through Varnish', () => {
  beforeAll(async () => {
    // Every page the sitemap lists (posts aside), so a new page cannot escape the check, and 6 posts.
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).filter((p) => !p.startsWith('/blog/'));
    expect(pages).toEqual(expect.arrayContaining([...SITE_PATHS]));
    paths = [...pages, ...posts];
    varnish = await startVarnish(baseUrl);
  });
  afterAll(async () => {
    await varnish?.stop();
  });

  function variantOf(res: Response): 'html' | 'markdown' | string {
    const type = res.headers.get('content-type') ?? '';
    if (type.startsWith('text/html')) return 'html';
    if (type.startsWith('text/markdown')) return 'markdown';
    return type;
  }

  it('origin: both variants of every page carry Vary: Accept and an ETag', async () => {
    expect.assertions(1 + 2 * 3 * paths.length);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      for (const accept of [BROWSER, MARKDOWN]) {
        const res = await fetch(baseUrl + path, { headers: { Accept: accept } });
        await res.arrayBuffer();
        expect(res.status, `${path} ${accept}`).toBe(200);
        const vary = (res.headers.get('vary') ?? '').split(',').map((t) => t.trim().toLowerCase());
        expect(vary, `${path} ${accept}`).toContain('accept');
        expect(res.headers.get('etag'), `${path} ${accept}`).toBeTruthy();
      }
    }
  });

  it('no variant crosses, in either order, and repeats are cache hits', async () => {
    let crossed = 0;
    let asked = 0;
    for (const [i, path] of paths.entries()) {
      // Half the paths are asked HTML first, half Markdown first, so each variant is cached first somewhere.
      const order = i % 2 === 0 ? [BROWSER, MARKDOWN] : [MARKDOWN, BROWSER];
      for (const round of [1, 2]) {
        for (const accept of order) {
          const res = await fetch(varnish.url + path, { headers: { Accept: accept } });
          await res.arrayBuffer();
          asked++;
          expect(res.status, `${path} ${accept}`).toBe(200);
          if (variantOf(res) !== (accept === MARKDOWN ? 'markdown' : 'html')) crossed++;
          if (round === 2) expect(isCacheHit(res), `${path} ${accept} round 2 should be a hit`).toBe(true);
        }
      }
    }
    expect(asked).toBe(paths.length * 4);
    expect(crossed).toBe(0);
  });

  it('If-None-Match answers 304 through the cache and at the origin, for both variants', async () => {
    expect.assertions(3 * 2 * (2 * 2 + 1));
    for (const path of ['/', '/faq', paths.at(-1)!]) {
      for (const accept of [BROWSER, MARKDOWN]) {
        // Each client revalidates with the tag it was given: by the cache, or by the origin.
        for (const target of [varnish.url, baseUrl]) {
          const first = await fetch(target + path, { headers: { Accept: accept } });
          await first.arrayBuffer();
          const etag = first.headers.get('etag')!;
          expect(etag, `${target}${path} ${accept}`).toBeTruthy();
          // fetch() adds `Cache-Control: no-cache` to a conditional request unless told otherwise, and
          // Next answers no-cache with a full 200; a browser revalidating sends max-age=0.
          const again = await fetch(target + path, { headers: { Accept: accept, 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
          expect(again.status, `${target}${path} ${accept}`).toBe(304);
        }
        const first = await fetch(varnish.url + path, { headers: { Accept: accept } });
        await first.arrayBuffer();
        const etag = first.headers.get('etag')!;
        // The other variant's tag does not validate this one.
        const other = await fetch(varnish.url + path, { headers: { Accept: accept === MARKDOWN ? BROWSER : MARKDOWN, 'If-None-Match': etag } });
        await other.arrayBuffer();
        expect(other.status, `${path} other variant`).toBe(200);
      }
    }
  });
});
