// Every public page: served as HTML with its canonical URL, share card, Markdown twin, feed link and
// structured data, and never a price.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { postFacts, SITE_PATHS } from './content-facts';
import { closeHtmlParser, htmlParser, jsonLdOf, type HtmlFacts } from './html-facts';

const baseUrl = inject('baseUrl');
const posts = postFacts();
const postPaths = posts.map((p) => `/blog/${p.slug}`);

let parse: (html: string) => Promise<HtmlFacts>;
const imageChecks = new Map<string, Promise<{ status: number; type: string | null; bytes: number }>>();

beforeAll(async () => {
  parse = await htmlParser();
});
afterAll(closeHtmlParser);

function twinOf(path: string): string {
  return path === '/' ? '/index.md' : `${path}.md`;
}

function checkImage(url: string) {
  if (!imageChecks.has(url)) {
    imageChecks.set(
      url,
      fetch(url).then(async (r) => ({ status: r.status, type: r.headers.get('content-type'), bytes: (await r.arrayBuffer()).byteLength })),
    );
  }
  return imageChecks.get(url)!;
}

function typesOf(facts: HtmlFacts): string[] {
  return jsonLdOf(facts).map((d) => String(d['@type']));
}

async function load(path: string) {
  const res = await fetch(baseUrl + path);
  const html = await res.text();
  return { res, html, facts: await parse(html) };
}

describe.each([...SITE_PATHS, ...postPaths])('page %s', (path) => {
  let page: Awaited<ReturnType<typeof load>>;
  beforeAll(async () => {
    page = await load(path);
  });

  it('is served as HTML in English with one h1 and one main landmark', () => {
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.facts.lang).toBe('en');
    expect(page.facts.h1).toHaveLength(1);
    expect(page.facts.mainCount).toBe(1);
    // The site name ends every title that still fits in 60 characters with it.
    expect(page.facts.title.includes('Pacewise') || page.facts.title.length + ' · Pacewise'.length > 60, page.facts.title).toBe(true);
    expect(page.facts.description?.length ?? 0).toBeGreaterThan(40);
  });

  it('names its canonical URL and advertises its Markdown twin and the feed', () => {
    expect(page.facts.canonical).not.toBeNull();
    expect(new URL(page.facts.canonical!).href).toBe(new URL(path, baseUrl).href);
    const markdown = page.facts.alternates.filter((a) => a.type === 'text/markdown');
    expect(markdown).toHaveLength(1);
    expect(new URL(markdown[0]!.href, baseUrl).href).toBe(new URL(twinOf(path), baseUrl).href);
    const feed = page.facts.alternates.find((a) => a.type === 'application/rss+xml');
    expect(feed && new URL(feed.href, baseUrl).pathname).toBe('/feed.xml');
  });

  it('has Open Graph and Twitter cards whose image is a PNG the server returns', async () => {
    const { meta } = page.facts;
    expect(new URL(meta['og:url']!).href).toBe(new URL(path, baseUrl).href);
    expect(meta['og:title']).toBeTruthy();
    expect(meta['og:description']).toBeTruthy();
    expect(meta['twitter:card']).toBe('summary_large_image');
    const image = meta['og:image'];
    expect(image).toMatch(/^https?:\/\//);
    expect(meta['twitter:image']).toBe(image);
    const served = await checkImage(image!);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/png');
    expect(served.bytes).toBeGreaterThan(1000);
  });

  it('carries Organization structured data that parses, escaped for a script element', () => {
    const blocks = jsonLdOf(page.facts);
    expect(blocks.every((b) => b['@context'] === 'https://schema.org')).toBe(true);
    const org = blocks.find((b) => b['@type'] === 'Organization')!;
    expect(org).toBeDefined();
    expect(org.name).toBe('Pacewise');
    // The repository's contact address is a sample on a reserved host: structured data leaves it out.
    expect(org).not.toHaveProperty('email');
    expect(org.address).toEqual({ '@type': 'PostalAddress', addressLocality: 'Boulder', addressRegion: 'CO', addressCountry: 'US' });
    for (const text of page.facts.jsonLdTexts) expect(text).not.toMatch(/[<>]/);
  });

  // Checked on what people and crawlers read (text, meta tags, JSON-LD), not on the raw HTML: Next's
  // inline router payload uses `$1`, `$L6`... as references, which are not prices.
  it('shows no price', () => {
    const read = [page.facts.title, page.facts.bodyText, ...Object.values(page.facts.meta), ...page.facts.jsonLdTexts].join('\n');
    expect(read).not.toMatch(/\$\s?\d/);
    expect(read).not.toMatch(/\b(USD|EUR|GBP)\s?\d|\d\s?(USD|EUR|GBP)\b|€\s?\d|£\s?\d/);
    expect(read).not.toMatch(/"offers"/);
  });
});

describe('structured data by page', () => {
  it('the product page describes the app as a SoftwareApplication without offers', async () => {
    const { facts } = await load('/product');
    const app = jsonLdOf(facts).find((d) => d['@type'] === 'SoftwareApplication')!;
    expect(app).toBeDefined();
    expect(app).not.toHaveProperty('offers');
    expect(app.name).toBe('Pacewise');
    expect(app.applicationCategory).toBe('HealthApplication');
    expect(app.operatingSystem).toBe('Web (installable on Android and iOS)');
    // No store listing: the download URL is the web app's install page on this site.
    expect(app.downloadUrl).toBe(`${baseUrl}/install`);
    expect((app.featureList as string[]).length).toBeGreaterThan(0);
    expect(typeof app.description).toBe('string');
  });

  it('each of the 24 posts is a BlogPosting naming its own URL, title and date', async () => {
    expect(posts).toHaveLength(24);
    for (const post of posts) {
      const { facts } = await load(`/blog/${post.slug}`);
      const article = jsonLdOf(facts).find((d) => d['@type'] === 'BlogPosting');
      expect(article, post.slug).toBeDefined();
      expect(article!.headline).toBe(post.title);
      expect(facts.h1[0]).toBe(post.title);
      expect(article!.datePublished).toBe(post.publishedDate);
      expect(article!.url).toBe(new URL(`/blog/${post.slug}`, baseUrl).href);
      expect(article!.mainEntityOfPage).toEqual({ '@type': 'WebPage', '@id': article!.url });
      expect((article!.author as { name: string }).name).toMatch(/^Pacewise /);
      expect(typeof article!.description).toBe('string');
    }
  });

  it('the FAQ page is an FAQPage, the home page names the WebSite; other pages carry only the Organization', async () => {
    const faq = await load('/faq');
    expect(typesOf(faq.facts).sort()).toEqual(['FAQPage', 'Organization']);
    expect(typesOf((await load('/')).facts).sort()).toEqual(['Organization', 'WebSite']);
    for (const path of ['/how-it-works', '/press', '/blog']) {
      expect(typesOf((await load(path)).facts)).toEqual(['Organization']);
    }
  });

  it('posts share a card drawn for the post, other pages the site card', async () => {
    const post = await load(postPaths[0]!);
    const home = await load('/');
    expect(post.facts.meta['og:image']).not.toBe(home.facts.meta['og:image']);
    expect(new URL(post.facts.meta['og:image']!).pathname).toBe(`${postPaths[0]}/card.png`);
    expect(post.facts.meta['og:type']).toBe('article');
    expect(post.facts.meta['article:published_time']).toBe(posts[0]!.publishedDate);
  });
});
