// The RSS feed and the 404 page.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../support/browser';
import { postFacts } from './content-facts';
import { closeHtmlParser, selectAll } from './html-facts';

const baseUrl = inject('baseUrl');
const posts = postFacts();
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
  await closeHtmlParser();
});

type ParsedFeed = {
  parserError: string | null;
  root: string;
  version: string | null;
  channel: { title: string; link: string; description: string; self: string | null };
  items: { title: string; link: string; guid: string; pubDate: string; description: string; categories: string[] }[];
};

/** Parses the feed with Chromium's XML parser: any well-formedness error shows up as <parsererror>. */
function parseFeed(xml: string): Promise<ParsedFeed> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'application/xml');
    const text = (el: Element | null | undefined, name: string) => el?.getElementsByTagName(name)[0]?.textContent ?? '';
    const channel = doc.getElementsByTagName('channel')[0];
    const self = doc.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0];
    return {
      parserError: doc.getElementsByTagName('parsererror')[0]?.textContent ?? null,
      root: doc.documentElement.nodeName,
      version: doc.documentElement.getAttribute('version'),
      channel: {
        title: channel?.querySelector(':scope > title')?.textContent ?? '',
        link: channel?.querySelector(':scope > link')?.textContent ?? '',
        description: channel?.querySelector(':scope > description')?.textContent ?? '',
        self: self?.getAttribute('href') ?? null,
      },
      items: Array.from(doc.getElementsByTagName('item')).map((item) => ({
        title: text(item, 'title'),
        link: text(item, 'link'),
        guid: text(item, 'guid'),
        pubDate: text(item, 'pubDate'),
        description: text(item, 'description'),
        categories: Array.from(item.getElementsByTagName('category')).map((c) => c.textContent ?? ''),
      })),
    };
  }, xml);
}

describe('/feed.xml', () => {
  it('is well-formed RSS 2.0 with one item per post, newest first, with absolute links', async () => {
    const res = await fetch(`${baseUrl}/feed.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const feed = await parseFeed(await res.text());
    expect(feed.parserError).toBeNull();
    expect(feed.root).toBe('rss');
    expect(feed.version).toBe('2.0');
    expect(feed.channel.title).toContain('Pacewise');
    expect(feed.channel.link).toBe(`${baseUrl}/blog`);
    expect(feed.channel.description.length).toBeGreaterThan(0);
    expect(feed.channel.self).toBe(`${baseUrl}/feed.xml`);
    expect(feed.items).toHaveLength(24);
    expect(feed.items.map((i) => i.title)).toEqual(posts.map((p) => p.title));
    expect(feed.items.map((i) => i.link)).toEqual(posts.map((p) => `${baseUrl}/blog/${p.slug}`));
    for (const [n, item] of feed.items.entries()) {
      expect(item.guid).toBe(item.link);
      expect(item.description.length).toBeGreaterThan(20);
      expect(new Date(item.pubDate).toISOString().slice(0, 10)).toBe(posts[n]!.publishedDate);
      expect(item.categories).toEqual(posts[n]!.tags);
    }
  });

  it('links to post pages that exist', async () => {
    const feed = await parseFeed(await (await fetch(`${baseUrl}/feed.xml`)).text());
    expect.assertions(4);
    expect(feed.items.length).toBeGreaterThanOrEqual(3);
    for (const item of feed.items.slice(0, 3)) expect((await fetch(item.link)).status).toBe(200);
  });
});

describe('unknown addresses', () => {
  it.each(['/no-such-page', '/blog/no-such-post', '/product/extra'])('%s answers 404 with the helpful page', async (path) => {
    const res = await fetch(baseUrl + path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect((await selectAll(html, 'h1')).map((h) => h.text)).toEqual(['Page not found']);
    const links = (await selectAll(html, 'main a')).map((a) => a.href);
    expect(links).toEqual(expect.arrayContaining(['/', '/blog', '/faq']));
    expect((await selectAll(html, 'header nav a')).length).toBeGreaterThan(3);
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
  });
});
