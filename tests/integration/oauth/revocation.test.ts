// POST /revoke: either token of a pair revokes both; unknown tokens get 200; another client's token
// is left alone.
import * as oidc from 'openid-client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { FormSession, createPerson, registerDeviceClient } from '../../../harness/oauth';
import { connectDevice, mcpStatus, refresh } from './flows';

const baseUrl = inject('baseUrl');

let person: { email: string; password: string; session: FormSession };

beforeAll(async () => {
  person = await createPerson(baseUrl, 'revoke');
});

const revoke = (token: string, clientId: string, extra: Record<string, string> = {}) =>
  fetch(`${baseUrl}/revoke`, { method: 'POST', body: new URLSearchParams({ token, client_id: clientId, ...extra }) });

describe('POST /revoke', () => {
  it('revoking the refresh token revokes the access token too', async () => {
    const t = await connectDevice(baseUrl, person.session);
    expect(await mcpStatus(baseUrl, t.accessToken)).toBe(200);
    const res = await revoke(t.refreshToken, t.clientId);
    expect(res.status).toBe(200);
    expect(await mcpStatus(baseUrl, t.accessToken)).toBe(401);
    expect((await refresh(baseUrl, t.clientId, t.refreshToken)).body.error).toBe('invalid_grant');
  });

  it('revoking the access token revokes the refresh token too', async () => {
    const t = await connectDevice(baseUrl, person.session);
    const res = await revoke(t.accessToken, t.clientId, { token_type_hint: 'access_token' });
    expect(res.status).toBe(200);
    expect(await mcpStatus(baseUrl, t.accessToken)).toBe(401);
    expect((await refresh(baseUrl, t.clientId, t.refreshToken)).body.error).toBe('invalid_grant');
  });

  it('answers 200 for an unknown token', async () => {
    const clientId = await registerDeviceClient(baseUrl);
    const res = await revoke('not-a-token-that-was-ever-issued', clientId);
    expect(res.status).toBe(200);
  });

  it('does not let another client revoke a token it does not hold', async () => {
    const t = await connectDevice(baseUrl, person.session);
    const other = await registerDeviceClient(baseUrl);
    expect((await revoke(t.refreshToken, other)).status).toBe(200);
    expect(await mcpStatus(baseUrl, t.accessToken)).toBe(200);
    expect((await refresh(baseUrl, t.clientId, t.refreshToken)).status).toBe(200);
  });

  it('works with openid-client tokenRevocation, and answers CORS preflights', async () => {
    const t = await connectDevice(baseUrl, person.session);
    const config = await oidc.discovery(new URL(baseUrl), t.clientId, undefined, oidc.None(), {
      algorithm: 'oauth2',
      execute: [oidc.allowInsecureRequests],
    });
    await oidc.tokenRevocation(config, t.refreshToken);
    expect(await mcpStatus(baseUrl, t.accessToken)).toBe(401);

    for (const path of ['/revoke', '/token', '/device_authorization']) {
      const preflight = await fetch(`${baseUrl}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://agent.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.status, path).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin'), path).toBe('https://agent.example');
      expect(preflight.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
    const withOrigin = await fetch(`${baseUrl}/token`, {
      method: 'POST',
      headers: { origin: 'https://agent.example' },
      body: new URLSearchParams({ grant_type: 'refresh_token' }),
    });
    expect(withOrigin.headers.get('access-control-allow-origin')).toBe('https://agent.example');
    expect(withOrigin.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
  });
});
