// The HTTP edge of /mcp: CORS, Origin check (DNS rebinding), body limits and malformed JSON are
// answered here, before the MCP server. Serving is stateless, one McpServer per request, in the two
// ways the SDK documents: 2026-07-28 traffic through its createMcpHandler (strict), 2025-era traffic
// through a per-request transport in JSON mode (isLegacyRequest decides), framed as one SSE event
// when the client prefers SSE. The body is read and parsed once, here.
import Negotiator from 'negotiator';
import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport, type AuthInfo } from '@modelcontextprotocol/server';
import { config } from '@/lib/env';
import { authenticate, resourceMetadataUrl } from './auth';
import { mcpCallBudgets, spendMcpCall } from './call-budget';
import { quoted, scopeChallengeFor } from './scope-challenge';
import { newServer } from './server';
import { tools } from './tools';
import type { AnyTool } from './define-tool';
import { BASE_HEADERS } from '@/lib/web/security-headers';

export const MAX_BODY_BYTES = 1024 * 1024;

const EXPOSED = 'WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version';

function allowedOrigins(): Set<string> {
  const c = config();
  return new Set([c.siteUrl, c.mcpBaseUrl, ...c.mcpAllowedOrigins]);
}

function originAllowed(origin: string | null): boolean {
  if (!origin) return true; // non-browser clients send none
  const allowed = allowedOrigins();
  return allowed.has('*') || allowed.has(origin);
}

function corsHeaders(origin: string | null): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin && originAllowed(origin) ? origin : '*',
    'Access-Control-Allow-Methods': 'POST, GET, DELETE, OPTIONS',
    // Mcp-Method and Mcp-Name: the 2026-07-28 revision's request headers (a browser client sends them on every POST).
    'Access-Control-Allow-Headers':
      'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Session-Id, Last-Event-ID',
    'Access-Control-Expose-Headers': EXPOSED,
    'Access-Control-Max-Age': '86400',
    Vary: 'Origin',
  };
}

function jsonRpcError(status: number, code: number, message: string, origin: string | null): Response {
  return Response.json({ jsonrpc: '2.0', id: null, error: { code, message } }, { status, headers: corsHeaders(origin) });
}

const TOOLS_BY_NAME = new Map(tools.map((t) => [t.name, t]));

/** The tool a single `tools/call` message names, when it is one of ours. */
function calledTool(body: unknown): AnyTool | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { method, params } = body as { method?: unknown; params?: { name?: unknown } };
  return method === 'tools/call' && typeof params?.name === 'string' ? TOOLS_BY_NAME.get(params.name) : undefined;
}

/** The tool each request in flight calls, for the handler's factory (which is handed the request). */
const toolOfRequest = new WeakMap<Request, AnyTool>();

const modern = createMcpHandler(({ requestInfo }) => newServer(requestInfo && toolOfRequest.get(requestInfo)), { legacy: 'reject' });

/**
 * One 2025-era JSON-RPC exchange. The transport answers in JSON mode (one buffered body, no stream
 * to pipe); a client that prefers SSE gets that answer as the single event the SDK's SSE mode would
 * have streamed (`event: message`, `data: <message>`): a stateless server sends nothing else.
 */
async function serveLegacy(
  request: Request,
  authInfo: AuthInfo,
  parsedBody: unknown,
  sse: boolean,
  only: AnyTool | undefined,
): Promise<Response> {
  const server = newServer(only);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const res = await transport.handleRequest(request, { authInfo, parsedBody });
    if (!sse || res.status !== 200 || !(res.headers.get('content-type') ?? '').startsWith('application/json')) return res;
    const headers = new Headers(res.headers);
    headers.set('Content-Type', 'text/event-stream');
    headers.set('Cache-Control', 'no-cache');
    return new Response(`event: message\ndata: ${await res.text()}\n\n`, { status: 200, headers });
  } finally {
    void transport.close().catch(() => undefined);
    void server.close().catch(() => undefined);
  }
}

/** Every answer of /mcp carries CORS and the base security headers (proxy.ts does not run here). */
function withCors(res: Response, origin: string | null): Response {
  for (const [k, v] of Object.entries({ ...corsHeaders(origin), ...BASE_HEADERS })) res.headers.set(k, v);
  return res;
}

/**
 * A client that prefers JSON (or accepts only JSON) gets a JSON body; the MCP handler itself always
 * streams one SSE event per POST, so that event is unwrapped here. Ties go to SSE, the handler's default.
 */
function wantsJson(accept: string | null): boolean {
  if (!accept) return false;
  const pick = (header: string) => new Negotiator({ headers: { accept: header } }).mediaType(['text/event-stream', 'application/json']);
  // Negotiator breaks q ties by the client's order; reading the ranges reversed tells a tie from a preference.
  const reversed = accept.split(',').reverse().join(',');
  return pick(accept) === 'application/json' && pick(reversed) === 'application/json';
}

async function sseToJson(res: Response): Promise<Response> {
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) return res;
  const messages = (await res.text())
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => JSON.parse(line.slice(5)) as { id?: unknown });
  // The answer is the message carrying a request id; notifications sent before it are dropped.
  const answer = messages.findLast((m) => m.id !== undefined) ?? messages.at(-1);
  const headers = new Headers(res.headers);
  headers.set('Content-Type', 'application/json');
  headers.delete('Content-Length');
  if (!answer) return new Response(null, { status: 202, headers });
  return new Response(JSON.stringify(answer), { status: res.status, headers });
}

/** HTTP 403 with a step-up challenge; the JSON-RPC error says the same in words for agents that read it. */
function insufficientScope(body: unknown, lacking: NonNullable<ReturnType<typeof scopeChallengeFor>>): Response {
  const id = !Array.isArray(body) && body && typeof body === 'object' && 'id' in body ? (body as { id: unknown }).id : null;
  const header = `Bearer error="insufficient_scope", scope=${quoted(lacking.scopes.join(' '))}, resource_metadata=${quoted(resourceMetadataUrl())}, error_description=${quoted(lacking.description)}`;
  return Response.json(
    {
      jsonrpc: '2.0',
      id: id ?? null,
      error: {
        code: -32003,
        message: lacking.description,
        data: { error: 'insufficient_scope', scope: lacking.missing, tool: lacking.tool },
      },
    },
    { status: 403, headers: { 'WWW-Authenticate': header } },
  );
}

/** 429 for a spent call budget (lib/mcp/call-budget.ts): the status and a JSON-RPC error an agent can act on. */
function rateLimited(body: unknown, budget: 'grant' | 'person' | undefined, retryAfterSeconds: number): Response {
  const id = !Array.isArray(body) && body && typeof body === 'object' && 'id' in body ? (body as { id: unknown }).id : null;
  // The budget in force (a test server may lower it), so the number told is the one that refused.
  const budgets = mcpCallBudgets();
  const whose =
    budget === 'person'
      ? `this person's agents together (${budgets.person.limit} calls a minute)`
      : `this agent connection (${budgets.grant.limit} calls a minute)`;
  const message = `Rate limited: too many calls from ${whose}. Wait ${retryAfterSeconds} seconds, then retry this call once; do not call tools in a tight loop.`;
  return Response.json(
    {
      jsonrpc: '2.0',
      id: id ?? null,
      error: { code: -32029, message, data: { error: 'rate_limited', retryAfterSeconds, budget: budget ?? 'grant' } },
    },
    { status: 429, headers: { 'Retry-After': String(retryAfterSeconds) } },
  );
}

/**
 * One request to /mcp. `req` carries method, URL and headers; `readBody` reads the body once, when
 * it is needed (null when it is over MAX_BODY_BYTES).
 */
export async function handleMcpRequest(req: Request, readBody: () => Promise<string | null>): Promise<Response> {
  const origin = req.headers.get('origin');
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders(origin) });
  if (!originAllowed(origin)) return jsonRpcError(403, -32600, `Origin ${origin} is not allowed to call this server.`, origin);
  if (req.method !== 'POST') {
    return withCors(
      new Response(
        JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32000, message: 'Method not allowed: this server is stateless; send JSON-RPC with POST.' },
        }),
        {
          status: 405,
          headers: { Allow: 'POST, OPTIONS', 'Content-Type': 'application/json' },
        },
      ),
      origin,
    );
  }
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) return jsonRpcError(413, -32600, `Request body too large: the limit is ${MAX_BODY_BYTES} bytes.`, origin);
  const body = await readBody();
  if (body === null || Buffer.byteLength(body) > MAX_BODY_BYTES)
    return jsonRpcError(413, -32600, `Request body too large: the limit is ${MAX_BODY_BYTES} bytes.`, origin);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return jsonRpcError(400, -32700, 'Parse error: the body is not valid JSON.', origin);
  }
  const json = wantsJson(req.headers.get('accept'));
  const headers = new Headers(req.headers);
  if (json) headers.set('Accept', 'application/json, text/event-stream');
  const auth = await authenticate(req);
  if (!auth.ok) return withCors(auth.response, origin);
  const extra = auth.info.extra as { grantId: string; userId: string };
  const budget = await spendMcpCall(extra.grantId, extra.userId);
  if (!budget.allowed) return withCors(rateLimited(parsed, budget.budget, budget.retryAfterSeconds), origin);
  const lacking = scopeChallengeFor(parsed, auth.info.scopes, tools, req.headers.get('mcp-protocol-version'));
  if (lacking) return withCors(insufficientScope(parsed, lacking), origin);
  // The parsed body travels beside a body-less request: nothing downstream reads the stream again.
  const forwarded = new Request(req.url, { method: 'POST', headers, signal: req.signal });
  const only = calledTool(parsed);
  if (await isLegacyRequest(forwarded, parsed)) return withCors(await serveLegacy(forwarded, auth.info, parsed, !json, only), origin);
  if (only) toolOfRequest.set(forwarded, only);
  const res = await modern.fetch(forwarded, { authInfo: auth.info, parsedBody: parsed });
  return withCors(json ? await sseToJson(res) : res, origin);
}
