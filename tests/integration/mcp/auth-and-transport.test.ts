// /mcp at the HTTP level: every request needs a database-checked bearer token; the transport edge
// answers CORS, Origin, size, JSON and protocol-version problems without a 500.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { newPerson, signUp } from '../../../harness/accounts';
import { obtainAccessToken } from '../../../harness/oauth';
import { callToolRequest, initializeRequest, rpc } from '../../../harness/mcp';

const baseUrl = inject('baseUrl');
const PRM = `${baseUrl}/.well-known/oauth-protected-resource/mcp`;
let token: string;
const person = newPerson('transport');

beforeAll(async () => {
  // The sign-up's browser is signed in already: it approves the device (no second argon2 sign-in).
  const session = await signUp(baseUrl, person);
  token = (await obtainAccessToken(baseUrl, { ...person, session })).accessToken;
});

describe('authentication', () => {
  it.each([
    ['no Authorization header', undefined],
    ['an unknown token', 'x'.repeat(43)],
    ['a malformed token', 'not a token'],
  ])('%s -> 401 invalid_token pointing at the protected resource metadata', async (_name, bad) => {
    const reply = await rpc(baseUrl, { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }, { token: bad });
    expect(reply.status).toBe(401);
    const challenge = reply.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain('error="invalid_token"');
    expect(challenge).toMatch(/error_description="[^"]+"/);
    expect(challenge).toContain(`resource_metadata="${PRM}"`);
    expect(reply.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
  });

  it('the protected resource metadata names the tool URL byte for byte', async () => {
    const doc = (await (await fetch(PRM)).json()) as { resource: string; authorization_servers: string[] };
    expect(doc.resource).toBe(`${baseUrl}/mcp`);
    expect(doc.authorization_servers).toEqual([baseUrl]);
  });

  it('a valid token is accepted', async () => {
    const reply = await rpc(baseUrl, initializeRequest('2025-11-25'), { token });
    expect(reply.status).toBe(200);
  });
});

describe('transport', () => {
  // The coaching clock's header (lib/clock.ts; the test server runs with PACEWISE_TEST_CLOCK=1). What
  // an accepted instant does to a tool's "today" is the service tier's: tests/service/coaching/clock.test.ts.
  it('takes the test clock header as an instant with a zone, and refuses anything else naming the fix', async () => {
    const send = (now: string) =>
      rpc(
        baseUrl,
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { token, headers: { 'mcp-protocol-version': '2025-11-25', 'pacewise-test-now': now } },
      );
    expect((await send('2027-02-15T23:30:00-05:00')).status).toBe(200);
    const refused = await send('2027-02-14');
    expect(refused.status).toBe(400);
    expect(refused.raw).toMatch(/RFC 3339 instant with a zone/);
  });

  it('answers a CORS preflight without auth, exposing WWW-Authenticate and Mcp-Session-Id', async () => {
    const res = await fetch(`${baseUrl}/mcp`, {
      method: 'OPTIONS',
      headers: {
        origin: baseUrl,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    // A browser client of the 2026-07-28 revision sends these on every POST; without them the preflight fails.
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Mcp-Method/);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Mcp-Name/);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Mcp-Protocol-Version/);
    expect(res.headers.get('access-control-expose-headers')).toMatch(/WWW-Authenticate/);
    expect(res.headers.get('access-control-expose-headers')).toMatch(/Mcp-Session-Id/);
  });

  it.each(['GET', 'DELETE'])('%s answers 405', async (method) => {
    const reply = await rpc(baseUrl, undefined, { method, token });
    expect(reply.status).toBe(405);
  });

  it('rejects a foreign Origin with 403 (DNS rebinding)', async () => {
    const reply = await rpc(baseUrl, initializeRequest('2025-11-25'), { token, headers: { origin: 'https://evil.example' } });
    expect(reply.status).toBe(403);
  });

  it('accepts its own Origin', async () => {
    const reply = await rpc(baseUrl, initializeRequest('2025-11-25'), { token, headers: { origin: baseUrl } });
    expect(reply.status).toBe(200);
  });

  it('malformed JSON -> 400 with JSON-RPC -32700', async () => {
    const reply = await rpc(baseUrl, '{"jsonrpc": "2.0", "id": 1, "method": ', { token });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
  });

  it('an oversized body -> 413', async () => {
    const huge = JSON.stringify(callToolRequest('log_body_weight', { notes: 'x'.repeat(2 * 1024 * 1024) }));
    const reply = await rpc(baseUrl, huge, { token });
    expect(reply.status).toBe(413);
  });

  it.each(['2025-06-18', '2025-11-25'])('initialize negotiates protocol %s, as SSE or JSON per Accept', async (version) => {
    expect.assertions(4 * 3);
    for (const [accept, type] of [
      ['application/json, text/event-stream', 'text/event-stream'],
      ['text/event-stream, application/json', 'text/event-stream'],
      ['application/json', 'application/json'],
      ['application/json, text/event-stream;q=0.5', 'application/json'],
    ] as const) {
      const reply = await rpc(baseUrl, initializeRequest(version), { token, accept });
      expect(reply.status, accept).toBe(200);
      expect(reply.headers.get('content-type'), accept).toMatch(new RegExp(`^${type}`));
      expect(reply.json, accept).toMatchObject({
        jsonrpc: '2.0',
        id: 1,
        result: { protocolVersion: version, serverInfo: { name: 'pacewise' } },
      });
    }
  });

  it('a client accepting both gets a tools/call answer as one SSE event, with the security and CORS headers', async () => {
    const reply = await rpc(baseUrl, callToolRequest('get_account'), {
      token,
      headers: { 'mcp-protocol-version': '2025-11-25', origin: baseUrl },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // Exactly what the SDK's SSE mode streams for a stateless exchange: one message event, then the end.
    expect(reply.raw).toMatch(/^event: message\ndata: \{.*\}\n\n$/s);
    expect(reply.raw.match(/^data:/gm)).toHaveLength(1);
    expect(reply.json).toMatchObject({ jsonrpc: '2.0', id: 3, result: { structuredContent: { email: person.email } } });
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(reply.headers.get('access-control-allow-origin')).toBe(baseUrl);
    expect(reply.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
  });

  it('a JSON-only client gets tools/call answers as JSON bodies', async () => {
    const reply = await rpc(baseUrl, callToolRequest('get_account'), {
      token,
      accept: 'application/json',
      headers: { 'mcp-protocol-version': '2025-11-25' },
    });
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.json).toMatchObject({ id: 3, result: { structuredContent: { email: person.email } } });
  });

  it('serves the 2026-07-28 revision (stateless, per-request envelope)', async () => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'pacewise-tests', version: '1.0.0' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const reply = await rpc(
      baseUrl,
      { jsonrpc: '2.0', id: 9, method: 'server/discover', params: { _meta: meta } },
      { token, headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' } },
    );
    expect(reply.status, reply.raw).toBe(200);
    expect(JSON.stringify(reply.json)).toContain('2026-07-28');
  });

  it('2026-07-28 catalogue, views and discovery say a host may reuse them for an hour, for everyone; 2025-era answers carry no hint', async () => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'pacewise-tests', version: '1.0.0' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const asks: [string, Record<string, unknown>, Record<string, string>][] = [
      ['tools/list', {}, {}],
      ['resources/list', {}, {}],
      ['server/discover', {}, {}],
      ['resources/read', { uri: 'ui://pacewise/week-plan.html' }, { 'mcp-name': 'ui://pacewise/week-plan.html' }],
    ];
    for (const [i, [method, params, headers]] of asks.entries()) {
      const reply = await rpc(
        baseUrl,
        { jsonrpc: '2.0', id: 30 + i, method, params: { ...params, _meta: meta } },
        {
          token,
          accept: 'application/json',
          headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...headers },
        },
      );
      expect(reply.status, reply.raw).toBe(200);
      expect((reply.json as { result: unknown }).result, method).toMatchObject({ ttlMs: 3_600_000, cacheScope: 'public' });
    }
    const legacy = await rpc(
      baseUrl,
      { jsonrpc: '2.0', id: 40, method: 'tools/list', params: {} },
      { token, accept: 'application/json', headers: { 'mcp-protocol-version': '2025-11-25' } },
    );
    const result = (legacy.json as { result: { tools: unknown[] } }).result;
    expect(result.tools).toHaveLength(35);
    expect(result).not.toHaveProperty('ttlMs');
    expect(result).not.toHaveProperty('cacheScope');
  });

  it('answers a 2026-07-28 tools/call, and names an unknown tool in its error', async () => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'pacewise-tests', version: '1.0.0' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const call = (name: string, id: number) =>
      rpc(
        baseUrl,
        { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {}, _meta: meta } },
        {
          token,
          accept: 'application/json',
          headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name },
        },
      );
    const reply = await call('get_account', 10);
    expect(reply.status, reply.raw).toBe(200);
    expect(reply.json).toMatchObject({ id: 10, result: { structuredContent: { email: person.email } } });
    const unknown = await call('no_such_tool', 11);
    expect(unknown.status).toBeLessThan(500);
    expect(unknown.raw).toMatch(/no_such_tool/);
  });

  it('notifications/initialized -> 202', async () => {
    const reply = await rpc(
      baseUrl,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { token, headers: { 'mcp-protocol-version': '2025-11-25' } },
    );
    expect(reply.status).toBe(202);
  });

  it('a bad MCP-Protocol-Version header -> 400', async () => {
    const reply = await rpc(
      baseUrl,
      { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
      { token, headers: { 'mcp-protocol-version': '1999-01-01' } },
    );
    expect(reply.status).toBe(400);
  });

  it('tools/list is served as JSON or SSE', async () => {
    const reply = await rpc(
      baseUrl,
      { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
      { token, headers: { 'mcp-protocol-version': '2025-11-25' } },
    );
    expect(reply.status).toBe(200);
    const result = (reply.json as { result: { tools: { name: string }[] } }).result;
    expect(result.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['get_account', 'get_profile', 'get_payment_checkout_link']));
  });

  it('an unknown tool is a JSON-RPC or tool error, never a 500', async () => {
    const reply = await rpc(baseUrl, callToolRequest('no_such_tool'), { token, headers: { 'mcp-protocol-version': '2025-11-25' } });
    expect(reply.status).toBeLessThan(500);
    const body = reply.json as { error?: { message: string }; result?: { isError: boolean } };
    expect(body.error?.message ?? JSON.stringify(body.result)).toMatch(/no_such_tool/);
  });
});
