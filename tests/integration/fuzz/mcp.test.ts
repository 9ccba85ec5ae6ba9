// @module-tag engine-parity
// Fuzzing /mcp: the HTTP transport edge, JSON-RPC envelopes, and hostile arguments to every tool in
// tools/list, as a subscribed person. No 5xx, every reply well-formed, and a rejected write leaves
// the person's data (everything the read tools show) exactly as it was. FUZZ_SCALE multiplies the runs.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCEPT_BOTH, readReply } from '../../../harness/mcp';
import {
  InputCounter,
  type Body,
  contentTypes,
  expectHealthy,
  hostileBody,
  hostileJson,
  hostileString,
  runs,
} from '../../../harness/hostile';
import { PROTOCOL, callTool, subscribedPerson, type Connected } from '../../../harness/people';
import { personSnapshot, type ListedTool } from './snapshot';

const baseUrl = inject('baseUrl');
const counter = new InputCounter();
let me: Connected;
let tools: ListedTool[];

beforeAll(async () => {
  me = await subscribedPerson(baseUrl, 'fuzz-mcp');
  const res = await fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: ACCEPT_BOTH,
      authorization: `Bearer ${me.accessToken}`,
      'mcp-protocol-version': PROTOCOL,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  tools = ((await readReply(res)).json as { result: { tools: ListedTool[] } }).result.tools;
  expect(tools.length).toBeGreaterThan(5);
});

afterAll(() => console.log(counter.report('mcp')));

async function post(body: Body, headers: Record<string, string>, method = 'POST') {
  const res = await fetch(`${baseUrl}/mcp`, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body });
  return readReply(res);
}

describe('/mcp transport edge', () => {
  it('hostile bodies, content types, Accept and protocol headers never give a 5xx', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileBody,
        contentTypes,
        fc.constantFrom(ACCEPT_BOTH, 'application/json', 'text/event-stream', 'text/html', '*/*', ''),
        fc.constantFrom(PROTOCOL, '2025-06-18', '2026-07-28', '1999-01-01', 'x', ''),
        fc.constantFrom('valid', 'none', 'garbage', 'huge'),
        fc.constantFrom('POST', 'POST', 'POST', 'GET', 'DELETE', 'PUT', 'PATCH', 'OPTIONS'),
        async (body, contentType, accept, version, auth, method) => {
          const headers: Record<string, string> = {};
          if (contentType) headers['content-type'] = contentType;
          if (accept) headers.accept = accept;
          if (version) headers['mcp-protocol-version'] = version;
          if (auth === 'valid') headers.authorization = `Bearer ${me.accessToken}`;
          if (auth === 'garbage') headers.authorization = "Bearer ' OR 1=1 --";
          if (auth === 'huge') headers.authorization = `Bearer ${'x'.repeat(8000)}`;
          const reply = await post(body, headers, method);
          counter.count(`${method} /mcp`);
          expect(reply.status, `${method} ${String(body).slice(0, 100)}`).toBeLessThan(500);
        },
      ),
      { numRuns: runs(120) },
    );
    await expectHealthy(baseUrl);
  });

  it('JSON-RPC edge cases (ids, versions, methods, params, batches) never give a 5xx', { timeout: 120_000 }, async () => {
    const id = fc.oneof(
      fc.integer(),
      fc.double(),
      fc.constantFrom(null, '', 'x'.repeat(5000), 0, -1),
      hostileString,
      fc.array(fc.integer(), { maxLength: 2 }),
      fc.object({ maxDepth: 1 }),
    );
    const method = fc.constantFrom(
      'initialize',
      'tools/list',
      'tools/call',
      'ping',
      'notifications/initialized',
      'resources/list',
      'prompts/list',
      'logging/setLevel',
      'completion/complete',
      'server/discover',
      'rpc.discover',
      '',
      '__proto__',
      'tools/list/../call',
    );
    const envelope = fc.record(
      {
        jsonrpc: fc.constantFrom('2.0', '1.0', 2, null, ''),
        id,
        method: fc.oneof(method, hostileString),
        params: fc.oneof(hostileJson, fc.constant({ name: 'get_account', arguments: {} })),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 4, arbitrary: envelope }, { weight: 1, arbitrary: fc.array(envelope, { maxLength: 5 }) }),
        async (msg) => {
          const reply = await post(JSON.stringify(msg), {
            'content-type': 'application/json',
            accept: ACCEPT_BOTH,
            authorization: `Bearer ${me.accessToken}`,
            'mcp-protocol-version': PROTOCOL,
          });
          counter.count('POST /mcp JSON-RPC');
          expect(reply.status, JSON.stringify(msg).slice(0, 300)).toBeLessThan(500);
          if (reply.status === 200 && reply.json !== undefined) {
            const replies = Array.isArray(reply.json) ? reply.json : [reply.json];
            for (const r of replies) expect((r as { jsonrpc?: unknown }).jsonrpc).toBe('2.0');
          }
        },
      ),
      { numRuns: runs(120) },
    );
    await expectHealthy(baseUrl);
  });
});

describe('tools/call with hostile arguments', () => {
  it('every tool answers a result or a tool error, and rejected writes change nothing', { timeout: 180_000 }, async () => {
    const names = tools.map((t) => t.name).filter((n) => n !== 'get_payment_checkout_link');
    const argsFor = (t: ListedTool): fc.Arbitrary<unknown> => {
      const keys = Object.keys(t.inputSchema?.properties ?? {});
      const object = fc.record(Object.fromEntries([...keys.map((k) => [k, hostileJson] as const), ['__extra', hostileJson] as const]), {
        requiredKeys: [],
      });
      return fc.oneof({ weight: 6, arbitrary: object }, { weight: 1, arbitrary: hostileJson });
    };
    const call = fc.oneof(
      {
        weight: 8,
        arbitrary: fc.constantFrom(...names).chain((name) => argsFor(tools.find((t) => t.name === name)!).map((args) => ({ name, args }))),
      },
      { weight: 1, arbitrary: fc.record({ name: hostileString, args: hostileJson }) },
    );
    const snapshot = () => personSnapshot(baseUrl, me.accessToken, tools);
    let before = await snapshot();
    let accepted = 0;
    let rejected = 0;
    const BATCH = 10;
    await fc.assert(
      fc.asyncProperty(fc.array(call, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        let wrote = false;
        for (const { name, args } of batch) {
          const reply = await callTool(baseUrl, me.accessToken, name, args);
          counter.count(`tools/call ${tools.some((t) => t.name === name) ? name : '(unknown tool)'}`);
          expect(reply.status, `${name} ${JSON.stringify(args).slice(0, 300)}`).toBeLessThan(500);
          expect(reply.status).toBe(200);
          if (reply.isError) {
            rejected++;
            // A tool error names its cause (a code and a message), never a stack trace or a database
            // error of ours. (It may echo the caller's own hostile text, e.g. an unknown key's name.)
            expect(reply.raw).not.toMatch(/at .*\.(js|ts):\d+|PrismaClient|Invalid `prisma|DriverAdapterError/);
          } else {
            accepted++;
            if (!tools.find((t) => t.name === name)?.annotations?.readOnlyHint) wrote = true;
          }
        }
        const after = await snapshot();
        if (!wrote)
          expect(after, `a batch of rejected writes changed the person's data: ${JSON.stringify(batch).slice(0, 500)}`).toEqual(before);
        before = after;
      }),
      { numRuns: runs(12) },
    );
    console.log(`fuzz mcp tools: ${rejected} calls rejected, ${accepted} accepted`);
    expect(rejected).toBeGreaterThan(0);
    await expectHealthy(baseUrl);
  });
});
