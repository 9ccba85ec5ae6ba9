// Nothing is wider than a 390 px phone: the pages that show the product (its views are SVG with a
// viewBox, scaled to fit), the agents page with its screenshot, and the account page. Also: those
// public pages run no script from _next.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPerson, signUp } from '../../../harness/accounts';
import { launchBrowser, signInOnPage } from '../../support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('at 390 px wide', () => {
  it.each(['/', '/product', '/how-it-works', '/agents'])('%s fits: the document is no wider than the viewport', async (path) => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' && r.url().includes('/_next/')) scripts.push(r.url());
    });
    expect((await page.goto(baseUrl + path, { waitUntil: 'load' }))?.status()).toBe(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Every image and chart is inside the viewport.
    const widest = await page.evaluate(() =>
      Math.max(0, ...[...document.querySelectorAll('img, svg')].map((e) => e.getBoundingClientRect().right)),
    );
    expect(widest).toBeLessThanOrEqual(390);
    if (path === '/') expect(await page.locator('[data-testid="showcase-progress"] svg').count()).toBeGreaterThanOrEqual(3);
    if (path !== '/agents') expect(scripts).toEqual([]);
    await page.close();
  });

  it('the account page of a new person fits too', async () => {
    const person = newPerson('phone');
    await signUp(baseUrl, person);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseUrl}/sign-in?next=/account`);
    await signInOnPage(page, person);
    await page.waitForURL(/\/account$/);
    expect(await page.getByTestId('first-plan').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });
});
