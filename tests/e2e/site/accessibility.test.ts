// Home, a post, the FAQ, the blog index, a tag page, /product and /how-it-works in Chromium: no axe violations (WCAG 2 A and AA) in light or dark mode,
// a working skip link and visible focus, no sideways scrolling on a phone.
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
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

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
});
afterAll(async () => {
  await browser?.close();
});

describe.each(PAGES)('$name page', ({ path }) => {
  it.each(SCHEMES)('has no WCAG 2 A/AA violations in %s mode', async (colorScheme) => {
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme });
    const response = await page.goto(baseUrl + path);
    expect(response?.status()).toBe(200);
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(colorScheme === 'dark');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const summary = results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(summary).toEqual([]);
    // The rules that matter most here did run.
    const ran = new Set([...results.passes, ...results.incomplete, ...results.inapplicable].map((r) => r.id));
    for (const rule of ['color-contrast', 'html-has-lang', 'document-title', 'link-name', 'image-alt'])
      expect(ran.has(rule), rule).toBe(true);
    await page.close();
  });

  it('fits a 390 px wide phone screen without sideways scrolling', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(baseUrl + path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
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
