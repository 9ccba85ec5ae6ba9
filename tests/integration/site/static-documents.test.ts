// Prerendered pages are plain documents: no client runtime, no inlined RSC payload (the page's
// content a second time), nothing lost. See scripts/static-documents.mjs.
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

async function sitemapPaths(): Promise<string[]> {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

const html = async (path: string) => {
  const res = await fetch(baseUrl + path, { headers: { accept: 'text/html' } });
  expect(res.status, path).toBe(200);
  return res.text();
};

describe('public pages ship no JavaScript', () => {
  it("every page in the sitemap: no script but JSON-LD data blocks, the header's session script (and the connect page's copy button), no script preload, no RSC payload", async () => {
    const paths = await sitemapPaths();
    expect(paths.length).toBeGreaterThan(30);
    for (const path of paths) {
      const page = await html(path);
      const scripts = [...page.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!.trim());
      expect(
        scripts.filter((attrs) => attrs !== 'type="application/ld+json"'),
        path,
        // The connect page also carries the copy button's script (public/enhance.js).
      ).toEqual(['src="/session-nav.js" defer=""', ...(path === '/agents' ? ['src="/enhance.js" defer=""'] : [])]);
      expect(page, path).toContain('<script src="/session-nav.js" defer=""></script>');
      expect(page, path).not.toMatch(/<link[^>]+(?:as="script"|rel="modulepreload")/);
      expect(page, path).not.toContain('__next_f');
      expect(page, path).toMatch(/<link rel="stylesheet" href="\/_next\/static\/[^"]+\.css"/);
    }
  });

  it('the session script is a small same-origin file that only reads the non-secret hint cookie', async () => {
    const res = await fetch(`${baseUrl}/session-nav.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    const source = await res.text();
    expect(Buffer.byteLength(source)).toBeLessThan(1024);
    expect(source).toContain('pw_signed_in=1');
    // No network, no storage, no markup injection: it only flips `hidden` on the header's links.
    expect(source).not.toMatch(/fetch|XMLHttpRequest|innerHTML|localStorage|eval|import\(/);
  });

  it('the blog index still shows every post, and the FAQ every question', async () => {
    const { posts } = (await (await fetch(`${baseUrl}/api/public/posts`)).json()) as { posts: { slug: string; title: string }[] };
    const blog = await html('/blog');
    for (const p of posts) expect(blog).toContain(`href="/blog/${p.slug}"`);
    const { items } = (await (await fetch(`${baseUrl}/api/public/faq`)).json()) as { items: { question: string }[] };
    const faq = (await html('/faq')).replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
    for (const i of items) expect(faq).toContain(i.question);
    expect(posts).toHaveLength(24);
    expect(items.length).toBeGreaterThan(0);
    expect.assertions(4 + posts.length + items.length);
  });
});
