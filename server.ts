// The self-hosted server: `npm start` after `npm run build` (scripts/build-server.mjs bundles this
// file into dist/server.mjs). Next.js's documented custom server, `next()` with Node's own
// `http.createServer`, so that what `next start` gets wrong for this app is put right per request
// before Next's router runs (lib/web/node-server.ts), with nothing patched. Vercel deploys the same
// build with its own server and never runs this file.
// Flags as `next start`: -p/--port (default PORT or 3000), -H/--hostname (default all interfaces).
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { ConfigError, parseConfig } from './lib/env';
import { beforeNext } from './lib/web/node-server';

function fail(message: string): never {
  console.error(`pacewise: ${message}`);
  process.exit(1);
}

function flag(names: string[]): string | undefined {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const [name, inline] = args[i]!.split('=', 2) as [string, string | undefined];
    if (names.includes(name)) return inline ?? args[i + 1];
  }
  return undefined;
}

let trustedProxyHops: number;
try {
  trustedProxyHops = parseConfig(process.env).trustedProxyHops;
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const port = Number(flag(['-p', '--port']) ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`the port must be a number from 0 to 65535; got ${flag(['-p', '--port']) ?? process.env.PORT}`);
const hostname = flag(['-H', '--hostname']);
// dist/server.mjs -> the project folder, where the build (.next) and next.config.mjs are.
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// What `next start` sets: production React, and lib/startup.ts's checks of a production start.
(process.env as Record<string, string>).NODE_ENV = 'production';
const app = next({ dev: false, dir, hostname: hostname ?? 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer((req, res) => {
  if (beforeNext(req, res, trustedProxyHops)) return;
  void handle(req, res);
});
server.listen(port, hostname, () => {
  console.log(`pacewise: listening on http://${hostname ?? 'localhost'}:${port}`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
