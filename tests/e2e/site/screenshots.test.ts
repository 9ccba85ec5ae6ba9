// Screenshots of home, a post, the FAQ and the blog index on a phone and a laptop, light and dark, for people to look
// at (test-results/ is git-ignored). Each must be a real, non-blank render of the page.
// One image per row, of the whole page at the viewport's width, which starts with the first screen: a
// second image of the viewport alone (asserted only for its size) cost a second capture and PNG encoding.
// A page is loaded once per screen size; its light and dark rows switch the scheme on that loaded page
// (emulateMedia: the styles follow it through media queries, with no transitions), so the images are
// the same as from a fresh load in each scheme.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../support/browser';
import { ROOT } from '../../../harness/server';

const baseUrl = inject('baseUrl');
const OUT = path.join(ROOT, 'test-results', 'screenshots');
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'post', path: '/blog/how-pacewise-estimates-your-one-rep-max' },
  { name: 'faq', path: '/faq' },
  { name: 'blog', path: '/blog' },
];
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const SCHEMES = ['light', 'dark'] as const;

let browser: Browser;
const loaded = new Map<string, Promise<{ page: Page; status: number | undefined }>>();

/** The page at pagePath in a context of that screen size, loaded once for both schemes' rows. */
function load(pagePath: string, width: number, height: number): Promise<{ page: Page; status: number | undefined }> {
  const key = `${pagePath} ${width}x${height}`;
  if (!loaded.has(key))
    loaded.set(
      key,
      (async () => {
        const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
        const page = await context.newPage();
        const response = await page.goto(baseUrl + pagePath, { waitUntil: 'load' });
        return { page, status: response?.status() };
      })(),
    );
  return loaded.get(key)!;
}

beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(OUT, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const cases = PAGES.flatMap((p) => VIEWPORTS.flatMap((v) => SCHEMES.map((colorScheme) => ({ ...p, ...v, colorScheme }))));

describe('screenshots', () => {
  it.each(cases)('$name at $width x $height, $colorScheme', async ({ name, path: pagePath, width, height, colorScheme }) => {
    const { page, status } = await load(pagePath, width, height);
    expect(status).toBe(200);
    await page.emulateMedia({ colorScheme });
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe(colorScheme === 'dark' ? 'rgb(15, 20, 25)' : 'rgb(255, 255, 255)');
    const file = path.join(OUT, `${name}-${width}x${height}-${colorScheme}-full.png`);
    const png = await page.screenshot({ path: file, fullPage: true });
    expect(png.length).toBeGreaterThan(10_000);
    // PNG's header: the image is the viewport's width and at least its height (the first screen, then the rest).
    expect({ width: png.readUInt32BE(16), tall: png.readUInt32BE(20) >= height }).toEqual({ width, tall: true });
  });
});
