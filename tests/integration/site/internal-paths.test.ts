// /mcp, the OAuth endpoints and the `.md` twins are served by Pages Router handlers at /api/mcp,
// /api/oidc/* and /api/markdown/* (rewrites in next.config.mjs). Only the public paths answer: a
// direct request to an internal path is a 404 (proxy.ts), whatever its method or spelling, while the
// rewrites keep working.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { newPerson, signUp } from '../../../harness/accounts';
import { obtainAccessToken } from '../../../harness/oauth';
import { ACCEPT_BOTH, initializeRequest, rpc } from '../../../harness/mcp';

const baseUrl = inject('baseUrl');

const INTERNAL: [method: 'GET' | 'POST' | 'OPTIONS' | 'DELETE', path: string][] = [
  ['GET', '/api/mcp'],
  ['POST', '/api/mcp'],
  ['DELETE', '/api/mcp'],
  ['OPTIONS', '/api/mcp'],
  ['GET', '/api/mcp/anything'],
  ['POST', '/api/oidc/token'],
  ['GET', '/api/oidc/token'],
  ['GET', '/api/oidc/.well-known/oauth-authorization-server'],
  ['POST', '/api/oidc/register'],
  ['GET', '/api/oidc/authorize?client_id=x&response_type=code'],
  ['GET', '/api/oidc/jwks'],
  ['GET', '/api/oidc'],
  ['GET', '/api/markdown/faq'],
  ['GET', '/api/markdown/index'],
  ['POST', '/api/markdown/faq'],
  // Other spellings of the same paths.
  ['POST', '/api/%6Dcp'],
  ['GET', '/api/oidc/%2Ewell-known/oauth-authorization-server'],
  ['GET', '/API/OIDC/token'],
  ['GET', '/api/mark%64own/faq'],
];

describe('internal handler paths are not reachable from outside', () => {
  it.each(INTERNAL)('%s %s -> 404 JSON naming the public endpoints', async (method, path) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: { 'content-type': 'application/json', accept: ACCEPT_BOTH, origin: baseUrl },
      body: method === 'POST' ? JSON.stringify(initializeRequest('2025-06-18')) : undefined,
    });
    expect(res.status, `${method} ${path}`).toBe(404);
    const body = await res.text();
    expect(body).not.toContain('jsonrpc');
    expect(body).not.toContain('issuer');
    // The uppercase spelling reaches no handler at all (Next's own 404 page); the others get the proxy's answer.
    if (!path.startsWith('/API/')) expect(JSON.parse(body)).toEqual({ error: expect.stringContaining('/mcp') });
  });
});

describe('the public paths still reach those handlers', () => {
  let token: string;
  beforeAll(async () => {
    const person = newPerson('internal-paths');
    // The sign-up's browser is signed in already: it approves the device (no second argon2 sign-in).
    const session = await signUp(baseUrl, person);
    token = (await obtainAccessToken(baseUrl, { ...person, session })).accessToken;
  });

  it('GET /.well-known/oauth-authorization-server: the metadata, naming public endpoints only', async () => {
    const res = await fetch(`${baseUrl}/.well-known/oauth-authorization-server`);
    expect(res.status).toBe(200);
    const meta = (await res.json()) as Record<string, unknown>;
    expect(meta.token_endpoint).toBe(`${baseUrl}/token`);
    expect(meta.authorization_endpoint).toBe(`${baseUrl}/authorize`);
    expect(JSON.stringify(meta)).not.toContain('/api/');
  });

  it('POST /token without a grant: an OAuth error, not a 404', async () => {
    const res = await fetch(`${baseUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('POST /mcp: unauthenticated 401, authenticated initialize 200', async () => {
    const anonymous = await rpc(baseUrl, initializeRequest('2025-06-18'));
    expect(anonymous.status).toBe(401);
    const signedIn = await rpc(baseUrl, initializeRequest('2025-06-18'), { token });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: expect.any(Object) } });
  });
});
