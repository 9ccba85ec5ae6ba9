#!/usr/bin/env node
// `npm run dev [-- -p PORT]`: build the content once, then watch it (contentlayer2 dev) beside
// `next dev`. SITE_URL and MCP_BASE_URL follow the port really served unless set, and a set value
// that points elsewhere stops the start (lib/build/dev-origin.mjs). Once the port answers, prints
// the tool URL and what to paste into each kind of host.
// On a fresh clone it runs `npm install` first. The embedded database is created, migrated and
// seeded by the app on its first query: the banner waits for /api/health, which makes that query,
// so the tool URL it prints answers at once.
import './require-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!fs.existsSync(path.join(root, 'node_modules', 'next', 'package.json'))) {
  console.log('npm run dev: no node_modules yet; running npm install first (a few minutes on a fresh clone)');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { stdio: 'inherit', cwd: root });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
const { devBanner, devOrigins, parseDevArgs, servedOrigin } = await import('../lib/build/dev-origin.ts');
const { portIsFree } = await import('../lib/build/ports.ts');
const require = createRequire(import.meta.url);
// The same .env files next dev reads (.env, .env.development, .env.local...), so the check below
// sees the SITE_URL the app will see.
createRequire(require.resolve('next/package.json'))('@next/env').loadEnvConfig(root, true, { info: () => {}, error: console.error });

function fail(message) {
  console.error(`npm run dev: ${message}`);
  process.exit(1);
}

function answers(port, hostname) {
  return new Promise((resolve) => {
    const socket = net.connect({
      port,
      host: !hostname || ['0.0.0.0', '::', '[::]'].includes(hostname) ? 'localhost' : hostname.replace(/^\[|\]$/g, ''),
    });
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

const args = parseDevArgs(process.argv.slice(2), process.env);
if ('error' in args) fail(args.error);
let { port } = args;
if (!(await portIsFree(port, args.hostname ?? null))) {
  // Next itself would move to another port and leave SITE_URL behind: choose here, or refuse a port asked for.
  if (args.portGiven) fail(`port ${port} is in use. Stop what runs there, or choose another: npm run dev -- -p ${port + 1}`);
  while (port < 65535 && !(await portIsFree(++port, args.hostname ?? null)));
  console.log(`Port ${args.port} is in use; using ${port}.`);
}
const served = servedOrigin(port, args.hostname, args.https);
const origins = devOrigins(process.env, served);
if ('error' in origins) fail(origins.error);
for (const note of origins.notes) console.log(note);

const node = process.execPath;
// The packages' own CLIs, run by this node (no npx shell in between, so SIGTERM reaches them).
const contentlayer = path.join(path.dirname(require.resolve('contentlayer2/package.json')), 'bin', 'cli.cjs');
const next = require.resolve('next/dist/bin/next');
const first = spawnSync(node, [contentlayer, 'build'], { stdio: 'inherit', cwd: root });
if (first.status !== 0) process.exit(first.status ?? 1);

const env = { ...process.env, SITE_URL: origins.siteUrl, MCP_BASE_URL: origins.mcpBaseUrl };
const nextArgs = ['dev', '--port', String(port), ...(args.hostname ? ['--hostname', args.hostname] : []), ...args.rest];
const children = [
  spawn(node, [contentlayer, 'dev'], { stdio: ['ignore', 'ignore', 'inherit'], cwd: root, env }),
  spawn(node, [next, ...nextArgs], { stdio: 'inherit', cwd: root, env }),
];
const stop = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children[1].on('exit', (code) => {
  stop();
  process.exit(code ?? 0);
});

// The banner once the port answers and the database is ready (next dev compiles each route on its
// first request; /api/health's query creates, migrates and seeds a new embedded database).
while (children[1].exitCode === null && !(await answers(port, args.hostname))) await new Promise((r) => setTimeout(r, 250));
console.log('npm run dev: preparing the database (a new embedded database is created, migrated and seeded: up to a minute)');
const health = `${served}/api/health`;
// (With --experimental-https the certificate is next dev's own: the port answering is enough.)
while (!args.https) {
  if (children[1].exitCode !== null) break;
  const res = await fetch(health, { signal: AbortSignal.timeout(120_000) }).catch(() => undefined);
  if (res?.status === 200) break;
  if (res && res.status !== 503) console.log(`npm run dev: ${health} answered ${res.status}; waiting`);
  await new Promise((r) => setTimeout(r, 500));
}
const demo = !process.env.DATABASE_URL && process.env.PACEWISE_SEED !== '0';
if (children[1].exitCode === null) console.log(devBanner(origins.siteUrl, origins.mcpBaseUrl, { demo }));
