import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('home page in Chromium', () => {
  it('renders the brand heading served by next start', async () => {
    const page = await browser.newPage();
    const response = await page.goto(baseUrl + '/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').first().textContent()).resolves.toContain('Pacewise');
    expect(await page.title()).toContain('Pacewise');
  });
});
