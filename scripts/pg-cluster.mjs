// A throwaway PostgreSQL cluster on a free loopback port for one `npm test` run: production's engine
// for the server suites (Debian's or Ubuntu's `postgresql` package). initdb refuses to run as root,
// so as root the cluster belongs to the `postgres` user the package creates. Stopped and deleted
// when the run ends, also on Ctrl-C.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** initdb of each installed PostgreSQL, newest last. */
export function pgBinaries() {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .sort((a, b) => Number(a) - Number(b))
    .map((v) => path.join(root, v, 'bin', 'initdb'))
    .filter((f) => fs.existsSync(f));
}

export async function startCluster() {
  const initdb = pgBinaries().at(-1);
  if (!initdb) throw new Error('PostgreSQL is not installed: sudo apt-get install -y postgresql');
  const bin = path.dirname(initdb);
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-pg-'));
  fs.chmodSync(dir, 0o755);
  if (asRoot) spawnSync('chown', ['postgres', dir]);
  const sh = (command) => {
    const r = asRoot
      ? spawnSync('su', ['postgres', '-c', command], { encoding: 'utf8' })
      : spawnSync('sh', ['-c', command], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${command}\n${r.stderr || r.stdout}`);
    return r.stdout;
  };
  // Loaded here, not at the top: npm test imports this file before its Node version check has run.
  const { portIsFree } = await import('../lib/build/ports.ts');
  let port = Number(process.env.PGPORT_TEST || 55432);
  while (!(await portIsFree(port))) port++;
  sh(`${bin}/initdb -D ${dir}/data -A trust -U postgres >/dev/null`);
  sh(`${bin}/pg_ctl -D ${dir}/data -l ${dir}/log -o '-p ${port} -h 127.0.0.1 -k ${dir}' -w start >/dev/null`);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      sh(`${bin}/pg_ctl -D ${dir}/data -m immediate stop >/dev/null`);
    } catch {
      // already gone
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
  const version = sh(`${bin}/postgres --version`).trim();
  return { url: `postgresql://postgres@127.0.0.1:${port}/postgres`, port, version, stop };
}
