// Dynamic client registration (RFC 7591) of public clients, in the two shapes of the contract.
import * as oidc from 'openid-client';
import { describe, expect, inject, it } from 'vitest';
import { DEVICE_GRANT, createPerson, tokenRequest } from '../../../harness/oauth';
import { authorizeOverHttp, browserClient, deviceClient, pkcePair, registerClient } from './flows';

const baseUrl = inject('baseUrl');

describe('POST /register', () => {
  it('registers a device client (no redirect URIs, no response types)', async () => {
    const { status, body } = await registerClient(baseUrl, deviceClient({ client_name: 'Device shape' }));
    expect(status).toBe(201);
    expect(typeof body.client_id).toBe('string');
    expect(body).toMatchObject({
      client_name: 'Device shape',
      grant_types: [DEVICE_GRANT, 'refresh_token'],
      token_endpoint_auth_method: 'none',
      redirect_uris: [],
      response_types: [],
    });
    expect(body).not.toHaveProperty('client_secret');
    expect(body).not.toHaveProperty('registration_access_token');
  });

  it('registers a browser client with an exact https callback', async () => {
    const { status, body } = await registerClient(baseUrl, browserClient('https://agent.example/oauth/callback'));
    expect(status).toBe(201);
    expect(body).toMatchObject({
      grant_types: ['authorization_code', 'refresh_token'],
      redirect_uris: ['https://agent.example/oauth/callback'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
  });

  it('accepts a loopback http callback and refuses other http, dangerous schemes and fragments', async () => {
    expect((await registerClient(baseUrl, browserClient('http://127.0.0.1:53682/callback'))).status).toBe(201);
    for (const uri of ['http://agent.example/callback', 'javascript:alert(1)', 'file:///etc/passwd', 'https://agent.example/cb#x']) {
      const { status, body } = await registerClient(baseUrl, browserClient(uri));
      expect(status, uri).toBe(400);
      expect(body.error).toBe('invalid_redirect_uri');
      expect(String(body.error_description)).toContain(uri);
    }
  });

  it("registers Cursor's real request (its own scheme, https and loopback callbacks) and completes a sign-in to its own scheme", async () => {
    const cursorCallback = 'cursor://anysphere.cursor-mcp/oauth/callback';
    const { status, body } = await registerClient(
      baseUrl,
      browserClient(cursorCallback, {
        client_name: 'Cursor',
        redirect_uris: [cursorCallback, 'https://www.cursor.com/agents/mcp/oauth/callback', 'http://localhost:8787/callback'],
      }),
    );
    expect(status).toBe(201);
    expect(body.application_type).toBe('native');
    const clientId = String(body.client_id);

    const person = await createPerson(baseUrl, 'cursor');
    const { verifier, challenge } = pkcePair();
    const callback = await authorizeOverHttp(baseUrl, person, {
      client_id: clientId,
      response_type: 'code',
      redirect_uri: cursorCallback,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: `${baseUrl}/mcp`,
      state: 'cursor-state',
    });
    expect(`${callback.protocol}//${callback.host}${callback.pathname}`).toBe(cursorCallback);
    const token = await tokenRequest(baseUrl, {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      client_id: clientId,
      redirect_uri: cursorCallback,
      code_verifier: verifier,
      resource: `${baseUrl}/mcp`,
    });
    expect(token.status).toBe(200);
  });

  it.each(['client_secret_post', 'client_secret_basic'])('registers a %s request as a public client and says so', async (method) => {
    const { status, body } = await registerClient(baseUrl, deviceClient({ token_endpoint_auth_method: method }));
    expect(status).toBe(201);
    expect(body.token_endpoint_auth_method).toBe('none');
    expect(body).not.toHaveProperty('client_secret');
  });

  it('keeps a literal client_id exactly (case-sensitive) and refuses a taken one or its look-alike', async () => {
    const literal = `Acme-Agent-${Date.now().toString(36).toUpperCase()}`;
    const first = await registerClient(baseUrl, browserClient('https://acme.example/cb', { client_id: literal }));
    expect(first.status).toBe(201);
    expect(first.body.client_id).toBe(literal);

    const taken = await registerClient(baseUrl, browserClient('https://acme.example/cb', { client_id: literal }));
    expect(taken.status).toBe(400);
    expect(taken.body.error).toBe('invalid_client_metadata');
    expect(String(taken.body.error_description)).toContain(`"${literal}" is already registered`);

    // Another case of a taken literal would read as the same client to a person: refused (tests/security/registration.test.ts).
    const lower = await registerClient(baseUrl, browserClient('https://acme.example/cb', { client_id: literal.toLowerCase() }));
    expect(lower.status).toBe(400);
    expect(String(lower.body.error_description)).toContain(`looks like the client_id "${literal}"`);

    // /authorize uses the literal exactly: another case is another client.
    const { challenge } = pkcePair();
    const authorize = (clientId: string) =>
      fetch(
        `${baseUrl}/authorize?${new URLSearchParams({
          client_id: clientId,
          response_type: 'code',
          redirect_uri: 'https://acme.example/cb',
          code_challenge: challenge,
          code_challenge_method: 'S256',
          resource: `${baseUrl}/mcp`,
        })}`,
        { redirect: 'manual' },
      );
    const exact = await authorize(literal);
    expect([302, 303]).toContain(exact.status);
    expect(exact.headers.get('location')).toMatch(/^\/interaction\//);
    const otherCase = await authorize(`a${literal.slice(1)}`);
    expect(otherCase.status).toBe(400);
  });

  it('refuses a body that is not JSON with a recovery step', async () => {
    const res = await fetch(`${baseUrl}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'client_name=x',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.error).toBe('invalid_client_metadata');
    expect(String(body.error_description)).toMatch(/JSON/);
  });

  it('allows browser agents: CORS preflight and response headers without credentials', async () => {
    const preflight = await fetch(`${baseUrl}/register`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://agent.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://agent.example');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();

    const { status, headers } = await registerClient(baseUrl, deviceClient(), { origin: 'https://agent.example' });
    expect(status).toBe(201);
    expect(headers.get('access-control-allow-origin')).toBe('https://agent.example');
    expect(headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
    expect(headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('works with openid-client dynamic registration', async () => {
    const config = await oidc.dynamicClientRegistration(
      new URL(baseUrl),
      {
        client_name: 'openid-client agent',
        redirect_uris: ['https://agent.example/cb'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      },
      oidc.None(),
      { algorithm: 'oauth2', execute: [oidc.allowInsecureRequests] },
    );
    expect(config.clientMetadata().client_id).toBeTruthy();
    expect(config.clientMetadata().token_endpoint_auth_method).toBe('none');
  });
});
