// Every page in the sitemap, crawled from `next start` as a visitor and a crawler meet it: a way in
// (Sign in / Get started) in the header and footer, no placeholder link anywhere, titles and
// descriptions that fit a search result, structured data that parses and names its nodes, and each
// thing said once (one set of feature cards, no description shown twice, every topic once).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FormSession, hiddenField, simulatedAddress } from '../../../harness/oauth';
import { postFacts, siteFacts } from './content-facts';
import { closeHtmlParser, htmlParser, jsonLdOf, selectAll, type HtmlFacts } from './html-facts';

const baseUrl = inject('baseUrl');
const posts = postFacts();
const tags = [...new Set(posts.flatMap((p) => p.tags))].sort();

type Crawled = { path: string; status: number; html: string; facts: HtmlFacts; hrefs: string[] };
const crawled = new Map<string, Crawled>();

/** Every href and src of the whole document (header, main, footer, head links). */
async function allHrefs(html: string): Promise<string[]> {
  const links = await selectAll(html, 'a[href], link[href]');
  return links.map((l) => l.href!).filter(Boolean);
}

/** Every string value in a JSON-LD document that looks like a URL. */
function urlsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^https?:\/\//.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(urlsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(urlsIn);
  return [];
}

function onExampleHost(href: string): boolean {
  if (href.startsWith('mailto:')) return /@(?:[^@]+\.)?example$/i.test(href.slice(7).split('?')[0]!);
  try {
    return /(?:^|\.)example\.?$/i.test(new URL(href, baseUrl).hostname);
  } catch {
    return false;
  }
}

function nodes(page: Crawled, type: string): Record<string, unknown>[] {
  return jsonLdOf(page.facts).filter((d) => d['@type'] === type);
}

let sitemapPaths: string[] = [];

beforeAll(async () => {
  const parse = await htmlParser();
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  sitemapPaths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  for (const path of sitemapPaths) {
    const res = await fetch(baseUrl + path);
    const html = await res.text();
    crawled.set(path, { path, status: res.status, html, facts: await parse(html), hrefs: await allHrefs(html) });
  }
}, 120_000);
afterAll(closeHtmlParser);

describe('the sitemap', () => {
  it('lists every page, every post and a page per blog tag, and each one answers 200', () => {
    expect(sitemapPaths).toContain('/');
    for (const p of posts) expect(sitemapPaths).toContain(`/blog/${p.slug}`);
    for (const tag of tags) expect(sitemapPaths).toContain(`/blog/tags/${tag}`);
    expect(crawled.size).toBeGreaterThanOrEqual(12 + posts.length + tags.length);
    for (const page of crawled.values()) expect(page.status, page.path).toBe(200);
  });
});

describe('a way in', () => {
  it('every page has Sign in and Get started in its header (Account hidden until the session script shows it), and in its footer', async () => {
    expect.hasAssertions();
    for (const page of crawled.values()) {
      const header = await selectAll(page.html, 'header.site-header .header-actions > a:not([hidden])');
      expect(
        header.map((a) => [a.text, a.href]),
        page.path,
      ).toEqual([
        ['Sign in', '/sign-in'],
        ['Get started', '/sign-up?next=%2Fcheckout'],
      ]);
      const hidden = await selectAll(page.html, 'header.site-header .header-actions > a[hidden]');
      expect(
        hidden.map((a) => [a.text, a.href]),
        page.path,
      ).toEqual([['Account', '/account']]);
      const footer = (await selectAll(page.html, 'footer.site-footer a')).map((a) => a.href);
      expect(footer, page.path).toEqual(expect.arrayContaining(['/sign-in', '/sign-up?next=%2Fcheckout', '/#pricing']));
    }
  });

  it('the phone menu holds the same page links as the main navigation', async () => {
    const home = crawled.get('/')!;
    const main = (await selectAll(home.html, 'nav.main-nav a')).map((a) => a.href);
    const menu = (await selectAll(home.html, 'details.menu nav a')).map((a) => a.href);
    expect(main.length).toBeGreaterThanOrEqual(7);
    expect(menu).toEqual(main);
  });

  it("the home page's main button starts sign-up, and signing in from it continues to the plan and on to connecting an agent", async () => {
    const home = crawled.get('/')!;
    const primary = await selectAll(home.html, '.hero .button-primary');
    expect(primary.map((b) => [b.text, b.href])).toEqual([['Get started', '/sign-up?next=%2Fcheckout']]);
    const session = new FormSession(baseUrl, { 'x-forwarded-for': simulatedAddress() });
    const signUpPage = await session.follow(primary[0]!.href!);
    expect(new URL(signUpPage.url).pathname).toBe('/sign-up');
    expect(hiddenField(signUpPage.html, 'next')).toBe('/checkout');
    const email = `way-in-${Date.now().toString(36)}@example.com`;
    const password = `pw-${Math.random().toString(36).slice(2)}-${Date.now()}`;
    const done = await session.follow('/api/auth/sign-up', {
      form: { email, password, csrf: hiddenField(signUpPage.html, 'csrf')!, next: hiddenField(signUpPage.html, 'next')! },
    });
    // The mailed link signs in (tests/e2e/account/mail-flows.test.ts); the password works too, with the same next.
    expect(new URL(done.url).pathname).toBe('/sign-up/sent');
    const signIn = await session.follow(/href="(\/sign-in\?[^"]+)"/.exec(done.html)![1]!.replace(/&amp;/g, '&'));
    expect(hiddenField(signIn.html, 'next')).toBe('/checkout');
    const landed = await session.follow('/api/auth/sign-in', {
      form: { email, password, csrf: hiddenField(signIn.html, 'csrf')!, next: hiddenField(signIn.html, 'next')! },
    });
    expect(new URL(landed.url).pathname).toBe('/checkout');
    expect(landed.html).toContain('Subscribe to Pacewise');
    expect(landed.html).toMatch(/<a [^>]*href="\/agents"/);
    // Signed in, the header's "Sign in" leads straight to the account page.
    const again = await session.follow('/sign-in');
    expect(new URL(again.url).pathname).toBe('/account');
    expect(again.html).toContain(email);
  });

  it('the pricing section says what the subscription unlocks and what stays free, and names no price', async () => {
    const home = crawled.get('/')!;
    const pricing = await selectAll(home.html, '#pricing');
    expect(pricing).toHaveLength(1);
    const text = pricing[0]!.text;
    expect(text).toMatch(/Creating an account and connecting an AI agent are free/);
    for (const unlocked of ['training plans', 'workouts', 'health data', 'Strava', 'benchmarks']) expect(text).toContain(unlocked);
    expect(text).toContain('active subscription');
    expect(text).not.toMatch(/[$€£]\s?\d|\d+\s?(?:USD|EUR)\b|per month|\/mo\b/i);
  });
});

describe('no placeholder links', () => {
  it('no page links, in its markup or its structured data, to a .example host, the sample contact address included', () => {
    expect.hasAssertions();
    for (const page of crawled.values()) {
      expect(page.hrefs.filter(onExampleHost), page.path).toEqual([]);
      const ldUrls = jsonLdOf(page.facts).flatMap(urlsIn);
      expect(ldUrls.filter(onExampleHost), `${page.path} JSON-LD`).toEqual([]);
    }
  });

  it('the check itself catches such links (the seed keeps them in its Content API fields)', async () => {
    const site = (await (await fetch(`${baseUrl}/api/public/site`)).json()) as { sameAs?: string[] };
    const press = (await (await fetch(`${baseUrl}/api/public/press`)).json()) as Record<string, string>;
    const product = (await (await fetch(`${baseUrl}/api/public/product`)).json()) as { downloadUrl: string };
    const contractUrls = [...(site.sameAs ?? []), ...Object.values(press), `mailto:${siteFacts().email}`];
    expect(contractUrls.length).toBeGreaterThanOrEqual(4);
    for (const url of contractUrls) expect(onExampleHost(url), url).toBe(true);
    // The download URL is no sample: the web app's install page on this site (no store listing).
    expect(product.downloadUrl).toBe(`${baseUrl}/install`);
    expect(onExampleHost('/sign-in')).toBe(false);
    expect(onExampleHost('https://strava.com/')).toBe(false);
  });
});

describe('titles, descriptions and structured data', () => {
  it('every page has a <title> of at most 60 characters and a meta description of 50 to 160', () => {
    expect.hasAssertions();
    for (const page of crawled.values()) {
      expect(page.facts.title.length, `${page.path}: ${page.facts.title}`).toBeLessThanOrEqual(60);
      expect(page.facts.title.length, page.path).toBeGreaterThan(10);
      const description = page.facts.description ?? '';
      expect(description.length, `${page.path}: ${description}`).toBeLessThanOrEqual(160);
      expect(description.length, page.path).toBeGreaterThanOrEqual(50);
      expect(page.facts.meta['og:description'], page.path).toBe(description);
    }
  });

  it('every JSON-LD block parses and carries a schema.org type; every page names the Organization', () => {
    expect.hasAssertions();
    for (const page of crawled.values()) {
      const docs = jsonLdOf(page.facts);
      expect(docs.length, page.path).toBeGreaterThan(0);
      for (const d of docs) expect([d['@context'], typeof d['@type']], page.path).toEqual(['https://schema.org', 'string']);
      expect(nodes(page, 'Organization'), page.path).toHaveLength(1);
    }
  });

  it('the home page has a WebSite node with the site name and URL', () => {
    const [site] = nodes(crawled.get('/')!, 'WebSite');
    expect(site).toMatchObject({ name: 'Pacewise', url: `${baseUrl}/` });
  });

  it('every post has a BlogPosting with an image that loads, an author with a URL, and a BreadcrumbList', async () => {
    expect.hasAssertions();
    for (const post of posts) {
      const page = crawled.get(`/blog/${post.slug}`)!;
      const [posting] = nodes(page, 'BlogPosting');
      expect(posting, post.slug).toBeDefined();
      const author = posting!.author as { name: string; url: string };
      expect(author.url, post.slug).toBe(`${baseUrl}/about`);
      // The same card the post shares (og:image), at a stable URL.
      expect(posting!.image, post.slug).toBe(page.facts.meta['og:image']);
      const image = await fetch(String(posting!.image));
      expect([image.status, image.headers.get('content-type')], post.slug).toEqual([200, 'image/png']);
      const [trail] = nodes(page, 'BreadcrumbList');
      const items = (trail!.itemListElement as { position: number; name: string; item: string }[]).map((i) => [i.position, i.item]);
      expect(items, post.slug).toEqual([
        [1, `${baseUrl}/`],
        [2, `${baseUrl}/blog`],
        [3, `${baseUrl}/blog/${post.slug}`],
      ]);
    }
  });

  it('every tag page has a BreadcrumbList and a CollectionPage listing exactly its posts', () => {
    expect.hasAssertions();
    for (const tag of tags) {
      const page = crawled.get(`/blog/tags/${tag}`)!;
      const [trail] = nodes(page, 'BreadcrumbList');
      expect(
        (trail!.itemListElement as { item: string }[]).map((i) => i.item),
        tag,
      ).toEqual([`${baseUrl}/`, `${baseUrl}/blog`, `${baseUrl}/blog/tags/${tag}`]);
      const [collection] = nodes(page, 'CollectionPage');
      const listed = ((collection!.mainEntity as { itemListElement: { url: string }[] }).itemListElement ?? []).map((i) => i.url);
      expect(listed, tag).toEqual(posts.filter((p) => p.tags.includes(tag)).map((p) => `${baseUrl}/blog/${p.slug}`));
    }
  });
});

describe('said once', () => {
  it('the feature cards appear on the home page only', async () => {
    expect.hasAssertions();
    for (const page of crawled.values()) {
      const cards = await selectAll(page.html, '.feature-grid h3');
      expect(cards.length > 0, page.path).toBe(page.path === '/');
    }
  });

  it('no page shows its own description twice', () => {
    expect.hasAssertions();
    for (const page of crawled.values()) {
      const description = (page.facts.description ?? '').replace(/…$/, '');
      const shown = page.facts.bodyText.split(description).length - 1;
      expect(shown, page.path).toBeLessThanOrEqual(1);
    }
  });

  it('the blog index names each topic once, links its page, and lists each post once', async () => {
    const blog = crawled.get('/blog')!;
    const topicLinks = (await selectAll(blog.html, 'main a')).filter((a) => a.href?.startsWith('/blog/tags/')).map((a) => a.href);
    expect(topicLinks).toEqual(tags.map((t) => `/blog/tags/${t}`));
    const postLinks = (await selectAll(blog.html, 'main a'))
      .filter((a) => /^\/blog\/(?!tags\/)[^/]+$/.test(a.href ?? ''))
      .map((a) => a.href);
    expect(postLinks.sort()).toEqual(posts.map((p) => `/blog/${p.slug}`).sort());
  });

  it('a post links each of its tags to that tag page', async () => {
    const post = posts[0]!;
    const links = (await selectAll(crawled.get(`/blog/${post.slug}`)!.html, 'header .tag')).map((a) => a.href);
    expect(links).toEqual(post.tags.map((t) => `/blog/tags/${t}`));
  });
});

describe('tag pages for people and agents', () => {
  it('are prerendered, listed by the Content API, and have Markdown twins that list their posts', async () => {
    const { pages } = (await (await fetch(`${baseUrl}/api/public/pages`)).json()) as {
      pages: { path: string; title: string; description: string }[];
    };
    for (const tag of tags) {
      const path = `/blog/tags/${tag}`;
      expect(pages.map((p) => p.path)).toContain(path);
      const twin = await fetch(baseUrl + path, { headers: { Accept: 'text/markdown' } });
      expect(twin.status, path).toBe(200);
      expect(twin.headers.get('content-type'), path).toMatch(/^text\/markdown/);
      const md = await twin.text();
      for (const p of posts.filter((x) => x.tags.includes(tag))) expect(md, path).toContain(`${baseUrl}/blog/${p.slug}.md`);
      for (const p of posts.filter((x) => !x.tags.includes(tag))) expect(md, path).not.toContain(`/blog/${p.slug}.md`);
      const page = await fetch(baseUrl + path);
      expect(page.headers.get('link'), path).toContain(`<${path}.md>`);
    }
  });

  it('an unknown tag is a 404, not an empty page', async () => {
    const res = await fetch(`${baseUrl}/blog/tags/no-such-topic`);
    expect(res.status).toBe(404);
    await res.arrayBuffer();
  });
});
