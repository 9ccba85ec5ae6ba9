// `npm run profile`: where one request's CPU goes. Starts `next start` under `node --cpu-prof` on a
// fresh database, loads one target with autocannon, stops the server (which writes the profile) and
// prints self time by area and the hottest functions, mapped through the build's source maps.
// Options: --target=<tool name>|<path such as /index.md>  --args=<JSON arguments of the tool call>
//          --history=DAYS (the person's history written by the tools, bench/workers/seed-history.ts)
//          --clones=N (other people, copies of that person)  --database=postgresql|pglite
//          --seconds=S --connections=C --top=N --keep (leave the seeded database; its URL is printed)
//          --inclusive (also frames by total time, callees included)
//          --seed-on-server (the person made through the profiled server itself, so it meets its data as the
//          MCP bench's server does: on PGlite, tables empty when it opened are never analyzed; without history)
// Uses the bench's build folder (.next-bench; build it with `npm run bench -- --only=build` or any
// bench run) and port 3401 unless NEXT_DIST_DIR / TEST_PORT say otherwise.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SourceMap } from 'node:module';

process.env.NEXT_DIST_DIR ||= '.next-bench';
process.env.TEST_PORT ||= '3401';
process.env.NEXT_TELEMETRY_DISABLED = '1';

const { ROOT, TEST_PORT, DIST_DIR, ensureBuild, freshDatabaseEnv, startServer } = await import('../harness/server');
const { callToolRequest } = await import('../harness/mcp');
const { PROTOCOL, subscribedPerson, tool } = await import('./lib/agents');
const { autocannon } = await import('./lib/load');
type LoadSpec = import('./lib/load').LoadSpec;
const { startCluster } = await import('./lib/postgres');
const { runJsonWorker } = await import('./lib/processes');
const { postmasterOn, treeCpuMs } = await import('./lib/cpu');

function option(name: string, fallback: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
}

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const maps = new Map<string, SourceMap | undefined>();
const target = option('target', 'get_account');
const database = option('database', 'postgresql');
const seconds = Number(option('seconds', '15'));
const connections = Number(option('connections', '10'));
const top = Number(option('top', '30'));
const toolArgs = JSON.parse(option('args', '{}')) as Record<string, unknown>;
const historyDays = Number(option('history', '0'));
const clones = Number(option('clones', '0'));

const siteUrl = `http://127.0.0.1:${TEST_PORT}`;
ensureBuild(siteUrl);
const cleanup: (() => Promise<void> | void)[] = [];
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-profile-'));
try {
  if (database === 'postgresql') {
    // pg_stat_statements: which statements one call runs, how often and for how long (printed below).
    const pg = await startCluster(TEST_PORT + 8, ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all']);
    if (!('adminUrl' in pg)) throw new Error(`no PostgreSQL here (${pg.missing}); use --database=pglite`);
    cleanup.push(() => pg.stop());
    process.env.DATABASE_URL = pg.adminUrl;
  } else {
    delete process.env.DATABASE_URL;
  }
  const db = await freshDatabaseEnv();
  // --keep: the seeded database outlives the run (to read its rows afterwards); its URL is printed.
  if (process.argv.includes('--keep')) console.log(`database kept: ${db.env.DATABASE_URL || db.env.PGLITE_DIR}`);
  else cleanup.push(db.cleanup);

  // Seeding runs on a server without the profiler so the profile holds only the load, unless
  // --seed-on-server asks for the state of a server that saw its data arrive (the profile is cut to the load).
  const seedOnServer = process.argv.includes('--seed-on-server');
  if (seedOnServer && historyDays > 0) throw new Error('--seed-on-server makes a person without history; drop --history');
  const startOn = (nodeArgs: string[]) => startServer({ port: TEST_PORT, env: { ...db.env, PACEWISE_SEED: '0' }, nodeArgs });
  const startProfiled = () => startOn(['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
  const profiled = seedOnServer ? await startProfiled() : undefined;
  if (profiled) cleanup.push(profiled.stop);
  const seedServer = profiled ?? (await startOn([]));
  const me = await subscribedPerson(seedServer.url, 'profile');
  // A person with a history gets it from the worker below; one without, 15 sessions around today.
  for (let i = 0; i < (historyDays > 0 ? 0 : 15); i++) {
    const date = new Date(Date.now() - (i - 5) * 86_400_000).toISOString().slice(0, 10);
    await tool(seedServer.url, me.accessToken, 'create_workout', {
      date,
      strength: [
        {
          exercise: 'back-squat',
          sets: [
            { reps: 5, load: 60 + i },
            { reps: 5, load: 60 + i },
            { reps: 5, load: 60 + i },
          ],
        },
      ],
    });
  }
  if (!profiled) await seedServer.stop();
  if (historyDays > 0) {
    // The same history the scale bench builds (its tools' handlers, the clock moved day by day).
    const workerEnv = { ...db.env, SITE_URL: seedServer.url };
    const today = new Date().toISOString().slice(0, 10);
    const seeded = await runJsonWorker<Record<string, unknown>>(
      'bench/workers/seed-history.ts',
      { mode: 'history', people: [{ email: me.person.email, days: historyDays }], today },
      workerEnv,
    );
    console.log(`history of ${historyDays} days: ${JSON.stringify(seeded)}`);
    if (clones > 0)
      console.log(
        JSON.stringify(
          await runJsonWorker('bench/workers/seed-history.ts', { mode: 'clone', fromEmail: me.person.email, count: clones }, workerEnv),
        ),
      );
  }

  const server = profiled ?? (await startProfiled());
  if (!profiled) cleanup.push(server.stop);
  const spec: LoadSpec = target.startsWith('/')
    ? { url: `${server.url}${target}`, headers: { accept: target.endsWith('.md') ? 'text/markdown' : 'text/html' } }
    : {
        url: `${server.url}/mcp`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${me.accessToken}`,
          'mcp-protocol-version': PROTOCOL,
        },
        body: JSON.stringify(callToolRequest(target, toolArgs)),
      };
  await autocannon({ ...spec, connections, durationSeconds: 2 }); // warm-up (JIT, connection pool)
  // CPU by process over the load (core-ms per call): the server, the database, autocannon.
  const serverPid = server.process.pid!;
  const postmaster = database === 'postgresql' ? postmasterOn(Number(new URL(process.env.DATABASE_URL!).port)) : undefined;
  const cpuNow = () => ({ server: treeCpuMs(serverPid), database: postmaster ? treeCpuMs(postmaster) : 0, all: treeCpuMs(process.pid) });
  const statements = database === 'postgresql' ? await statementCounter(db.env.DATABASE_URL!) : undefined;
  await statements?.reset();
  const cpuBefore = cpuNow();
  const loadStart = Date.now();
  const result = await autocannon({ ...spec, connections, durationSeconds: seconds });
  const loadEnd = Date.now();
  const cpuAfter = cpuNow();
  const statementRows = await statements?.read();
  await server.stop();
  // The profile ends when the server exits, just after the stop: the load window is counted back from there.
  const window = { fromEndUs: (Date.now() - loadStart) * 1000, toEndUs: (Date.now() - loadEnd) * 1000 };
  cleanup.pop();
  const perCall = (key: 'server' | 'database' | 'all') => ((cpuAfter[key] - cpuBefore[key]) / result.requests).toFixed(2);
  const loader = ((cpuAfter.all - cpuBefore.all - (cpuAfter.server - cpuBefore.server)) / result.requests).toFixed(2);
  console.log(
    `CPU per call: server ${perCall('server')} ms, database ${postmaster ? perCall('database') : '(in the server)'} ms, autocannon ${loader} ms`,
  );
  if (statementRows) {
    console.log(`\nstatements per call (pg_stat_statements over the load, ${result.requests} calls):`);
    for (const r of statementRows)
      console.log(
        `${(r.calls / result.requests).toFixed(2).padStart(6)} x ${(r.ms / r.calls).toFixed(3).padStart(7)} ms  ${r.query.replace(/\s+/g, ' ').slice(0, 150)}`,
      );
  }
  console.log(
    `${target} on ${database}: ${Math.round(result.rps)} per s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.non2xx} non-2xx (${connections} connections, ${seconds} s)`,
  );

  const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('next start wrote no profile');
  const saved = path.join(
    ROOT,
    'bench',
    'profiles',
    `${target.replace(/[^a-z0-9_]+/gi, '-')}${historyDays ? `-${historyDays}d` : ''}-${database}.cpuprofile`,
  );
  fs.mkdirSync(path.dirname(saved), { recursive: true });
  fs.copyFileSync(path.join(profileDir, file), saved);
  summarize(JSON.parse(fs.readFileSync(saved, 'utf8')) as Profile, result.requests, window);
  console.log(`\nprofile: ${path.relative(process.cwd(), saved)} (open in Chrome DevTools > Performance)`);
} finally {
  for (const fn of cleanup.reverse()) await fn();
  fs.rmSync(profileDir, { recursive: true, force: true });
}

/** pg_stat_statements of the app's database: reset before a load, read after it. */
async function statementCounter(url: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  return {
    reset: async () => void (await client.query('SELECT pg_stat_statements_reset()')),
    read: async () => {
      const { rows } = await client.query<{ calls: string; ms: number; query: string }>(
        `SELECT calls, total_exec_time AS ms, query FROM pg_stat_statements
          WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat_statements%'
          ORDER BY calls DESC, total_exec_time DESC LIMIT 25`,
      );
      await client.end();
      return rows.map((r) => ({ calls: Number(r.calls), ms: r.ms, query: r.query }));
    },
  };
}

/** Original source of a bundled frame, through the chunk's source map. */
function originalSource(url: string, line: number, column: number): string | undefined {
  if (!url.startsWith('file://') || !url.includes(`/${DIST_DIR}/`)) return undefined;
  const map = sourceMapOf(url);
  const entry = map?.findEntry(line, column) as { originalSource?: string } | undefined;
  return entry?.originalSource;
}
/** The original line (1-based) of a bundled frame, through the chunk's source map. */
function originalLine(url: string, line: number, column: number): number | undefined {
  if (!url.startsWith('file://') || !url.includes(`/${DIST_DIR}/`)) return undefined;
  const entry = sourceMapOf(url)?.findEntry(line, column) as { originalLine?: number } | undefined;
  return entry?.originalLine === undefined ? undefined : entry.originalLine + 1;
}
function sourceMapOf(url: string): SourceMap | undefined {
  if (!maps.has(url)) {
    const file = new URL(url).pathname;
    let map: SourceMap | undefined;
    try {
      map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = undefined;
    }
    maps.set(url, map);
  }
  return maps.get(url);
}

function area(node: Node): string {
  const { url, functionName, lineNumber, columnNumber } = node.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node core';
  const source = originalSource(url, lineNumber, columnNumber) ?? url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1]!;
  if (/\/(?:lib|app|pages|proxy)\b/.test(source))
    return `app ${source.replace(/^.*?\/(lib|app|pages)\//, '$1/').replace(/^.*\/proxy/, 'proxy')}`;
  return source.replace(/^file:\/\/.*?\/(\.next[^/]*)\//, '$1/');
}

function summarize(profile: Profile, requests: number, window: { fromEndUs: number; toEndUs: number }): void {
  const self = new Map<number, number>();
  const from = profile.endTime - window.fromEndUs;
  const to = profile.endTime - window.toEndUs;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if (t < from || t > to) continue;
    self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + delta);
  }
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    if (!us || node.callFrame.functionName === '(idle)') continue;
    busy += us;
    const a = area(node);
    const key = a.startsWith('app ') ? 'our app (lib/, app/, proxy.ts)' : a;
    byArea.set(key, (byArea.get(key) ?? 0) + us);
    const fn = `${node.callFrame.functionName || '(anonymous)'}  ${a}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  console.log(
    `\nbusy CPU ${(busy / 1000).toFixed(0)} ms of ${((to - from) / 1000).toFixed(0)} ms under load: ${(busy / 1000 / Math.max(1, requests)).toFixed(2)} ms per request`,
  );
  console.log('\nself time by area');
  for (const [name, us] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${((us / busy) * 100).toFixed(1).padStart(5)} %  ${name}`);
  console.log(`\nhottest ${top} functions (self time)`);
  for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((us / busy) * 100).toFixed(1).padStart(5)} %  ${name}`);
  if (!process.argv.includes('--inclusive')) return;
  // Total time: each frame's own time and its callees', counted once per sample however deep it recurs.
  // Our app's frames are named by source line (the build minifies their names).
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const keyOf = new Map<number, string>();
  const key = (node: Node) => {
    let k = keyOf.get(node.id);
    if (k === undefined) {
      const a = area(node);
      const { url, functionName, lineNumber, columnNumber } = node.callFrame;
      k = a.startsWith('app ') ? `${a}:${originalLine(url, lineNumber, columnNumber) ?? '?'}` : `${functionName || '(anonymous)'}  ${a}`;
      keyOf.set(node.id, k);
    }
    return k;
  };
  const total = new Map<string, number>();
  for (const [id, us] of self) {
    if (byId.get(id)?.callFrame.functionName === '(idle)') continue;
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const k = key(byId.get(cur)!);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + us);
    }
  }
  console.log(`\n${top} frames by total time (with their callees; our app's by source line)`);
  for (const [name, us] of [...total].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((us / busy) * 100).toFixed(1).padStart(5)} %  ${name}`);
}
