// Time-based rules, tested in-process against the real handler and a real database (the clock cannot
// be moved inside `next start`): the stored expiry of a row is moved into the past instead.
// Device codes expire after expires_in (300 s); refresh tokens after 30 idle days or 90 days after the
// first sign-in; access tokens after an hour. Also the verifyAccessToken interface of the MCP server.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Prisma } from '@/lib/generated/prisma/client';
import { DEVICE_GRANT, registerDeviceClient, startDeviceAuthorization, tokenRequest } from '../../../harness/oauth';
import { freshDatabaseEnv } from '../../../harness/server';

let server: http.Server;
let baseUrl: string;
let fresh: Awaited<ReturnType<typeof freshDatabaseEnv>>;
let userId: string;
let lib: {
  db: typeof import('@/lib/database/client');
  adapter: typeof import('@/lib/oauth/oidc-adapter');
  device: typeof import('@/lib/oauth/device-approval');
  tokens: typeof import('@/lib/oauth/access-tokens');
};

const DAY = 24 * 60 * 60;

beforeAll(async () => {
  fresh = await freshDatabaseEnv();
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(process.env, fresh.env, {
    SITE_URL: baseUrl,
    MCP_BASE_URL: '',
    SESSION_SECRET: crypto.randomBytes(48).toString('base64url'),
    TOKEN_SECRET: crypto.randomBytes(48).toString('base64url'),
    PACEWISE_SEED: '0',
  });
  const { handleOAuthRequest } = await import('@/lib/oauth/oauth-http');
  server.on('request', (req, res) => void handleOAuthRequest(req, res));
  lib = {
    db: await import('@/lib/database/client'),
    adapter: await import('@/lib/oauth/oidc-adapter'),
    device: await import('@/lib/oauth/device-approval'),
    tokens: await import('@/lib/oauth/access-tokens'),
  };
  const prisma = await lib.db.db();
  userId = (await prisma.user.create({ data: { email: `expiry-${Date.now()}@example.com`, passwordHash: 'not-used-here' } })).id;
}, 120_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await lib?.db.closeDatabase();
  await fresh?.cleanup();
});

/** Moves a stored artefact's expiry (row and payload) to `exp` (epoch seconds). */
async function setExpiry(kind: string, value: string, exp: number, extra: Record<string, unknown> = {}) {
  const prisma = await lib.db.db();
  const id = lib.adapter.recordKey(kind, value);
  const row = await prisma.oAuthRecord.findUniqueOrThrow({ where: { id } });
  await prisma.oAuthRecord.update({
    where: { id },
    data: { expiresAt: new Date(exp * 1000), payload: { ...(row.payload as Record<string, unknown>), exp, ...extra } },
  });
}

/** Moves a stored artefact `seconds` into the past, as if that much time had gone by: its expiry, issue times and last poll. */
async function backDate(kind: string, value: string, seconds: number) {
  const prisma = await lib.db.db();
  const id = lib.adapter.recordKey(kind, value);
  const row = await prisma.oAuthRecord.findUniqueOrThrow({ where: { id } });
  const payload = row.payload as Prisma.JsonObject;
  const times = Object.fromEntries(
    (['exp', 'iat', 'iiat'] as const).filter((k) => typeof payload[k] === 'number').map((k) => [k, (payload[k] as number) - seconds]),
  );
  const earlier = (d: Date | null) => (d ? new Date(d.getTime() - seconds * 1000) : null);
  await prisma.oAuthRecord.update({
    where: { id },
    data: { payload: { ...payload, ...times }, expiresAt: earlier(row.expiresAt), lastPolledAt: earlier(row.lastPolledAt) },
  });
}

async function rowExpiry(kind: string, value: string): Promise<number> {
  const prisma = await lib.db.db();
  const row = await prisma.oAuthRecord.findUniqueOrThrow({ where: { id: lib.adapter.recordKey(kind, value) } });
  return Math.round(row.expiresAt!.getTime() / 1000);
}

const now = () => Math.floor(Date.now() / 1000);

async function approvedDevice(scopes?: string[]) {
  const clientId = await registerDeviceClient(baseUrl, 'Expiry agent');
  const d = await startDeviceAuthorization(baseUrl, clientId, scopes);
  expect(await lib.device.decideDeviceCode(d.user_code, userId, true)).toBe(true);
  const t = await tokenRequest(baseUrl, {
    grant_type: DEVICE_GRANT,
    device_code: d.device_code,
    client_id: clientId,
    resource: `${baseUrl}/mcp`,
  });
  expect(t.status).toBe(200);
  return { clientId, accessToken: String(t.body.access_token), refreshToken: String(t.body.refresh_token) };
}

const refresh = (clientId: string, refreshToken: string) =>
  tokenRequest(baseUrl, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, resource: `${baseUrl}/mcp` });

describe('device code lifetime', () => {
  it('is stored for expires_in = 300 s; afterwards polling answers expired_token and approval is refused', async () => {
    const clientId = await registerDeviceClient(baseUrl, 'Slow person agent');
    const d = await startDeviceAuthorization(baseUrl, clientId);
    expect(d.expires_in).toBe(300);
    expect(Math.abs((await rowExpiry('DeviceCode', d.device_code)) - (now() + 300))).toBeLessThanOrEqual(2);

    await setExpiry('DeviceCode', d.device_code, now() - 1);
    const poll = () =>
      tokenRequest(baseUrl, { grant_type: DEVICE_GRANT, device_code: d.device_code, client_id: clientId, resource: `${baseUrl}/mcp` });
    const expired = await poll();
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe('expired_token');
    expect(String(expired.body.error_description)).toContain('new device code');
    expect(await lib.device.decideDeviceCode(d.user_code, userId, true)).toBe(false);
    // A client that waits its interval and asks again is told the same.
    await backDate('DeviceCode', d.device_code, 6);
    expect((await poll()).body.error).toBe('expired_token');
  });
});

describe('device code polling pace', () => {
  it('slow_down raises the interval by 5 s and it stays raised: 6 s later is still too fast, the raised interval later is not', async () => {
    const clientId = await registerDeviceClient(baseUrl, 'Pace agent');
    const d = await startDeviceAuthorization(baseUrl, clientId);
    const poll = () =>
      tokenRequest(baseUrl, { grant_type: DEVICE_GRANT, device_code: d.device_code, client_id: clientId, resource: `${baseUrl}/mcp` });
    expect((await poll()).body.error).toBe('authorization_pending');
    expect((await poll()).body).toMatchObject({ error: 'slow_down', interval: 10 });
    // 6 s would satisfy the original 5 s interval, but not the raised 10 s one.
    await backDate('DeviceCode', d.device_code, 6);
    expect((await poll()).body).toMatchObject({ error: 'slow_down', interval: 15 });
    // A client that waits the raised interval is answered as usual.
    await backDate('DeviceCode', d.device_code, 15);
    const paced = await poll();
    expect(paced.status).toBe(400);
    expect(paced.body.error).toBe('authorization_pending');
  });
});

describe('refresh token lifetime', () => {
  it('lasts 30 days idle; an expired one answers invalid_grant with the recovery step', async () => {
    const t = await approvedDevice();
    expect(Math.abs((await rowExpiry('RefreshToken', t.refreshToken)) - (now() + 30 * DAY))).toBeLessThanOrEqual(5);
    await setExpiry('RefreshToken', t.refreshToken, now() - 1);
    const r = await refresh(t.clientId, t.refreshToken);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_grant');
    expect(String(r.body.error_description)).toMatch(/expired.*30 days.*90 days.*new sign-in/i);
  });

  it('never lasts past 90 days after the first sign-in, across rotations', async () => {
    const t = await approvedDevice();
    // The family began 90 days minus 3 seconds ago.
    await setExpiry('RefreshToken', t.refreshToken, now() + 30 * DAY, { iiat: now() - 90 * DAY + 3 });
    const rotated = await refresh(t.clientId, t.refreshToken);
    expect(rotated.status).toBe(200);
    const next = String(rotated.body.refresh_token);
    // At most the 3 seconds left of the 90 days (plus rounding), not another 30 days.
    expect(await rowExpiry('RefreshToken', next)).toBeLessThanOrEqual(now() + 4);
    // Those seconds pass.
    await backDate('RefreshToken', next, 5);
    const late = await refresh(t.clientId, next);
    expect(late.status).toBe(400);
    expect(late.body.error).toBe('invalid_grant');
  });
});

describe('verifyAccessToken (the MCP server interface)', () => {
  it('returns the person, client, scopes, resource, expiry and grant of a live token', async () => {
    const t = await approvedDevice(['profile:read', 'health:write']);
    const v = await lib.tokens.verifyAccessToken(t.accessToken);
    expect(v).not.toBeNull();
    expect(v).toMatchObject({ userId, clientId: t.clientId, resource: `${baseUrl}/mcp` });
    expect(v!.scopes.sort()).toEqual(['health:write', 'profile:read']);
    expect(Math.abs(v!.expiresAt.getTime() / 1000 - (now() + 3600))).toBeLessThanOrEqual(5);
    expect(typeof v!.grantId).toBe('string');
  });

  it('returns null for unknown, expired and revoked tokens', async () => {
    expect(await lib.tokens.verifyAccessToken('unknown-token-value-0123456789')).toBeNull();
    const t = await approvedDevice();
    expect(await lib.tokens.verifyAccessToken(t.refreshToken)).toBeNull();
    await setExpiry('AccessToken', t.accessToken, now() - 1);
    expect(await lib.tokens.verifyAccessToken(t.accessToken)).toBeNull();

    const u = await approvedDevice();
    await fetch(`${baseUrl}/revoke`, { method: 'POST', body: new URLSearchParams({ token: u.refreshToken, client_id: u.clientId }) });
    expect(await lib.tokens.verifyAccessToken(u.accessToken)).toBeNull();
  });
});
