// Varnish with its default rules (which honour Cache-Control and Vary as CDNs do) in front of a
// test server: the stand-in for a third-party shared cache.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server';

export const VARNISHD = ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd'].find((p) => fs.existsSync(p)) ?? null;

export type RunningVarnish = { url: string; stop: () => Promise<void> };

export async function startVarnish(backendUrl: string): Promise<RunningVarnish> {
  if (!VARNISHD) throw new Error('varnishd is not installed (apt-get install varnish)');
  const backend = new URL(backendUrl);
  const port = await freePort();
  // Varnish's own users compile the VCL in this folder, so it must be readable by them.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-varnish-'));
  fs.chmodSync(dir, 0o755);
  const child: ChildProcess = spawn(
    VARNISHD,
    ['-F', '-a', `127.0.0.1:${port}`, '-b', `${backend.hostname}:${backend.port}`, '-n', dir, '-s', 'malloc,64m'],
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
