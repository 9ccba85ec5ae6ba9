// The header on a phone (390x844, Chromium): one row with the way in and a menu, so the home page's
// main button is on the first screen; the menu opens without script; wide screens show the links.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { wcagAxe } from '../../support/axe';
import { launchBrowser } from '../../support/browser';

const baseUrl = inject('baseUrl');
const PATHS = ['/', '/blog', '/blog/tags/running', '/blog/vdot-explained', '/product', '/faq'];

let browser: Browser;
let phone: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
});
afterAll(async () => {
  await browser?.close();
});

describe('at 390x844', () => {
  it.each(PATHS)('%s: the header is one row under 80 px, with Sign in, Get started and Menu on it', async (path) => {
    const page = await phone.newPage();
    expect((await page.goto(baseUrl + path))?.status()).toBe(200);
    const header = await page.evaluate(() => {
      const box = (sel: string) => {
        const el = document.querySelector(sel);
        if (!el) return null;
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height, visible: r.width > 0 && r.height > 0 };
      };
      return {
        header: box('header.site-header'),
        brand: box('header .brand'),
        signIn: box('header .header-actions a[href="/sign-in"]'),
        start: box('header .header-actions .button-primary'),
        menu: box('header details.menu summary'),
        nav: box('header nav.main-nav'),
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    });
    expect(header.header!.height).toBeLessThan(80);
    for (const part of [header.brand, header.signIn, header.start, header.menu]) {
      expect(part?.visible).toBe(true);
      // One row: every part sits inside the header's own band, side by side.
      expect(part!.top).toBeGreaterThanOrEqual(header.header!.top);
      expect(part!.bottom).toBeLessThanOrEqual(header.header!.bottom);
    }
    expect(header.brand!.right).toBeLessThanOrEqual(header.signIn!.left);
    expect(header.signIn!.right).toBeLessThanOrEqual(header.start!.left);
    expect(header.start!.right).toBeLessThanOrEqual(header.menu!.left);
    // The page links are folded into the menu.
    expect(header.nav?.visible).toBe(false);
    expect(header.overflow).toBeLessThanOrEqual(0);
    await page.close();
  });

  it("the home page's main button is within the first screen", async () => {
    const page = await phone.newPage();
    await page.goto(baseUrl + '/');
    const button = page.locator('.hero .button-primary');
    expect(await button.textContent()).toBe('Get started');
    const box = (await button.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(await button.getAttribute('href')).toBe('/sign-up?next=%2Fcheckout');
    await page.close();
  });

  it('the menu opens without script and lists the page links; a link in it navigates', async () => {
    // JavaScript off: the only script the page has (the header's session swap) cannot be what opens it.
    const noScript = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 3,
      javaScriptEnabled: false,
    });
    const page = await noScript.newPage();
    await page.goto(baseUrl + '/');
    const scripts = await page
      .locator('script:not([type="application/ld+json"])')
      .evaluateAll((els) => els.map((e) => e.getAttribute('src')));
    expect(scripts).toEqual(['/session-nav.js']);
    const blogLink = page.locator('details.menu nav a[href="/blog"]');
    expect(await blogLink.isVisible()).toBe(false);
    await page.locator('details.menu summary').click();
    expect(await blogLink.isVisible()).toBe(true);
    const labels = await page.locator('details.menu nav a').allTextContents();
    expect(labels).toEqual(['Product', 'How it works', 'Integrations', 'Agents', 'Content API', 'Blog', 'FAQ']);
    // The open menu stays on the screen.
    const panel = (await page.locator('details.menu nav').boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(390);
    await Promise.all([page.waitForURL(`${baseUrl}/blog`), blogLink.click()]);
    expect(await page.locator('h1').textContent()).toBe('Blog');
    await noScript.close();
  });

  it('has no WCAG 2 A/AA violations with the menu open', async () => {
    const page = await phone.newPage();
    await page.goto(baseUrl + '/');
    await page.locator('details.menu summary').click();
    const results = await wcagAxe(page).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.close();
  });
});

describe('on a wide screen', () => {
  it('shows the page links in the header and no menu button', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(baseUrl + '/');
    expect(await page.locator('nav.main-nav a[href="/blog"]').isVisible()).toBe(true);
    expect(await page.locator('details.menu summary').isVisible()).toBe(false);
    expect(await page.locator('header .header-actions a[href="/sign-in"]').isVisible()).toBe(true);
    const height = (await page.locator('header.site-header').boundingBox())!.height;
    expect(height).toBeLessThan(80);
    await context.close();
  });
});
