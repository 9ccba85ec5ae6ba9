// The /docs page: the API's copy and a reference generated from the OpenAPI document.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { wcagAxe } from '../../support/axe';
import { launchBrowser } from '../../support/browser';
import { ENDPOINTS } from './contract-fixture';

const baseUrl = inject('baseUrl');

describe('GET /docs', () => {
  it('is an HTML page that documents all seven operations, with their paths', async () => {
    const res = await fetch(`${baseUrl}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    for (const e of ENDPOINTS) {
      expect(html).toContain(`id="${e.operationId}"`);
      expect(html).toContain(`<code>${e.path}</code>`);
    }
    expect(html).toContain(`<link rel="canonical" href="${baseUrl}/docs"/>`);
    expect(html).toMatch(/<link rel="alternate" type="text\/markdown" href="[^"]*\/docs\.md"\/>/);
    expect(html).toContain(`href="${baseUrl}/api/public/openapi.json"`);
  });

  it('shows curl examples that work when pasted', async () => {
    const html = await (await fetch(`${baseUrl}/docs`)).text();
    const commands = [...html.matchAll(/<code>curl -s ([^<\s]+)<\/code>/g)].map((m) => m[1]!);
    expect(commands).toHaveLength(ENDPOINTS.length);
    for (const url of commands) {
      expect(url.startsWith(`${baseUrl}/api/public/`)).toBe(true);
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json\b/);
    }
  });
});

describe('/docs in Chromium', () => {
  let browser: Browser;
  // Loaded once for both colour schemes: its styles follow prefers-color-scheme through media queries
  // (no script reads it), so switching the scheme on the loaded page renders what a fresh load would.
  let docs: Promise<{ page: Page; status: number | undefined }> | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['light', 'dark'] as const)('has no WCAG 2 A/AA violations in %s mode', async (colorScheme) => {
    docs ??= browser.newPage().then(async (page) => ({ page, status: (await page.goto(`${baseUrl}/docs`))?.status() }));
    const { page, status } = await docs;
    expect(status).toBe(200);
    await page.emulateMedia({ colorScheme });
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(colorScheme === 'dark');
    const results = await wcagAxe(page).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('fits a 390 px wide phone without the page scrolling sideways, and the operation links jump to their section', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseUrl}/docs`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('navigation', { name: 'Operations' }).getByRole('link', { name: 'getBlogPost' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#getBlogPost');
    expect(await page.locator('#getBlogPost').isVisible()).toBe(true);
    await page.close();
  });
});
