// Load generation from a separate process (autocannon's CLI), and side-by-side rounds: the target
// and its baseline alternate A B A B ..., so drift on a shared machine hits both alike; the report
// takes the median of the rounds.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../../harness/server';
import { median, ratio, round } from './stats';

export type LoadSpec = {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  durationSeconds?: number;
};

export type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

type AutocannonJson = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '2xx': number;
};

/** One autocannon run in its own process; resolves with its JSON summary. */
export function autocannon(spec: LoadSpec): Promise<LoadResult> {
  const args = [
    path.join(ROOT, 'node_modules', 'autocannon', 'autocannon.js'),
    '--json',
    '-c',
    String(spec.connections ?? 10),
    '-d',
    String(spec.durationSeconds ?? 5),
    '-m',
    spec.method ?? 'GET',
  ];
  for (const [k, v] of Object.entries(spec.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (spec.body !== undefined) args.push('-b', spec.body);
  args.push(spec.url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        const j = JSON.parse(out) as AutocannonJson;
        resolve({
          rps: j.requests.average,
          p50: j.latency.p50,
          p99: j.latency.p99,
          requests: j.requests.total,
          non2xx: j.non2xx,
          errors: j.errors,
          timeouts: j.timeouts,
        });
      } catch {
        reject(new Error(`autocannon exited ${code}: ${err.slice(-500)}`));
      }
    });
  });
}

/** Rounds of one load and their medians. */
export type LoadSummary = { rps: number; p50: number; p99: number; rounds: LoadResult[] };

export type Comparison = {
  name: string;
  target: LoadSummary;
  baseline: LoadSummary;
  /** target rps / baseline rps (medians). */
  ratio: number;
  /** Requests that were not 2xx, or failed, in the target's rounds (should be 0). */
  targetFailures: number;
  baselineFailures: number;
};

function summarize(rounds: LoadResult[]): LoadSummary {
  return {
    rps: round(median(rounds.map((r) => r.rps)), 0),
    p50: round(median(rounds.map((r) => r.p50)), 1),
    p99: round(median(rounds.map((r) => r.p99)), 1),
    rounds,
  };
}

/** Alternates target and baseline for `rounds` rounds after one short warm-up of each. */
export async function sideBySide(name: string, target: LoadSpec, baseline: LoadSpec, rounds: number): Promise<Comparison> {
  await autocannon({ ...target, durationSeconds: 1 });
  await autocannon({ ...baseline, durationSeconds: 1 });
  const t: LoadResult[] = [];
  const b: LoadResult[] = [];
  for (let i = 0; i < rounds; i++) {
    // Alternate which goes first, so neither always runs on a machine warmed by the other.
    if (i % 2 === 0) {
      t.push(await autocannon(target));
      b.push(await autocannon(baseline));
    } else {
      b.push(await autocannon(baseline));
      t.push(await autocannon(target));
    }
  }
  const ts = summarize(t);
  const bs = summarize(b);
  const failures = (rs: LoadResult[]) => rs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
  return { name, target: ts, baseline: bs, ratio: ratio(ts.rps, bs.rps), targetFailures: failures(t), baselineFailures: failures(b) };
}

/** One call measured on two builds of the app and the floor, round by round (bench --against). */
export type AgainstComparison = {
  name: string;
  /** This checkout's app, the other checkout's app, the floor: medians of the rounds, and each round. */
  now: LoadSummary;
  against: LoadSummary;
  floor: LoadSummary;
  /** Each app's median calls/s over the floor's (what the MCP table reports as its ratio). */
  nowRatio: number;
  againstRatio: number;
  /** Each round's calls/s over the floor's in that round. */
  nowRoundRatios: number[];
  againstRoundRatios: number[];
  failures: number;
};

/**
 * The two apps and the floor, each round all three back to back in an order that turns each round
 * (so none always runs first, or after the same one), after one short warm-up of each: a change in
 * the machine between rounds reaches all three alike, where runs made minutes apart differ by it.
 */
export async function againstSideBySide(
  name: string,
  now: LoadSpec,
  against: LoadSpec,
  floor: LoadSpec,
  rounds: number,
): Promise<AgainstComparison> {
  const specs = [now, against, floor];
  for (const spec of specs) await autocannon({ ...spec, durationSeconds: 1 });
  const results: LoadResult[][] = [[], [], []];
  for (let i = 0; i < rounds; i++)
    for (let j = 0; j < 3; j++) {
      const which = (i + j) % 3;
      results[which]!.push(await autocannon(specs[which]!));
    }
  const [n, a, f] = results.map(summarize) as [LoadSummary, LoadSummary, LoadSummary];
  const perRound = (rs: LoadResult[]) => rs.map((r, i) => ratio(r.rps, results[2]![i]!.rps));
  const failed = (rs: LoadResult[]) => rs.reduce((k, r) => k + r.non2xx + r.errors + r.timeouts, 0);
  return {
    name,
    now: n,
    against: a,
    floor: f,
    nowRatio: ratio(n.rps, f.rps),
    againstRatio: ratio(a.rps, f.rps),
    nowRoundRatios: perRound(results[0]!),
    againstRoundRatios: perRound(results[1]!),
    failures: failed(results[0]!) + failed(results[1]!) + failed(results[2]!),
  };
}

export function comparisonRow(c: Comparison): (string | number)[] {
  return [
    c.name,
    c.target.rps,
    c.baseline.rps,
    c.ratio,
    c.target.p50,
    c.baseline.p50,
    c.target.p99,
    c.baseline.p99,
    c.targetFailures + c.baselineFailures,
  ];
}

export const COMPARISON_HEADER = ['what', 'req/s', 'base req/s', 'ratio', 'p50 ms', 'base p50', 'p99 ms', 'base p99', 'failed'];

export type SequentialLatency = { calls: number; p50: number; p99: number };

/**
 * Latency at one connection, measured here rather than by autocannon (whose histogram has whole
 * milliseconds): `calls` requests one after another on one kept-alive socket, after a warm-up.
 */
export async function sequentialLatency(spec: LoadSpec, calls: number): Promise<SequentialLatency> {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(spec.url);
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const req = http.request(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, method: spec.method ?? 'GET', headers: spec.headers, agent },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () =>
            res.statusCode && res.statusCode < 300
              ? resolve(performance.now() - started)
              : reject(new Error(`${spec.url} answered ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(spec.body);
    });
  try {
    for (let i = 0; i < Math.min(50, calls); i++) await once();
    const times: number[] = [];
    for (let i = 0; i < calls; i++) times.push(await once());
    times.sort((a, b) => a - b);
    const at = (q: number) => round(times[Math.min(times.length - 1, Math.floor(q * times.length))]!, 2);
    return { calls, p50: at(0.5), p99: at(0.99) };
  } finally {
    agent.destroy();
  }
}
