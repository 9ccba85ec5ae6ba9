// What a visitor meets at 390 px (a phone) and 1366 px (a laptop), in the suite's shared Chromium:
// the first screen says what Pacewise is (the coach inside Claude, ChatGPT and other agents, plus the
// installable web app) and shows it working (the agent conversation starts on that screen, with the
// week and "Why it changed"); the showcase's tables fit without breaking a word; charts move; the
// page runs no script from _next. Then the crawl a person follows from a post: each of the 24 ends
// with the way in, and the blog leads with training posts.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { load } from 'cheerio';
import { launchBrowser } from '../../support/browser';
import { postFacts } from '../../integration/site/content-facts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 768 },
] as const;

async function open(path: string, viewport: { width: number; height: number }): Promise<{ page: Page; scripts: string[] }> {
  const page = await browser.newPage({ viewport });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && r.url().includes('/_next/')) scripts.push(r.url());
  });
  expect((await page.goto(baseUrl + path, { waitUntil: 'load' }))?.status()).toBe(200);
  return { page, scripts };
}

/** Home at one width, loaded once for both of its rows (the second scrolls; the first reads the top). */
const homes = new Map<number, ReturnType<typeof open>>();
function home(viewport: { width: number; height: number }): ReturnType<typeof open> {
  if (!homes.has(viewport.width)) homes.set(viewport.width, open('/', viewport));
  return homes.get(viewport.width)!;
}

describe.each(VIEWPORTS)('home at $width px', (viewport) => {
  it('says what Pacewise is and shows it working in the first screen', async () => {
    const { page, scripts } = await home(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    const first = await page.evaluate((height) => {
      const top = (sel: string) => document.querySelector(sel)?.getBoundingClientRect().top ?? Infinity;
      return {
        h1: document.querySelector('h1')?.textContent ?? '',
        copy: document.querySelector('.hero-copy')?.textContent ?? '',
        h1Top: top('h1'),
        copyTop: top('.hero-copy'),
        buttonTop: top('.hero .button-primary'),
        conversationTop: top('[data-testid="showcase"]'),
        height,
      };
    }, viewport.height);
    expect(first.h1).toMatch(/coach inside your AI agent/);
    expect(first.copy).toMatch(/Claude, ChatGPT and other AI agents/);
    expect(first.copy).toMatch(/installs from the browser/);
    for (const top of [first.h1Top, first.copyTop, first.buttonTop, first.conversationTop]) expect(top).toBeLessThan(viewport.height);
    // The conversation: the question, the week, then why a session changed.
    const convo = page.getByTestId('showcase');
    expect(await convo.getByText('What’s my training this week?').count()).toBe(1);
    expect(await convo.locator('[data-testid="showcase-week"] .pw-day').count()).toBeGreaterThanOrEqual(3);
    expect(await convo.locator('[data-testid="showcase-reason"] h3', { hasText: 'Why it changed' }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(scripts).toEqual([]);
  });

  it("the showcase's tables fit their box and never break inside a word; the charts say how far they moved", async () => {
    const { page } = await home(viewport);
    // content-visibility skips the progress panel until it nears the viewport: bring it in.
    await page.locator('#progress').scrollIntoViewIfNeeded();
    const tables = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid^="showcase"] table')].map((t) => {
        const box = (t.closest('.pw') ?? t.parentElement)!.getBoundingClientRect();
        const r = t.getBoundingClientRect();
        // A cell whose text is one word must sit on one line: its text's line boxes are one.
        const broken = [...t.querySelectorAll('th, td')]
          .filter((c) => (c.textContent ?? '').trim() !== '' && !/\s/.test((c.textContent ?? '').trim()))
          .filter((c) => {
            const range = document.createRange();
            range.selectNodeContents(c);
            return new Set([...range.getClientRects()].map((x) => Math.round(x.top))).size > 1;
          })
          .map((c) => c.textContent);
        return { left: r.left, right: r.right, boxLeft: box.left, boxRight: box.right, broken };
      }),
    );
    expect(tables.length).toBeGreaterThanOrEqual(3);
    for (const t of tables) {
      expect(t.broken).toEqual([]);
      expect(t.right).toBeLessThanOrEqual(t.boxRight + 0.5);
      expect(t.right).toBeLessThanOrEqual(viewport.width);
    }
    const changes = await page.locator('#progress .pw-change').allTextContents();
    expect(changes.length).toBeGreaterThanOrEqual(3);
    expect(changes.filter((c) => c.startsWith('+')).length).toBeGreaterThanOrEqual(3);
  });
});

describe.each(VIEWPORTS)('/product and /how-it-works at $width px', (viewport) => {
  it.each(['/product', '/how-it-works'])('%s carries no second showcase, fits, and runs no framework script', async (path) => {
    const { page, scripts } = await open(path, viewport);
    expect(await page.locator('[data-testid^="showcase"]').count()).toBe(0);
    expect(await page.locator('a[href="/#progress"]').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(scripts).toEqual([]);
    await page.close();
  });
});

describe('a way in from every post (crawl)', () => {
  const posts = postFacts();

  it('the contract set of 24 posts, each ending with the way in: sign-up then connect an agent', async () => {
    expect(posts).toHaveLength(24);
    expect.assertions(1 + posts.length * 4);
    for (const post of posts) {
      const $ = load(await (await fetch(`${baseUrl}/blog/${post.slug}`)).text());
      const wayIn = $('article.post [data-testid="way-in"]');
      expect(wayIn.length, post.slug).toBe(1);
      // After the article's prose, before the pager.
      expect(wayIn.prev().hasClass('prose'), post.slug).toBe(true);
      const hrefs = wayIn
        .find('a')
        .map((_, a) => $(a).attr('href'))
        .get();
      expect(hrefs, post.slug).toEqual(expect.arrayContaining(['/sign-up?next=%2Fcheckout', '/agents']));
      expect(wayIn.text(), post.slug).toMatch(/inside Claude, ChatGPT and other AI agents/);
    }
  });

  it('the blog index and home lead with the featured training posts, none of them about agents or OAuth', async () => {
    const featured = posts.filter((p) => p.featured);
    expect(featured.length).toBe(3);
    for (const p of featured)
      expect(
        p.tags.filter((t) => ['ai-agents', 'mcp'].includes(t)),
        p.slug,
      ).toEqual([]);
    const blog = load(await (await fetch(`${baseUrl}/blog`)).text());
    const firstCards = blog('main .post-row-title a')
      .map((_, a) => blog(a).attr('href'))
      .get()
      .slice(0, 3);
    expect(firstCards).toEqual(featured.map((p) => `/blog/${p.slug}`));
    const home = load(await (await fetch(`${baseUrl}/`)).text());
    expect(
      home('#latest-title')
        .closest('section')
        .find('.post-card-title a')
        .map((_, a) => home(a).attr('href'))
        .get(),
    ).toEqual(featured.map((p) => `/blog/${p.slug}`));
  });

  it("the home page's Markdown twin carries the way in and the showcase", async () => {
    const res = await fetch(`${baseUrl}/`, { headers: { Accept: 'text/markdown' } });
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    const md = await res.text();
    expect(md).toContain(`${baseUrl}/sign-up?next=%2Fcheckout`);
    expect(md).toContain(`${baseUrl}/agents`);
    expect(md).toContain('## Pacewise in an agent: a demo');
    expect(md).toMatch(/\*\*"Why did [A-Z][a-z]{2}, [A-Z][a-z]{2} \d+'s session change\?"\*\*/);
    expect(md).toMatch(/VDOT \d+\.\d → \d+\.\d, predicted 5 km \d+:\d\d → \d+:\d\d/);
    expect(md).not.toMatch(/\bfor iOS and Android\b/);
  });
});
