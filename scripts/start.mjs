#!/usr/bin/env node
// `npm start [-- -p PORT -H HOST]`: the self-hosted server (server.ts, bundled by `npm run build` into
// dist/server.mjs), on Node 24.
import './require-node.mjs';
import fs from 'node:fs';

const server = new URL('../dist/server.mjs', import.meta.url);
if (!fs.existsSync(server)) {
  console.error('npm start: no build yet; run `npm run build` first (with SITE_URL set to the public origin)');
  process.exit(1);
}
await import(server.href);
