// MCP: tools/call get_account and list_workouts through /mcp (Next.js, mcp-handler, every tool
// registered) vs a bare SDK stateless handler on node:http making the same database queries.
import { callToolRequest } from '../../tests/support/mcp';
import { PROTOCOL, subscribedPerson, tool } from '../lib/agents';
import { COMPARISON_HEADER, comparisonRow, sideBySide, type Comparison } from '../lib/load';
import { startChild, TSX, TSX_ARGS } from '../lib/processes';
import { heading, table } from '../lib/stats';
import type { BenchContext } from '../lib/context';

const WORKOUTS = 15;

export async function benchMcp(ctx: BenchContext): Promise<{ comparisons: Comparison[]; floor: Comparison[]; workoutsListed: number; catalogue: { tools: number; bytes: number; estimatedTokens: number } }> {
  ctx.log('mcp: a subscribed person with workouts');
  const me = await subscribedPerson(ctx.appUrl, 'bench-mcp');
  const today = new Date();
  for (let i = 0; i < WORKOUTS; i++) {
    // Inside list_workouts' default window (the last 14 days and the next 7).
    const date = new Date(today.getTime() - (i - 5) * 86_400_000).toISOString().slice(0, 10);
    await tool(ctx.appUrl, me.accessToken, 'create_workout', {
      date,
      strength: [{ exercise: 'back-squat', sets: [{ reps: 5, load: 60 + i }, { reps: 5, load: 60 + i }, { reps: 5, load: 60 + i }] }],
      notes: `bench workout ${i}`,
    });
  }

  const baseline = await startChild(TSX, [...TSX_ARGS, 'bench/baselines/mcp-server.ts', String(ctx.ports.mcpBaseline)], ctx.appEnv);
  const baseUrl = `http://127.0.0.1:${ctx.ports.mcpBaseline}`;
  const comparisons: Comparison[] = [];
  let workoutsListed = 0;
  try {
    // Both servers must really answer the calls (a tool error is a 200 too).
    for (const url of [ctx.appUrl, baseUrl]) {
      const account = await tool<{ subscription: { status: string } }>(url, me.accessToken, 'get_account');
      if (account.subscription.status !== 'active') throw new Error(`mcp bench: ${url} sees the subscription as ${account.subscription.status}`);
      const list = await tool<{ workouts: unknown[] }>(url, me.accessToken, 'list_workouts');
      if (list.workouts.length !== WORKOUTS) throw new Error(`mcp bench: ${url} listed ${list.workouts.length} workouts, expected ${WORKOUTS}`);
      workoutsListed = list.workouts.length;
    }
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${me.accessToken}`,
      'mcp-protocol-version': PROTOCOL,
    };
    for (const name of ['get_account', 'list_workouts']) {
      const spec = { method: 'POST' as const, headers, body: JSON.stringify(callToolRequest(name)), connections: ctx.connections, durationSeconds: ctx.durationSeconds };
      const c = await sideBySide(`tools/call ${name}`, { ...spec, url: `${ctx.appUrl}/mcp` }, { ...spec, url: `${baseUrl}/mcp` }, ctx.rounds);
      comparisons.push(c);
      ctx.log(`  ${name}: ${c.target.rps} calls/s vs ${c.baseline.rps} (${c.ratio}x)`);
    }
  } finally {
    await baseline.stop();
  }

  // The second baseline: the protocol floor (get_account from memory, no token, no database).
  const floorServer = await startChild(TSX, [...TSX_ARGS, 'bench/baselines/mcp-floor.ts', String(ctx.ports.mcpFloor)], ctx.appEnv);
  const floorUrl = `http://127.0.0.1:${ctx.ports.mcpFloor}/mcp`;
  const floor: Comparison[] = [];
  try {
    const floorSpec = {
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': PROTOCOL },
      body: JSON.stringify(callToolRequest('get_account')),
      connections: ctx.connections,
      durationSeconds: ctx.durationSeconds,
    };
    const appHeaders = { ...floorSpec.headers, authorization: `Bearer ${me.accessToken}` };
    for (const name of ['get_account', 'list_workouts']) {
      const target = { ...floorSpec, headers: appHeaders, body: JSON.stringify(callToolRequest(name)), url: `${ctx.appUrl}/mcp` };
      const c = await sideBySide(`tools/call ${name} vs floor`, target, { ...floorSpec, url: floorUrl }, ctx.rounds);
      floor.push(c);
      ctx.log(`  ${name} vs protocol floor: ${c.target.rps} calls/s vs ${c.baseline.rps} (${c.ratio}x)`);
    }
  } finally {
    await floorServer.stop();
  }
  // What an agent holds in context on every turn: the whole tools/list, compact JSON.
  const listed = await fetch(`${ctx.appUrl}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${me.accessToken}`, 'mcp-protocol-version': PROTOCOL },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  const result = ((await listed.json()) as { result: { tools: unknown[] } }).result;
  const bytes = Buffer.byteLength(JSON.stringify(result));
  // About 4 bytes of JSON per token for English-heavy schemas (the 124 KB was measured as ~31k tokens).
  const catalogue = { tools: result.tools.length, bytes, estimatedTokens: Math.round(bytes / 4) };
  ctx.print(heading('MCP catalogue: tools/list, compact JSON'));
  ctx.print(`${catalogue.tools} tools, ${(bytes / 1024).toFixed(1)} KB, about ${catalogue.estimatedTokens.toLocaleString('en')} tokens (target <= 48 KB)`);
  ctx.print(heading(`MCP: /mcp (next start) vs bare @modelcontextprotocol/server stateless handler, same queries (${ctx.connections} connections, ${ctx.rounds} x ${ctx.durationSeconds}s, medians; list_workouts returns ${workoutsListed})`));
  ctx.print(table([COMPARISON_HEADER.map((h) => h.replace('req/s', 'calls/s')), ...comparisons.map(comparisonRow)]));
  ctx.print(heading(`MCP: /mcp (next start) vs the protocol floor: the SDK's stateless handler answering get_account from memory on bare node:http (targets: get_account >= 0.25x, list_workouts >= 0.15x)`));
  ctx.print(table([COMPARISON_HEADER.map((h) => h.replace('req/s', 'calls/s')), ...floor.map(comparisonRow)]));
  return { comparisons, floor, workoutsListed, catalogue };
}
