// OAuth: refresh grants per second (each one rotates: a new refresh token, the old one consumed)
// and device-token polls per second, through `next start` vs the same authorization-server entry
// on a bare node:http server over the same database. Rounds alternate; families carry over.
import { connectAgent, pendingDeviceCodes } from '../lib/agents';
import { newPerson, signUp } from '../../harness/accounts';
import { runJsonWorker, startChild, TSX, TSX_ARGS } from '../lib/processes';
import { heading, median, ratio, round, table } from '../lib/stats';
import type { BenchContext } from '../lib/context';

type Family = { clientId: string; refreshToken: string };
type WorkerResult = { ok: number; perSecond: number; p50: number; p99: number; failures: Record<string, number>; families?: Family[] };
export type OAuthFigure = { name: string; target: Summary; baseline: Summary; ratio: number; failures: Record<string, number> };
type Summary = { perSecond: number; p50: number; p99: number; rounds: WorkerResult[] };

const FAMILIES = 10;
const DEVICE_CODES = 100;

function summary(rounds: WorkerResult[]): Summary {
  return {
    perSecond: round(median(rounds.map((r) => r.perSecond)), 1),
    p50: round(median(rounds.map((r) => r.p50)), 1),
    p99: round(median(rounds.map((r) => r.p99)), 1),
    rounds: rounds.map(({ families: _f, ...r }) => r),
  };
}

function mergeFailures(all: WorkerResult[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of all) for (const [k, v] of Object.entries(r.failures)) out[k] = (out[k] ?? 0) + v;
  return out;
}

export async function benchOAuth(ctx: BenchContext): Promise<{ figures: OAuthFigure[] }> {
  const resource = `${ctx.appUrl}/mcp`;
  ctx.log(`oauth: ${FAMILIES} token families`);
  const person = newPerson('bench-oauth');
  await signUp(ctx.appUrl, person);
  let families: Family[] = [];
  for (let i = 0; i < FAMILIES; i++) {
    const a = await connectAgent(ctx.appUrl, person, `oauth ${i}`);
    families.push({ clientId: a.clientId, refreshToken: a.refreshToken });
  }

  const baseline = await startChild(TSX, [...TSX_ARGS, 'bench/baselines/oauth-server.ts', String(ctx.ports.oauthBaseline)], ctx.appEnv);
  const baseUrl = `http://127.0.0.1:${ctx.ports.oauthBaseline}`;
  const figures: OAuthFigure[] = [];
  try {
    const refreshRound = async (url: string, durationMs: number): Promise<WorkerResult> => {
      const r = await runJsonWorker<WorkerResult>('bench/workers/oauth-load.ts', { mode: 'refresh', url, resource, families, durationMs });
      families = r.families ?? [];
      if (Object.keys(r.failures).length) throw new Error(`refresh bench: failures on ${url}: ${JSON.stringify(r.failures)}`);
      return r;
    };
    await refreshRound(ctx.appUrl, 1000);
    await refreshRound(baseUrl, 1000);
    const t: WorkerResult[] = [];
    const b: WorkerResult[] = [];
    for (let i = 0; i < ctx.rounds; i++) {
      const order: [string, WorkerResult[]][] =
        i % 2 === 0
          ? [
              [ctx.appUrl, t],
              [baseUrl, b],
            ]
          : [
              [baseUrl, b],
              [ctx.appUrl, t],
            ];
      for (const [url, into] of order) into.push(await refreshRound(url, ctx.durationSeconds * 1000));
    }
    figures.push({
      name: `refresh grants (rotation, ${FAMILIES} families)`,
      target: summary(t),
      baseline: summary(b),
      ratio: 0,
      failures: mergeFailures([...t, ...b]),
    });

    const pollRound = async (url: string): Promise<WorkerResult> => {
      const devices = await pendingDeviceCodes(ctx.appUrl, DEVICE_CODES);
      return runJsonWorker<WorkerResult>('bench/workers/oauth-load.ts', {
        mode: 'poll',
        url,
        resource,
        devices,
        concurrency: ctx.connections,
      });
    };
    const pt: WorkerResult[] = [];
    const pb: WorkerResult[] = [];
    for (let i = 0; i < ctx.rounds; i++) {
      const order: [string, WorkerResult[]][] =
        i % 2 === 0
          ? [
              [ctx.appUrl, pt],
              [baseUrl, pb],
            ]
          : [
              [baseUrl, pb],
              [ctx.appUrl, pt],
            ];
      for (const [url, into] of order) into.push(await pollRound(url));
    }
    figures.push({
      name: `device polls (pending, ${DEVICE_CODES} codes)`,
      target: summary(pt),
      baseline: summary(pb),
      ratio: 0,
      failures: mergeFailures([...pt, ...pb]),
    });
  } finally {
    await baseline.stop();
  }
  for (const f of figures) f.ratio = ratio(f.target.perSecond, f.baseline.perSecond);
  ctx.print(heading(`OAuth: next start vs lib/oauth/oauth-http on bare node:http, same database (${ctx.rounds} rounds, medians)`));
  ctx.print(
    table([
      ['what', 'per s', 'base per s', 'ratio', 'p50 ms', 'base p50', 'p99 ms', 'base p99', 'failed'],
      ...figures.map((f) => [
        f.name,
        f.target.perSecond,
        f.baseline.perSecond,
        f.ratio,
        f.target.p50,
        f.baseline.p50,
        f.target.p99,
        f.baseline.p99,
        Object.values(f.failures).reduce((a, n) => a + n, 0),
      ]),
    ]),
  );
  return { figures };
}
