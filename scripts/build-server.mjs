#!/usr/bin/env node
// Bundles the self-hosted server (server.ts, with the lib/ modules it imports) into dist/server.mjs,
// run by `npm start`. Packages stay in node_modules. Part of `npm run build`.
import './require-node.mjs';
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await build({
  entryPoints: [path.join(root, 'server.ts')],
  outfile: path.join(root, 'dist', 'server.mjs'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  packages: 'external',
  alias: { '@': root },
  legalComments: 'none',
  logLevel: 'warning',
});
