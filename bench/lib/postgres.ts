// A throwaway PostgreSQL cluster on loopback, started the way .ci/run does it (initdb as the
// postgres user, pg_ctl on a spare port), or the server named by DATABASE_URL when that is set.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { portIsFree } from '../../harness/server';

export type Cluster = {
  /** An admin URL: fresh databases are created on it (harness/server.ts freshDatabaseEnv). */
  adminUrl: string;
  /** Whether this process started the cluster (and can stop or restart it). */
  owned: boolean;
  stop(): void;
  /** Stops the server at once (as a crash would), leaving it down. */
  crash(): void;
  start(): void;
};

function pgBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')));
  versions.sort((a, b) => Number(a) - Number(b));
  const v = versions.at(-1);
  return v ? path.join(root, v, 'bin') : undefined;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL binary as the postgres user when we are root (initdb refuses root). */
function pgRun(command: string): void {
  if (asRoot) execFileSync('su', ['postgres', '-c', command], { stdio: ['ignore', 'ignore', 'pipe'] });
  else execFileSync('sh', ['-c', command], { stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * DATABASE_URL when set; otherwise a new cluster on the first free port from `firstPort`.
 * Returns undefined (with the reason) when PostgreSQL is not installed.
 */
/** `settings`: more server settings (`-c name=value` each), e.g. a profile's pg_stat_statements. */
export async function startCluster(firstPort: number, settings: string[] = []): Promise<Cluster | { missing: string }> {
  if (process.env.DATABASE_URL) {
    const noop = () => {
      throw new Error('The database at DATABASE_URL is not ours to stop or restart; unset it to let the script start its own cluster.');
    };
    return { adminUrl: process.env.DATABASE_URL, owned: false, stop: () => undefined, crash: noop, start: noop };
  }
  const bin = pgBin();
  if (!bin) return { missing: 'PostgreSQL is not installed (apt-get install postgresql, as .ci/run does), and DATABASE_URL is not set' };
  let port = firstPort;
  while (!(await portIsFree(port))) port++;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-bench-pg-'));
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  pgRun(`${bin}/initdb -D ${data} -A trust -U postgres`);
  // Enough connections for two app instances and the baselines (pool of 10 each by default).
  // fsync=off: a throwaway cluster on a shared disk; commits still reach the OS before they return,
  // so an immediate stop (the fault test) loses nothing that was acknowledged.
  const options = [`-p ${port} -h 127.0.0.1 -k ${dir} -c max_connections=200 -c fsync=off`, ...settings.map((x) => `-c ${x}`)].join(' ');
  const start = () => pgRun(`${bin}/pg_ctl -D ${data} -l ${dir}/log -o '${options}' -w start`);
  start();
  let stopped = false;
  return {
    adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    owned: true,
    start,
    crash: () => pgRun(`${bin}/pg_ctl -D ${data} -m immediate stop`),
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        pgRun(`${bin}/pg_ctl -D ${data} -m immediate stop`);
      } catch {
        // already down
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
