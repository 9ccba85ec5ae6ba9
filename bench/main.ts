// The bench: builds (cold, timed), starts `next start` on PostgreSQL when one can be had (else the
// embedded PGlite), runs each section against its baseline and writes bench/results.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DIST_DIR, ROOT, TEST_PORT, builtSiteUrl, ensureBuild, freshDatabaseEnv, startServer } from '../harness/server';
import type { BenchContext } from './lib/context';
import { startCluster, type Cluster } from './lib/postgres';
import { coldBuild, printBuild, type BuildTimes } from './sections/build';
import { benchAppScript } from './sections/app-script';
import { benchBytes } from './sections/bytes';
import { benchCache } from './sections/cache';
import { benchLighthouse } from './sections/lighthouse';
import { benchMcp } from './sections/mcp';
import { benchOAuth } from './sections/oauth';
import { benchScale, FULL_SIZE, type ScaleSize } from './sections/scale';
import { benchStatic } from './sections/static';

const SECTIONS = ['build', 'static', 'cache', 'bytes', 'app', 'mcp', 'oauth', 'lighthouse', 'scale'] as const;
/** Sections read from the build output alone, and the scale section, which starts its own servers (bench/sections/scale.ts). */
const OFFLINE: readonly Section[] = ['build', 'app', 'scale'];
type Section = (typeof SECTIONS)[number];

function option(args: string[], name: string): string | undefined {
  const hit = args.find((a) => a.startsWith(`--${name}=`));
  return hit?.slice(name.length + 3);
}

export function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

export async function main(args: string[]): Promise<number> {
  const only = option(args, 'only')?.split(',') as Section[] | undefined;
  for (const s of only ?? []) if (!SECTIONS.includes(s)) throw new Error(`Unknown section "${s}"; choose from ${SECTIONS.join(', ')}`);
  const wanted = (s: Section) => !only || only.includes(s);
  const reuseBuild = args.includes('--reuse-build');
  const port = TEST_PORT;
  const siteUrl = `http://127.0.0.1:${port}`;
  const started = new Date();
  const log = (line: string) => console.error(`[bench] ${line}`);
  const lines: string[] = [];
  const print = (line: string) => {
    lines.push(line);
    console.log(line);
  };

  let build: BuildTimes | undefined;
  if (wanted('build') && !reuseBuild) build = coldBuild({ distDir: DIST_DIR, log }, siteUrl);
  else ensureBuild(siteUrl);

  const needsServer = SECTIONS.some((s) => !OFFLINE.includes(s) && wanted(s));
  const results: Record<string, unknown> = { date: started.toISOString(), machine: machine(), build: build ?? null };
  let cluster: Cluster | undefined;
  let cleanup: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => undefined);
    cleanup = [];
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));

  try {
    if (needsServer) {
      const pg =
        option(args, 'database') === 'pglite'
          ? { missing: '--database=pglite' }
          : wanted('mcp') || wanted('oauth')
            ? await startCluster(port + 8)
            : { missing: 'not needed by the chosen sections' };
      if ('adminUrl' in pg) {
        cluster = pg;
        cleanup.push(async () => pg.stop());
        process.env.DATABASE_URL = pg.adminUrl;
        log(`PostgreSQL at ${pg.adminUrl.replace(/\/\/[^@]*@/, '//')}`);
      } else {
        delete process.env.DATABASE_URL;
        log(`embedded PGlite (${pg.missing})`);
      }
      const db = await freshDatabaseEnv();
      cleanup.push(db.cleanup);
      log(`next start on ${siteUrl} (${DIST_DIR})`);
      const server = await startServer({ port, env: { ...db.env, PACEWISE_SEED: '0' } });
      cleanup.push(server.stop);
      results.database = cluster ? 'postgresql' : 'pglite';

      const ctx = benchContext(args, port, log, print, { appUrl: server.url, appEnv: { ...db.env, SITE_URL: server.url }, cluster });
      results.settings = { connections: ctx.connections, durationSeconds: ctx.durationSeconds, rounds: ctx.rounds };
      if (wanted('static')) results.static = await benchStatic(ctx);
      if (wanted('cache')) results.cache = await benchCache(ctx);
      if (wanted('bytes')) results.bytes = await benchBytes(ctx);
      if (wanted('mcp')) {
        const engine = cluster ? 'PostgreSQL' : 'PGlite';
        const mcp: Record<string, unknown> = { [engine.toLowerCase()]: await benchMcp(ctx, engine) };
        // The same calls on the embedded engine, in the same run, when the main server used PostgreSQL.
        if (cluster && option(args, 'database') !== 'postgresql') mcp.pglite = await onPglite(ctx, log, (c) => benchMcp(c, 'PGlite'));
        results.mcp = mcp;
      }
      if (wanted('oauth'))
        results.oauth = cluster
          ? await benchOAuth(ctx)
          : skipped(print, 'OAuth', 'needs PostgreSQL for the baseline to share the database');
      if (wanted('lighthouse')) results.lighthouse = await benchLighthouse(ctx, Number(option(args, 'lighthouse-runs') ?? 1));
    }
    if (wanted('app')) results.app = benchAppScript(DIST_DIR, print);
    if (wanted('scale')) results.scale = await scaleOnEngines(args, port, log, print, (fn) => cleanup.push(fn));
    if (wanted('build')) printBuild({ print }, build);
  } finally {
    await stopAll();
  }

  const m = machine();
  print(
    `\n${started.toISOString().slice(0, 10)} on ${m.cores} cores (${m.cpu}), ${m.memoryGb} GB, Node ${m.node}, database ${String(results.database ?? '-')}`,
  );
  const out = path.join(ROOT, 'bench', 'results.json');
  // Sections not run keep their previous figures.
  let previous: Record<string, unknown> = {};
  try {
    previous = JSON.parse(fs.readFileSync(out, 'utf8')) as Record<string, unknown>;
  } catch {
    // first run
  }
  fs.writeFileSync(out, JSON.stringify({ ...previous, ...results, report: lines.join('\n') }, null, 2) + '\n');
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
  // A budget is a limit, not a figure: going over it fails the run.
  return (results.app as { withinBudget?: boolean } | undefined)?.withinBudget === false ? 1 : 0;
}

/** Runs `fn` against a second `next start` on a fresh PGlite folder (the app's port + 6). */
async function onPglite<T>(ctx: BenchContext, log: (line: string) => void, fn: (ctx: BenchContext) => Promise<T>): Promise<T> {
  const db = await freshDatabaseEnv({ pglite: true });
  const port = ctx.ports.app + 6;
  log(`next start on PGlite at http://127.0.0.1:${port}`);
  // The build's SITE_URL names the main port; the second server is told its own origin.
  const server = await startServer({ port, env: { ...db.env, PACEWISE_SEED: '0' } });
  try {
    return await fn({ ...ctx, appUrl: server.url, appEnv: { ...db.env, SITE_URL: server.url }, cluster: undefined });
  } finally {
    await server.stop();
    await db.cleanup();
  }
}

/** What every section is handed: the ports from `port` on and the --connections/--duration/--rounds options. */
function benchContext(
  args: string[],
  port: number,
  log: (line: string) => void,
  print: (line: string) => void,
  app: Pick<BenchContext, 'appUrl' | 'appEnv' | 'cluster'>,
): BenchContext {
  const quick = args.includes('--quick');
  const againstDir = option(args, 'against');
  let against: BenchContext['against'];
  if (againstDir) {
    const root = path.resolve(againstDir);
    const siteUrl = builtSiteUrl(root);
    if (!siteUrl)
      throw new Error(
        `--against=${againstDir}: no bench build there; run \`TEST_PORT=<a port> npm run bench -- --only=build\` in it first`,
      );
    const againstPort = Number(new URL(siteUrl).port);
    if (againstPort >= port && againstPort <= port + 8)
      throw new Error(
        `--against=${againstDir}: its build runs on port ${againstPort}, one of this run's (${port}-${port + 8}); build it for another`,
      );
    against = { root, port: againstPort };
  }
  return {
    ...app,
    ...(against ? { against } : {}),
    distDir: DIST_DIR,
    ports: {
      app: port,
      staticBaseline: port + 1,
      mcpBaseline: port + 2,
      oauthBaseline: port + 3,
      lighthouse: port + 4,
      mcpFloor: port + 5,
    },
    connections: Number(option(args, 'connections') ?? 10),
    durationSeconds: Number(option(args, 'duration') ?? (quick ? 2 : 5)),
    rounds: Number(option(args, 'rounds') ?? (quick ? 1 : 3)),
    log,
    print,
  };
}

/** The scale section on PostgreSQL (when one can be had) and on PGlite, or on the one --database names. */
async function scaleOnEngines(
  args: string[],
  port: number,
  log: (line: string) => void,
  print: (line: string) => void,
  onCleanup: (fn: () => Promise<void>) => void,
): Promise<Record<string, unknown>> {
  const quick = args.includes('--quick');
  const chosen = option(args, 'database');
  const out: Record<string, unknown> = {};
  // The scale section starts its own servers: no app of the run's own.
  const ctx = benchContext(args, port, log, print, { appUrl: '', appEnv: {}, cluster: undefined });
  const calls = Number(option(args, 'calls') ?? (quick ? 5 : 10));
  // --no-agents: the history rounds only (the agents-at-once part signs up 50 people and runs 30 s more).
  // --history-scale, --clones, --agents: a reduced run that proves the section works (bench/sections/scale.ts).
  const size: ScaleSize = {
    historyScale: Number(option(args, 'history-scale') ?? FULL_SIZE.historyScale),
    clones: Number(option(args, 'clones') ?? FULL_SIZE.clones),
    agents: args.includes('--no-agents') ? [] : (option(args, 'agents')?.split(',').map(Number) ?? FULL_SIZE.agents),
  };
  if (!(size.historyScale > 0 && size.historyScale <= 1)) throw new Error('--history-scale must be in (0, 1]');
  if (!(Number.isInteger(size.clones) && size.clones >= 0)) throw new Error('--clones must be a whole number >= 0');
  if (size.agents.some((a) => !(Number.isInteger(a) && a > 0))) throw new Error('--agents must list whole numbers > 0, e.g. --agents=1,10');
  const saved = process.env.DATABASE_URL;
  if (chosen !== 'pglite') {
    const pg = await startCluster(port + 8);
    if ('adminUrl' in pg) {
      onCleanup(async () => pg.stop());
      process.env.DATABASE_URL = pg.adminUrl;
      out.postgresql = await benchScale({ ...ctx, cluster: pg }, 'postgresql', calls, size);
    } else out.postgresql = skipped(print, 'Scale on PostgreSQL', pg.missing);
  }
  if (chosen !== 'postgresql') {
    delete process.env.DATABASE_URL;
    try {
      out.pglite = await benchScale(ctx, 'pglite', calls, size);
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    }
  }
  return out;
}

function skipped(print: (l: string) => void, what: string, why: string): { skipped: string } {
  print(`\n== ${what}: skipped (${why}; install PostgreSQL or set DATABASE_URL) ==`);
  return { skipped: why };
}
