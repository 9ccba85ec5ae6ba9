#!/usr/bin/env node
// Runs after `next build` (npm run build and the test harness call it): copies every prerendered
// Markdown twin (the /markdown-twin route's bodies) to public/<path>.md, so `GET`/`HEAD /<path>.md`
// is served as a file, with its Content-Length. Next drops Content-Length from proxy and
// route-handler responses (it may compress them: server/send-response.js), and sets it for files.
// proxy.ts still adds the twin's headers and answers 304s; in development it answers twins itself.
// Usage: node scripts/static-twins.mjs [distDir]   (default: NEXT_DIST_DIR or .next)
import fs from 'node:fs';
import path from 'node:path';

const distDir = process.argv[2] || process.env.NEXT_DIST_DIR || '.next';
const publicDir = path.resolve('public');
const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'prerender-manifest.json'), 'utf8'));
// Twins of an earlier build go first (a removed post must not stay served).
fs.rmSync(path.join(publicDir, 'blog'), { recursive: true, force: true });
for (const name of fs.readdirSync(publicDir)) if (name.endsWith('.md')) fs.rmSync(path.join(publicDir, name));
let written = 0;
for (const route of Object.keys(manifest.routes)) {
  if (route !== '/markdown-twin' && !route.startsWith('/markdown-twin/')) continue;
  const body = path.join(distDir, 'server', 'app', `${route}.body`);
  const page = route.slice('/markdown-twin'.length) || '/index';
  const file = path.join(publicDir, `${page.slice(1)}.md`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(body, file);
  written++;
}
console.log(`static-twins: ${written} Markdown twins -> public/`);
