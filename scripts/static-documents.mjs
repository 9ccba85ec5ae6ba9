#!/usr/bin/env node
// Runs after `next build` (npm run build, the test harness and the bench all call it): every page
// Next prerendered is a document with no interactive part (the app has no client component on
// them), so its HTML leaves out the App Router's client runtime: the framework script tags and
// their preloads, the Turbopack bootstrap and the inlined RSC payload (`self.__next_f.push`), which
// repeated the whole page a second time. What is left is the markup, the stylesheets and the JSON-LD
// data blocks. Links become ordinary navigations. Dynamic pages (account, sign-in, consent) are
// rendered per request and keep the runtime.
// Usage: node scripts/static-documents.mjs [distDir]   (default: NEXT_DIST_DIR or .next)
import './require-node.mjs';
import fs from 'node:fs';
import path from 'node:path';

const { stripClientRuntime } = await import('../lib/build/static-documents.ts');
const { recordBuildOrigin } = await import('../lib/build/build-origin.ts');

const distDir = process.argv[2] || process.env.NEXT_DIST_DIR || '.next';
const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'prerender-manifest.json'), 'utf8'));
let pages = 0;
let before = 0;
let after = 0;
for (const [route, info] of Object.entries(manifest.routes)) {
  // Prerendered pages have an RSC data route; prerendered route handlers (JSON, images) have none.
  if (!info.dataRoute) continue;
  const file = path.join(distDir, 'server', 'app', `${route === '/' ? '/index' : route}.html`);
  if (!fs.existsSync(file)) continue;
  const html = fs.readFileSync(file, 'utf8');
  const stripped = stripClientRuntime(html);
  fs.writeFileSync(file, stripped);
  pages++;
  before += Buffer.byteLength(html);
  after += Buffer.byteLength(stripped);
}
// `next start` copies served pages into this runtime cache and prefers it to the build output: a
// server started on this build before the rewrite must not keep serving the old pages.
fs.rmSync(path.join(distDir, 'server', 'route-cache'), { recursive: true, force: true });
if (pages === 0) {
  console.error(`static-documents: no prerendered page found in ${distDir}; run next build first`);
  process.exit(1);
}
// The origin the pages were prerendered for, compared with SITE_URL when a server starts.
recordBuildOrigin(distDir, process.env.SITE_URL);
console.log(
  `static-documents: ${pages} prerendered pages without the client runtime (${(before / 1024).toFixed(0)} kB -> ${(after / 1024).toFixed(0)} kB of HTML)`,
);
