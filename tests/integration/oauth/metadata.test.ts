// Discovery: the authorization server metadata (RFC 8414) and the protected resource metadata
// (RFC 9728) that lead a client from the tool URL to the endpoints of the contract.
import * as oidc from 'openid-client';
import { describe, expect, inject, it } from 'vitest';
import { SCOPE_NAMES } from '@/lib/oauth/scopes';

const baseUrl = inject('baseUrl');
const mcpUrl = `${baseUrl}/mcp`;

describe('authorization server metadata', () => {
  it('lists the contract endpoints, the eight scopes, S256 and public clients only', async () => {
    const res = await fetch(`${baseUrl}/.well-known/oauth-authorization-server`, { headers: { origin: 'https://agent.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const m = (await res.json()) as Record<string, unknown>;
    expect(m).toMatchObject({
      issuer: baseUrl,
      authorization_endpoint: `${baseUrl}/authorize`,
      registration_endpoint: `${baseUrl}/register`,
      device_authorization_endpoint: `${baseUrl}/device_authorization`,
      token_endpoint: `${baseUrl}/token`,
      revocation_endpoint: `${baseUrl}/revoke`,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      authorization_response_iss_parameter_supported: true,
      response_types_supported: ['code'],
    });
    expect(m.scopes_supported).toEqual([...SCOPE_NAMES]);
    expect(new Set(m.grant_types_supported as string[])).toEqual(
      new Set(['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code']),
    );
  });

  it('is what openid-client discovers', async () => {
    const config = await oidc.discovery(new URL(baseUrl), 'unregistered', undefined, oidc.None(), {
      algorithm: 'oauth2',
      execute: [oidc.allowInsecureRequests],
    });
    expect(config.serverMetadata().issuer).toBe(baseUrl);
    expect(config.serverMetadata().device_authorization_endpoint).toBe(`${baseUrl}/device_authorization`);
  });
});

describe('protected resource metadata', () => {
  it.each(['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource'])(
    '%s names the tool URL byte for byte',
    async (path) => {
      const res = await fetch(`${baseUrl}${path}`, { headers: { origin: 'https://agent.example' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const m = (await res.json()) as Record<string, unknown>;
      expect(m.resource).toBe(mcpUrl);
      expect(m.authorization_servers).toEqual([baseUrl]);
      expect(m.scopes_supported).toEqual([...SCOPE_NAMES]);
      expect(m.bearer_methods_supported).toEqual(['header']);
    },
  );

  it('answers a CORS preflight', async () => {
    const res = await fetch(`${baseUrl}/.well-known/oauth-protected-resource/mcp`, {
      method: 'OPTIONS',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'GET' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
