// Varnish in front of a test server: with the shipped deploy/varnish/pacewise.vcl (its backend
// pointed at the test server), or with Varnish's default rules, the stand-in for a third-party CDN.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, ROOT } from './server';

export const VARNISHD = ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd'].find((p) => fs.existsSync(p)) ?? null;

/** `name`: the instance's working folder, which varnishlog and varnishncsa read with `-n`. */
export type RunningVarnish = { url: string; name: string; stop: () => Promise<void> };

export const SHIPPED_VCL = path.join(ROOT, 'deploy', 'varnish', 'pacewise.vcl');

/** The shipped VCL with only its backend's host and port changed. */
export function vclFor(backend: URL, file = SHIPPED_VCL): string {
  const vcl = fs.readFileSync(file, 'utf8');
  const pointed = vcl.replace(
    /(backend default \{[^}]*?\.host = )"[^"]*"(;[^}]*?\.port = )"[^"]*"/,
    `$1"${backend.hostname}"$2"${backend.port}"`,
  );
  if (pointed === vcl) throw new Error(`${file}: no \`backend default { .host = ...; .port = ...; }\` to point at the test server`);
  return pointed;
}

/**
 * Varnish in front of `backendUrl`: the shipped VCL when `vcl` is 'shipped', else Varnish's default
 * rules. `port` for its plain socket (`http`), `tlsPort` for the socket the shipped VCL treats as
 * behind a TLS terminator (`tls`), as deploy/varnish/pacewise.vcl's Run line names them.
 */
export async function startVarnish(
  backendUrl: string,
  options: { vcl?: 'shipped'; port?: number; tlsPort?: number } = {},
): Promise<RunningVarnish & { tlsUrl?: string }> {
  if (!VARNISHD) throw new Error('varnishd is not installed (apt-get install varnish)');
  const backend = new URL(backendUrl);
  const port = options.port ?? (await freePort());
  // Varnish's own users compile the VCL in this folder, so it must be readable by them.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-varnish-'));
  fs.chmodSync(dir, 0o755);
  let rules = ['-b', `${backend.hostname}:${backend.port}`];
  if (options.vcl === 'shipped') {
    const file = path.join(dir, 'pacewise.vcl');
    fs.writeFileSync(file, vclFor(backend));
    fs.chmodSync(file, 0o644);
    rules = ['-f', file];
  }
  // Under umask 022 whatever this process's is: varnishd's compiler user writes the compiled VCL
  // (vgc.so) that its cache user then loads, and under a umask of 077 (the app sets one before it
  // opens an embedded database, lib/database/pglite-permissions.ts; a test worker keeps it for the
  // files after) the load fails with "Permission denied".
  const child: ChildProcess = spawn(
    '/bin/sh',
    [
      '-c',
      'umask 022 && exec "$0" "$@"',
      VARNISHD,
      '-F',
      '-a',
      `http=127.0.0.1:${port}`,
      ...(options.tlsPort ? ['-a', `tls=127.0.0.1:${options.tlsPort}`] : []),
      ...rules,
      '-n',
      dir,
      '-s',
      'malloc,64m',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited: ${output}`);
    try {
      await fetch(`${url}/robots.txt`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`varnishd did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    name: dir,
    ...(options.tlsPort ? { tlsUrl: `http://127.0.0.1:${options.tlsPort}` } : {}),
    stop: async () => {
      // Wait for varnishd to go (at most 5 s), not a fixed moment.
      const exited = child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 5000)))]);
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      spawnSync('rm', ['-rf', dir]);
    },
  };
}

/** Varnish's X-Varnish header carries two transaction ids when the response came from its cache. */
export function isCacheHit(res: Response): boolean {
  return (res.headers.get('x-varnish') ?? '').trim().split(/\s+/).length === 2;
}
