// Home, a post, the FAQ, the blog index, a tag page, /product and /how-it-works in Chromium: no axe violations (WCAG 2 A and AA) in light or dark mode,
// a working skip link and visible focus, no sideways scrolling on a phone.
// Each page is loaded once at a laptop's width, and its rows switch what they need on that loaded page
// (the colour scheme through emulateMedia, the phone's width through the viewport): the site's styles
// follow both at once (media queries, no transitions, no script reads them), so a reload proves nothing more.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { wcagAxe } from '../../support/axe';
import { launchBrowser } from '../../support/browser';

const baseUrl = inject('baseUrl');
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'post', path: '/blog/how-pacewise-estimates-your-one-rep-max' },
  { name: 'faq', path: '/faq' },
  { name: 'blog index', path: '/blog' },
  { name: 'tag', path: '/blog/tags/strength' },
  { name: 'product', path: '/product' },
  { name: 'how it works', path: '/how-it-works' },
];
const SCHEMES = ['light', 'dark'] as const;
const LAPTOP = { width: 1280, height: 800 };

let browser: Browser;
let context: BrowserContext;
const loaded = new Map<string, Promise<{ page: Page; status: number | undefined }>>();

/** The page at path, loaded once for every row about it (whichever row runs first loads it). */
function load(path: string): Promise<{ page: Page; status: number | undefined }> {
  if (!loaded.has(path))
    loaded.set(
      path,
      (async () => {
        const page = await context.newPage();
        const response = await page.goto(baseUrl + path);
        return { page, status: response?.status() };
      })(),
    );
  return loaded.get(path)!;
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: LAPTOP });
});
afterAll(async () => {
  await browser?.close();
});

describe.each(PAGES)('$name page', ({ path }) => {
  it.each(SCHEMES)('has no WCAG 2 A/AA violations in %s mode', async (colorScheme) => {
    const { page, status } = await load(path);
    expect(status).toBe(200);
    await page.setViewportSize(LAPTOP);
    await page.emulateMedia({ colorScheme });
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(colorScheme === 'dark');
    const results = await wcagAxe(page).analyze();
    const summary = results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(summary).toEqual([]);
    // The rules that matter most here did run.
    const ran = new Set([...results.passes, ...results.incomplete, ...results.inapplicable].map((r) => r.id));
    for (const rule of ['color-contrast', 'html-has-lang', 'document-title', 'link-name', 'image-alt'])
      expect(ran.has(rule), rule).toBe(true);
  });

  it('fits a 390 px wide phone screen without sideways scrolling', async () => {
    const { page, status } = await load(path);
    expect(status).toBe(200);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => window.innerWidth)).toBe(390);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

describe('keyboard use', () => {
  it('the first Tab reaches a skip link that moves focus to the main content', async () => {
    const page = await context.newPage();
    await page.goto(baseUrl + '/faq');
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const box = el.getBoundingClientRect();
      return { text: el.textContent, href: el.getAttribute('href'), visible: box.top >= 0 && box.height > 0 };
    });
    expect(skip).toEqual({ text: 'Skip to content', href: '#main', visible: true });
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.keyboard.press('Tab');
    // The next stop is inside the main content, not the header navigation.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
    await page.close();
  });

  it('a focused link shows a visible outline', async () => {
    const page = await context.newPage();
    await page.goto(baseUrl + '/');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as HTMLElement);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await page.close();
  });
});

// wcagAxe puts axe-core into a document once and reuses it (tests/support/axe.ts): it still reports, and again.
describe('the checker itself', () => {
  it('finds a missing alt text and low contrast, and finds them again on a second check of the same document', async () => {
    const page = await context.newPage();
    await page.setContent(
      '<!doctype html><html lang="en"><title>Probe</title><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
        '<p style="color:#bbb;background:#fff">Faint text</p></main></html>',
    );
    for (const check of ['first', 'second']) {
      const { violations } = await wcagAxe(page).analyze();
      const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`)).sort();
      expect(found, check).toEqual(['color-contrast p', 'image-alt img']);
    }
    await page.close();
  });
});
