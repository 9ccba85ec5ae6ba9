import { describe, expect, it } from 'vitest';
import { checkResource, normalizeRegistration, resolveScope } from '@/lib/oauth/oauth-requests';
import { SCOPE_NAMES } from '@/lib/oauth/scopes';

const MCP = 'https://pacewise.example/mcp';

describe('checkResource', () => {
  it('accepts exactly the tool URL, once', () => {
    expect(checkResource([MCP], MCP, 'form body of /token')).toBeNull();
  });

  it.each([
    ['missing', []],
    ['trailing slash', [`${MCP}/`]],
    ['trailing newline', [`${MCP}\n`]],
    ['leading space', [` ${MCP}`]],
    ['other host', ['https://evil.example/mcp']],
    ['upper case', ['https://PACEWISE.example/mcp']],
    ['twice', [MCP, MCP]],
  ])('rejects %s with invalid_request naming the exact expected value', (_label, values) => {
    const r = checkResource(values, MCP, 'form body of /token');
    expect(r?.status).toBe(400);
    expect(r?.error).toBe('invalid_request');
    expect(r?.error_description).toContain(`"${MCP}"`);
  });
});

describe('resolveScope', () => {
  it('defaults an absent or blank scope to all eight', () => {
    expect(resolveScope([])).toEqual({ scope: SCOPE_NAMES.join(' ') });
    expect(resolveScope([''])).toEqual({ scope: SCOPE_NAMES.join(' ') });
  });

  it('keeps a valid subset and drops duplicates', () => {
    expect(resolveScope(['profile:read profile:read workouts:write'])).toEqual({ scope: 'profile:read workouts:write' });
  });

  it('refuses unknown scopes by name', () => {
    const r = resolveScope(['profile:read openid']);
    expect(r).toMatchObject({ status: 400, error: 'invalid_scope' });
    expect((r as { error_description: string }).error_description).toContain('"openid"');
  });
});

describe('normalizeRegistration', () => {
  const device = {
    client_name: 'CLI',
    grant_types: ['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'],
    token_endpoint_auth_method: 'none',
    redirect_uris: [],
    response_types: [],
  };

  it('registers secret-based methods as public clients', () => {
    expect.assertions(9);
    for (const method of ['client_secret_post', 'client_secret_basic', undefined]) {
      const r = normalizeRegistration({ ...device, token_endpoint_auth_method: method, client_secret: 'x' });
      expect(r).toHaveProperty('body');
      const body = (r as { body: Record<string, unknown> }).body;
      expect(body.token_endpoint_auth_method).toBe('none');
      expect(body).not.toHaveProperty('client_secret');
    }
  });

  it('keeps a literal client_id exactly and refuses malformed ones', () => {
    expect((normalizeRegistration({ ...device, client_id: 'Acme-CLI' }) as { body: Record<string, unknown> }).body.client_id).toBe(
      'Acme-CLI',
    );
    expect(normalizeRegistration({ ...device, client_id: 'has space' })).toMatchObject({ error: 'invalid_client_metadata' });
    expect(normalizeRegistration({ ...device, client_id: '' })).toMatchObject({ error: 'invalid_client_metadata' });
  });

  it.each([
    'https://agent.example/cb',
    'http://127.0.0.1:8765/cb',
    'http://localhost/cb',
    'http://[::1]:9000/cb',
    'com.example.app:/callback',
  ])('accepts redirect URI %s', (uri) => {
    expect(normalizeRegistration({ ...device, redirect_uris: [uri] })).toHaveProperty('body');
  });

  it("registers Cursor's three redirect URIs (its own scheme, https and loopback) as a native app", () => {
    const cursor = [
      'cursor://anysphere.cursor-mcp/oauth/callback',
      'https://www.cursor.com/agents/mcp/oauth/callback',
      'http://localhost:8787/callback',
    ];
    const result = normalizeRegistration({ ...device, redirect_uris: cursor }) as { body: Record<string, unknown> };
    expect(result.body.redirect_uris).toEqual(cursor);
    expect(result.body.application_type).toBe('native');
    expect(normalizeRegistration({ ...device, application_type: 'web', redirect_uris: cursor })).toMatchObject({
      status: 400,
      error: 'invalid_redirect_uri',
    });
  });

  it.each([
    'http://agent.example/cb',
    'javascript:alert(1)',
    'data:text/html,hi',
    'file:///etc/passwd',
    'myapp:',
    'https://agent.example/cb#frag',
    'not a url',
  ])('refuses redirect URI %s', (uri) => {
    expect(normalizeRegistration({ ...device, redirect_uris: [uri] })).toMatchObject({ status: 400, error: 'invalid_redirect_uri' });
  });

  it('refuses a body that is not an object', () => {
    expect(normalizeRegistration([1])).toMatchObject({ status: 400, error: 'invalid_client_metadata' });
  });

  it('does not pin a client to the scope it registered with (a later step-up may ask for more)', () => {
    const body = (normalizeRegistration({ ...device, scope: 'openid profile:read' }) as { body: Record<string, unknown> }).body;
    expect(body).not.toHaveProperty('scope');
    expect(normalizeRegistration({ ...device, scope: 'openid' })).not.toHaveProperty('body.scope');
  });
});
