// MCP: tools/call get_account and list_workouts through /mcp (next start, every tool registered)
// against two baselines: the protocol floor (the SDK's stateless handler answering get_account from
// memory on bare node:http) and, on PostgreSQL, a bare SDK handler making the same database queries.
// Also one connection's latency (sequential calls) and the size of tools/list. With --against=DIR (a
// checkout of another commit with its own bench build), that checkout's app runs beside this one on a
// fresh database of the same engine, and each round measures both apps and the floor back to back
// (againstSideBySide): the comparison with the commit before that issue 35 asks for, without the minutes
// between two separate runs, in which this machine's speed moved by up to a quarter.
import { callToolRequest } from '../../harness/mcp';
import { PROTOCOL, subscribedPerson, tool } from '../lib/agents';
import {
  againstSideBySide,
  COMPARISON_HEADER,
  comparisonRow,
  sequentialLatency,
  sideBySide,
  type AgainstComparison,
  type Comparison,
  type SequentialLatency,
} from '../lib/load';
import { freshDatabaseEnv, startServer, type RunningServer } from '../../harness/server';
import { runJsonWorker, startChild, TSX, TSX_ARGS } from '../lib/processes';
import { heading, table } from '../lib/stats';
import type { BenchContext } from '../lib/context';

const WORKOUTS = 15;
const TOOLS = ['get_account', 'list_workouts'] as const;
const SEQUENTIAL_CALLS = 500;

export type McpResults = {
  database: string;
  /** Null on PGlite: the same-query baseline shares the app's database, which PGlite cannot. */
  comparisons: Comparison[] | null;
  floor: Comparison[];
  oneConnection: { tool: string; app: SequentialLatency; floor: SequentialLatency }[];
  workoutsListed: number;
  /** --against: this checkout and the other, interleaved per round with the floor. */
  against: { root: string; comparisons: AgainstComparison[] } | null;
  catalogue: { tools: number; bytes: number; estimatedTokens: number };
};

/**
 * A subscribed person with WORKOUTS sessions inside list_workouts' default window, made through `appUrl`'s
 * tools; signed up and subscribed by this checkout's harness, or by `root`'s (another checkout: --against).
 */
async function personWithWorkouts(appUrl: string, root?: string) {
  const me = root
    ? await runJsonWorker<{ accessToken: string }>('bench/workers/other-person.ts', { baseUrl: appUrl }, {}, root)
    : await subscribedPerson(appUrl, 'bench-mcp');
  const today = new Date();
  for (let i = 0; i < WORKOUTS; i++) {
    // Inside list_workouts' default window (the last 14 days and the next 7).
    const date = new Date(today.getTime() - (i - 5) * 86_400_000).toISOString().slice(0, 10);
    await tool(appUrl, me.accessToken, 'create_workout', {
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
      notes: `bench workout ${i}`,
    });
  }
  // The app must really answer the calls (a tool error is a 200 too).
  const account = await tool<{ subscription: { status: string } }>(appUrl, me.accessToken, 'get_account');
  if (account.subscription.status !== 'active')
    throw new Error(`mcp bench: the app at ${appUrl} sees the subscription as ${account.subscription.status}`);
  const list = await tool<{ workouts: unknown[] }>(appUrl, me.accessToken, 'list_workouts');
  if (list.workouts.length !== WORKOUTS)
    throw new Error(`mcp bench: the app at ${appUrl} listed ${list.workouts.length} workouts, expected ${WORKOUTS}`);
  return { me, workoutsListed: list.workouts.length };
}

/** A tools/call of `name` by `accessToken`'s person against `appUrl`/mcp, as load. */
function toolSpec(ctx: BenchContext, appUrl: string, accessToken: string, name: string) {
  return {
    method: 'POST' as const,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${accessToken}`,
      'mcp-protocol-version': PROTOCOL,
    },
    body: JSON.stringify(callToolRequest(name)),
    url: `${appUrl}/mcp`,
    connections: ctx.connections,
    durationSeconds: ctx.durationSeconds,
  };
}

/** The other checkout's app (--against) on a fresh database of this section's engine, with its person. */
async function startAgainst(ctx: BenchContext, database: string) {
  const { root, port } = ctx.against!;
  ctx.log(`mcp (${database}): ${root}'s build on port ${port}, a subscribed person with workouts`);
  // The engine of the app it is measured beside (ctx.cluster is unset on PGlite).
  const db = await freshDatabaseEnv({ pglite: !ctx.cluster });
  let server: RunningServer | undefined;
  try {
    server = await startServer({ root, port, env: { ...db.env, PACEWISE_SEED: '0' } });
    const { me } = await personWithWorkouts(server.url, root);
    const running = server;
    let stopped: Promise<void> | undefined;
    return {
      spec: (name: string) => toolSpec(ctx, running.url, me.accessToken, name),
      stop: () => (stopped ??= running.stop().then(() => db.cleanup())),
    };
  } catch (error) {
    await server?.stop();
    await db.cleanup();
    throw error;
  }
}

export async function benchMcp(ctx: BenchContext, database: string): Promise<McpResults> {
  ctx.log(`mcp (${database}): a subscribed person with workouts`);
  const { me, workoutsListed } = await personWithWorkouts(ctx.appUrl);
  const appSpec = (name: string) => toolSpec(ctx, ctx.appUrl, me.accessToken, name);

  let comparisons: Comparison[] | null = null;
  if (ctx.cluster) {
    const baseline = await startChild(TSX, [...TSX_ARGS, 'bench/baselines/mcp-server.ts', String(ctx.ports.mcpBaseline)], ctx.appEnv);
    const baseUrl = `http://127.0.0.1:${ctx.ports.mcpBaseline}`;
    comparisons = [];
    try {
      const check = await tool<{ workouts: unknown[] }>(baseUrl, me.accessToken, 'list_workouts');
      if (check.workouts.length !== WORKOUTS)
        throw new Error(`mcp bench: the same-query baseline listed ${check.workouts.length} workouts`);
      for (const name of TOOLS) {
        const c = await sideBySide(`tools/call ${name}`, appSpec(name), { ...appSpec(name), url: `${baseUrl}/mcp` }, ctx.rounds);
        comparisons.push(c);
        ctx.log(`  ${name}: ${c.target.rps} calls/s vs ${c.baseline.rps} (${c.ratio}x)`);
      }
    } finally {
      await baseline.stop();
    }
  }

  // The protocol floor: get_account from memory, no token, no database.
  const floorServer = await startChild(TSX, [...TSX_ARGS, 'bench/baselines/mcp-floor.ts', String(ctx.ports.mcpFloor)], ctx.appEnv);
  const floorSpec = {
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': PROTOCOL },
    body: JSON.stringify(callToolRequest('get_account')),
    url: `http://127.0.0.1:${ctx.ports.mcpFloor}/mcp`,
    connections: ctx.connections,
    durationSeconds: ctx.durationSeconds,
  };
  const floor: Comparison[] = [];
  const oneConnection: McpResults['oneConnection'] = [];
  let againstRun: Awaited<ReturnType<typeof startAgainst>> | undefined;
  const againstComparisons: AgainstComparison[] = [];
  try {
    if (ctx.against) againstRun = await startAgainst(ctx, database);
    for (const name of TOOLS) {
      if (againstRun) {
        const a = await againstSideBySide(`tools/call ${name}`, appSpec(name), againstRun.spec(name), floorSpec, ctx.rounds);
        againstComparisons.push(a);
        // The usual row, from the same rounds: this checkout against the floor.
        floor.push({
          name: `tools/call ${name} vs floor`,
          target: a.now,
          baseline: a.floor,
          ratio: a.nowRatio,
          targetFailures: a.failures,
          baselineFailures: 0,
        });
        ctx.log(`  ${name}: ${a.now.rps} calls/s (${a.nowRatio}x), against ${a.against.rps} (${a.againstRatio}x), floor ${a.floor.rps}`);
        continue;
      }
      const c = await sideBySide(`tools/call ${name} vs floor`, appSpec(name), floorSpec, ctx.rounds);
      floor.push(c);
      ctx.log(`  ${name} vs protocol floor: ${c.target.rps} calls/s vs ${c.baseline.rps} (${c.ratio}x)`);
    }
    await againstRun?.stop();
    for (const name of TOOLS) {
      const app = await sequentialLatency(appSpec(name), SEQUENTIAL_CALLS);
      const base = await sequentialLatency(floorSpec, SEQUENTIAL_CALLS);
      oneConnection.push({ tool: name, app, floor: base });
      ctx.log(`  ${name} at one connection: p50 ${app.p50} ms (floor ${base.p50} ms)`);
    }
  } finally {
    await againstRun?.stop().catch(() => undefined);
    await floorServer.stop();
  }

  // What an agent holds in context on every turn: the whole tools/list, compact JSON.
  const listed = await fetch(`${ctx.appUrl}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${me.accessToken}`,
      'mcp-protocol-version': PROTOCOL,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  const result = ((await listed.json()) as { result: { tools: unknown[] } }).result;
  const bytes = Buffer.byteLength(JSON.stringify(result));
  // About 4 bytes of JSON per token for English-heavy schemas (the 124 KB was measured as ~31k tokens).
  const catalogue = { tools: result.tools.length, bytes, estimatedTokens: Math.round(bytes / 4) };
  ctx.print(heading(`MCP catalogue (${database}): tools/list, compact JSON`));
  ctx.print(
    `${catalogue.tools} tools, ${(bytes / 1024).toFixed(1)} KB, about ${catalogue.estimatedTokens.toLocaleString('en')} tokens (target <= 52 KB)`,
  );
  const calls = COMPARISON_HEADER.map((h) => h.replace('req/s', 'calls/s'));
  if (comparisons) {
    ctx.print(
      heading(
        `MCP on ${database}: /mcp (next start) vs bare @modelcontextprotocol/server stateless handler, same queries (${ctx.connections} connections, ${ctx.rounds} x ${ctx.durationSeconds}s, medians; list_workouts returns ${workoutsListed})`,
      ),
    );
    ctx.print(table([calls, ...comparisons.map(comparisonRow)]));
  }
  ctx.print(
    heading(
      `MCP on ${database}: /mcp (next start) vs the protocol floor, the SDK's stateless handler answering get_account from memory on bare node:http (targets: get_account >= 0.25x, list_workouts >= 0.15x)`,
    ),
  );
  ctx.print(table([calls, ...floor.map(comparisonRow)]));
  if (ctx.against) {
    ctx.print(
      heading(
        `MCP on ${database}: this checkout vs ${ctx.against.root} (its bench build), both and the floor back to back each round (${ctx.rounds} x ${ctx.durationSeconds}s); ratios to the floor of the same round`,
      ),
    );
    const range = (xs: number[]) => `${Math.min(...xs)}-${Math.max(...xs)}`;
    const placed = (value: number, xs: number[]) => (value < Math.min(...xs) ? 'BELOW' : value > Math.max(...xs) ? 'above' : 'inside');
    ctx.print(
      table([
        [
          'what',
          'calls/s',
          'other calls/s',
          'floor calls/s',
          'ratio',
          'other ratio',
          'rounds',
          'other rounds',
          'vs other rounds',
          'failed',
        ],
        ...againstComparisons.map((a) => [
          a.name,
          a.now.rps,
          a.against.rps,
          a.floor.rps,
          a.nowRatio,
          a.againstRatio,
          range(a.nowRoundRatios),
          range(a.againstRoundRatios),
          placed(a.nowRatio, a.againstRoundRatios),
          a.failures,
        ]),
      ]),
    );
  }
  ctx.print(heading(`MCP on ${database}: one connection, ${SEQUENTIAL_CALLS} sequential calls (target on PostgreSQL: p50 <= 5 ms)`));
  ctx.print(
    table([
      ['what', 'p50 ms', 'p99 ms', 'floor p50 ms', 'floor p99 ms'],
      ...oneConnection.map((o) => [`tools/call ${o.tool}`, o.app.p50, o.app.p99, o.floor.p50, o.floor.p99]),
    ]),
  );
  return {
    database,
    comparisons,
    floor,
    oneConnection,
    workoutsListed,
    against: ctx.against ? { root: ctx.against.root, comparisons: againstComparisons } : null,
    catalogue,
  };
}
