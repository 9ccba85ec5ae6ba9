// Refresh tokens: rotation, single use, family revocation on reuse, client binding, the resource
// rule on /token, and 50 concurrent refreshes of one token (exactly one wins).
import * as oidc from 'openid-client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { FormSession, createPerson, registerDeviceClient } from '../../../harness/oauth';
import { connectDevice, mcpStatus, refresh } from './flows';

const baseUrl = inject('baseUrl');
const mcpUrl = `${baseUrl}/mcp`;

let person: { email: string; password: string; session: FormSession };

beforeAll(async () => {
  person = await createPerson(baseUrl, 'refresh');
});

describe('refresh_token grant', () => {
  it('rotates: a new access and refresh token, the new pair usable, expires_in 3600', async () => {
    const first = await connectDevice(baseUrl, person.session, { scopes: ['profile:read', 'workouts:read'] });
    const r = await refresh(baseUrl, first.clientId, first.refreshToken);
    expect(r.status).toBe(200);
    expect(r.body.expires_in).toBe(3600);
    expect(r.body.refresh_token).not.toBe(first.refreshToken);
    expect(r.body.access_token).not.toBe(first.accessToken);
    expect(String(r.body.scope).split(' ').sort()).toEqual(['profile:read', 'workouts:read']);
    expect(await mcpStatus(baseUrl, String(r.body.access_token))).toBe(200);
    const next = await refresh(baseUrl, first.clientId, String(r.body.refresh_token));
    expect(next.status).toBe(200);
  });

  it('reuse of a consumed refresh token revokes the whole family, the newest pair included', async () => {
    const t = await connectDevice(baseUrl, person.session);
    const rotated = await refresh(baseUrl, t.clientId, t.refreshToken);
    expect(rotated.status).toBe(200);

    const replay = await refresh(baseUrl, t.clientId, t.refreshToken);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    expect(String(replay.body.error_description)).toMatch(/already used.*revoked.*new sign-in/i);

    const newest = await refresh(baseUrl, t.clientId, String(rotated.body.refresh_token));
    expect(newest.status).toBe(400);
    expect(newest.body.error).toBe('invalid_grant');
    expect(await mcpStatus(baseUrl, String(rotated.body.access_token))).toBe(401);
    expect(await mcpStatus(baseUrl, t.accessToken)).toBe(401);
  });

  it('refuses a refresh token presented by another client, naming that client_id, and keeps it valid for its owner', async () => {
    const t = await connectDevice(baseUrl, person.session);
    const other = await registerDeviceClient(baseUrl, 'Other registration');
    const stolen = await refresh(baseUrl, other, t.refreshToken);
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');
    expect(String(stolen.body.error_description)).toContain(`client_id "${other}"`);

    const owner = await refresh(baseUrl, t.clientId, t.refreshToken);
    expect(owner.status).toBe(200);
  });

  it.each([
    ['missing', undefined],
    ['with a trailing slash', `${mcpUrl}/`],
    ['with a leading space', ` ${mcpUrl}`],
    ['with a trailing newline', `${mcpUrl}\n`],
    ['for another resource', 'https://elsewhere.example/mcp'],
  ])('refuses resource %s with 400 invalid_request and leaves the token unspent', async (_label, resource) => {
    const t = await connectDevice(baseUrl, person.session);
    const form: Record<string, string> = { grant_type: 'refresh_token', refresh_token: t.refreshToken, client_id: t.clientId };
    if (resource !== undefined) form.resource = resource;
    const res = await fetch(`${baseUrl}/token`, { method: 'POST', body: new URLSearchParams(form) });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, string>;
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toContain(`"${mcpUrl}"`);
    expect((await refresh(baseUrl, t.clientId, t.refreshToken)).status).toBe(200);
  });

  it('refuses two resource parameters', async () => {
    const t = await connectDevice(baseUrl, person.session);
    const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: t.refreshToken, client_id: t.clientId });
    form.append('resource', mcpUrl);
    form.append('resource', mcpUrl);
    const res = await fetch(`${baseUrl}/token`, { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Record<string, string>).error).toBe('invalid_request');
  });

  it('of 50 concurrent refreshes of one token exactly one succeeds', { tags: ['engine-parity'] }, async () => {
    const t = await connectDevice(baseUrl, person.session);
    const results = await Promise.all(Array.from({ length: 50 }, () => refresh(baseUrl, t.clientId, t.refreshToken)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.status === 400 && r.body.error === 'invalid_grant')).toHaveLength(49);
  });

  it('works with openid-client (refreshTokenGrant with resource)', async () => {
    const t = await connectDevice(baseUrl, person.session);
    const config = await oidc.discovery(new URL(baseUrl), t.clientId, undefined, oidc.None(), {
      algorithm: 'oauth2',
      execute: [oidc.allowInsecureRequests],
    });
    const response = await oidc.refreshTokenGrant(config, t.refreshToken, { resource: mcpUrl });
    expect(response.access_token).toBeTruthy();
    expect(response.refresh_token).toBeTruthy();
    expect(response.expires_in).toBe(3600);
    await expect(oidc.refreshTokenGrant(config, t.refreshToken, { resource: mcpUrl })).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});
