#!/usr/bin/env node
// Draws the app's PNG icons (public/icons) from the site's mark (app/icon.svg's line on its blue) in
// Chromium, once; the PNGs are committed. "any" icons have rounded corners; maskable ones fill the
// square and keep the mark inside the middle 60 % (the safe zone is the central 80 % circle).
// Usage: node scripts/make-app-icons.mjs   (needs /usr/bin/chromium)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LINE =
  '<polyline points="5,21 10,21 13,13 17.5,24 21,15 27,9" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>';
const svg = (maskable) =>
  maskable
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#0b63c5"/><g transform="translate(6.4 6.4) scale(0.6)">${LINE}</g></svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0b63c5"/>${LINE}</svg>`;
const icons = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-192.png', 192, true],
  ['maskable-512.png', 512, true],
  // iOS rounds the corners itself and shows transparency as black: full-bleed like the maskable one.
  ['apple-touch-icon.png', 180, true],
];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [name, size, maskable] of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><img style="display:block;width:${size}px;height:${size}px" src="data:image/svg+xml,${encodeURIComponent(svg(maskable))}"></body></html>`,
  );
  await page.screenshot({ path: path.join(root, 'public/icons', name), omitBackground: true });
  await page.close();
  console.log(`public/icons/${name} (${size} px${maskable ? ', maskable' : ''})`);
}
await browser.close();
