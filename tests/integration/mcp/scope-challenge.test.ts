// Challenges a client can act on: a 401 names the scopes a new connection should ask for, and a
// tools/call outside the token's scopes is refused with HTTP 403 and an RFC 6750 insufficient_scope
// challenge before the tool runs. The challenge's scope follows the revision the client speaks
// (2026-07-28: this operation's scope only; 2025-11-25: the token's scopes plus the missing one).
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callToolRequest, rpc } from '../../../harness/mcp';
import { quickPerson, sharedServerTarget } from '../../support/direct-people';

const baseUrl = inject('baseUrl');
const ALL = 'profile:read profile:write workouts:read workouts:write integrations:read integrations:write health:read health:write';
let narrow: string;

/** The parameters of a Bearer challenge (quoted-string values). */
function challenge(header: string | null): Record<string, string> {
  expect(header).toMatch(/^Bearer /);
  return Object.fromEntries([...header!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

beforeAll(async () => {
  // A subscribed person with a narrowed token; its making is not this file's subject (tests/support/direct-people.ts).
  const person = await quickPerson(baseUrl, sharedServerTarget(), 'step-up', { profile: false });
  narrow = await person.anotherToken('narrow', ['profile:read', 'workouts:read']);
});

describe('401: what a new connection should ask for', () => {
  it.each([
    ['no token', undefined],
    ['an unknown token', 'not-a-real-token'],
  ])('%s: scope names every scope, beside resource_metadata', async (_label, token) => {
    const r = await rpc(baseUrl, callToolRequest('get_profile'), token ? { token } : {});
    expect(r.status).toBe(401);
    const c = challenge(r.headers.get('www-authenticate'));
    expect(c.error).toBe('invalid_token');
    expect(c.scope).toBe(ALL);
    expect(c.resource_metadata).toBe(`${baseUrl}/.well-known/oauth-protected-resource/mcp`);
  });
});

describe('403: a tool outside the granted scopes', () => {
  it('2025-11-25: HTTP 403 insufficient_scope naming the granted scopes plus the missing one, and the fix in words', async () => {
    const r = await rpc(baseUrl, callToolRequest('update_profile', { timezone: 'America/Denver' }, 41), {
      token: narrow,
      headers: { 'mcp-protocol-version': '2025-11-25' },
    });
    expect(r.status).toBe(403);
    const c = challenge(r.headers.get('www-authenticate'));
    expect(c.error).toBe('insufficient_scope');
    expect(c.scope!.split(' ').sort()).toEqual(['profile:read', 'profile:write', 'workouts:read']);
    expect(c.resource_metadata).toBe(`${baseUrl}/.well-known/oauth-protected-resource/mcp`);
    expect(c.error_description).toMatch(/update_profile needs the 'profile:write' scope/);
    expect(r.json).toMatchObject({
      jsonrpc: '2.0',
      id: 41,
      error: { data: { error: 'insufficient_scope', scope: 'profile:write', tool: 'update_profile' } },
    });
    expect((r.json as { error: { message: string } }).error.message).toMatch(
      /Reconnect Pacewise in your agent and approve "profile:write"/,
    );
    // Browsers on another allowed origin can read the challenge.
    expect(r.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
  });

  it('2026-07-28: the challenge names only the scope this operation needs (the client adds what it holds)', async () => {
    const r = await rpc(baseUrl, callToolRequest('log_body_weight', { weight: 80, unit: 'kg' }, 42), {
      token: narrow,
      headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' },
    });
    expect(r.status).toBe(403);
    expect(challenge(r.headers.get('www-authenticate')).scope).toBe('profile:write');
  });

  it('nothing ran: the refused write changed nothing', async () => {
    const before = await rpc(baseUrl, callToolRequest('get_profile', {}, 43), { token: narrow, accept: 'application/json' });
    await rpc(baseUrl, callToolRequest('update_profile', { timezone: 'Asia/Tokyo' }, 44), { token: narrow });
    const after = await rpc(baseUrl, callToolRequest('get_profile', {}, 45), { token: narrow, accept: 'application/json' });
    expect(before.status).toBe(200);
    const tz = (reply: typeof before) =>
      (reply.json as { result: { structuredContent: { profile: { timezone: string | null } } } }).result.structuredContent.profile.timezone;
    expect(tz(after)).toBe(tz(before));
    expect(tz(after)).not.toBe('Asia/Tokyo');
  });

  it('calls inside the granted scopes, tools/list and unknown tools are not challenged', async () => {
    expect((await rpc(baseUrl, callToolRequest('list_workouts', {}, 46), { token: narrow })).status).toBe(200);
    expect((await rpc(baseUrl, { jsonrpc: '2.0', id: 47, method: 'tools/list', params: {} }, { token: narrow })).status).toBe(200);
    expect((await rpc(baseUrl, callToolRequest('no_such_tool', {}, 48), { token: narrow })).status).toBe(200);
  });
});
