// The device flow (RFC 8628) over HTTP through every state of the contract's table. (Expiry after
// expires_in is covered in expiry.test.ts; approval in Chromium in tests/e2e/oauth.)
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { SCOPE_NAMES } from '@/lib/oauth/scopes';
import {
  DEVICE_GRANT,
  FormSession,
  createPerson,
  registerDeviceClient,
  startDeviceAuthorization,
  tokenRequest,
} from '../../../harness/oauth';

const baseUrl = inject('baseUrl');
const mcpUrl = `${baseUrl}/mcp`;
// The suite's server runs with a shorter interval than production's 5 s (tests/support/global-setup.ts);
// the default is asserted in tests/unit/config/env.test.ts and in process in expiry.test.ts.
const interval = inject('devicePollInterval');

let person: { email: string; password: string; session: FormSession };

beforeAll(async () => {
  person = await createPerson(baseUrl, 'device');
});

const poll = (clientId: string, deviceCode: string) =>
  tokenRequest(baseUrl, { grant_type: DEVICE_GRANT, device_code: deviceCode, client_id: clientId, resource: mcpUrl });

describe('POST /device_authorization', () => {
  it('answers with the contract fields: codes, verification URIs, expires_in 300 and the configured interval', async () => {
    const clientId = await registerDeviceClient(baseUrl, 'Fields agent');
    const d = await startDeviceAuthorization(baseUrl, clientId);
    expect(d.device_code.length).toBeGreaterThanOrEqual(40);
    expect(d.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(d.verification_uri).toBe(`${baseUrl}/device`);
    expect(d.verification_uri_complete).toBe(`${baseUrl}/device?user_code=${d.user_code}`);
    expect(d.expires_in).toBe(300);
    expect(d.interval).toBe(interval);
  });

  it.each([
    ['missing', undefined],
    ['with a trailing slash', `${baseUrl}/mcp/`],
    ['with whitespace', ` ${baseUrl}/mcp`],
    ['with a trailing newline', `${baseUrl}/mcp\n`],
  ])('refuses resource %s with 400 invalid_request naming the expected value', async (_label, resource) => {
    const clientId = await registerDeviceClient(baseUrl);
    const form = new URLSearchParams({ client_id: clientId });
    if (resource !== undefined) form.set('resource', resource);
    const res = await fetch(`${baseUrl}/device_authorization`, { method: 'POST', body: form });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, string>;
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toContain(`"${mcpUrl}"`);
  });

  it('refuses an unknown scope by name', async () => {
    const clientId = await registerDeviceClient(baseUrl);
    const res = await fetch(`${baseUrl}/device_authorization`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: clientId, resource: mcpUrl, scope: 'profile:read admin' }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, string>;
    expect(body.error).toBe('invalid_scope');
    expect(body.error_description).toContain('"admin"');
  });
});

describe('device code states', () => {
  // That the raised interval stays raised is a matter of time: tests/integration/oauth/expiry.test.ts
  // checks it against the real handler with the last poll back-dated.
  it('pending, slow_down (the interval grows by 5 s), approved, then never again', async () => {
    const clientId = await registerDeviceClient(baseUrl, 'State agent');
    const d = await startDeviceAuthorization(baseUrl, clientId);

    // Two polls at once: one is the first poll (pending), the other came sooner than `interval` after
    // it, however long the machine takes to answer (the interval here is only 1 s).
    const both = await Promise.all([poll(clientId, d.device_code), poll(clientId, d.device_code)]);
    expect(both.map((r) => r.status)).toEqual([400, 400]);
    expect(both.map((r) => r.body.error).sort()).toEqual(['authorization_pending', 'slow_down']);
    const tooFast = both.find((r) => r.body.error === 'slow_down')!;
    expect(tooFast.body).toMatchObject({ error: 'slow_down', interval: interval + 5 });

    const approved = await person.session.decideDevice(d.user_code, 'approve');
    expect(approved.url).toContain('done=approved');

    const tokens = await poll(clientId, d.device_code);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(typeof tokens.body.access_token).toBe('string');
    expect(typeof tokens.body.refresh_token).toBe('string');

    const again = await poll(clientId, d.device_code);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    expect(String(again.body.error_description)).toContain('/device_authorization');
  });

  it('declined: access_denied with the reason, then the code is dead', async () => {
    const clientId = await registerDeviceClient(baseUrl, 'Declined agent');
    const d = await startDeviceAuthorization(baseUrl, clientId);
    const declined = await person.session.decideDevice(d.user_code, 'decline');
    expect(declined.url).toContain('done=declined');

    const denied = await poll(clientId, d.device_code);
    expect(denied.status).toBe(400);
    expect(denied.body.error).toBe('access_denied');
    expect(String(denied.body.error_description)).toMatch(/declined/);

    const again = await poll(clientId, d.device_code);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');

    // A decided code cannot be approved afterwards either.
    const page = await person.session.follow(`/device?user_code=${d.user_code}`);
    expect(page.html).toContain('already used');
  });

  it('grants all eight scopes when scope is omitted, and only the requested ones otherwise', async () => {
    expect.assertions(4);
    for (const [requested, expected] of [
      [undefined, [...SCOPE_NAMES]],
      [
        ['profile:read', 'workouts:read'],
        ['profile:read', 'workouts:read'],
      ],
    ] as const) {
      const clientId = await registerDeviceClient(baseUrl);
      const d = await startDeviceAuthorization(baseUrl, clientId, requested ? [...requested] : undefined);
      await person.session.decideDevice(d.user_code, 'approve');
      const tokens = await poll(clientId, d.device_code);
      expect(tokens.status).toBe(200);
      expect(String(tokens.body.scope).split(' ').sort()).toEqual([...expected].sort());
    }
  });

  it('does not give the tokens to another client presenting the device code', async () => {
    const clientId = await registerDeviceClient(baseUrl, 'Owner agent');
    const thief = await registerDeviceClient(baseUrl, 'Other agent');
    const d = await startDeviceAuthorization(baseUrl, clientId);
    await person.session.decideDevice(d.user_code, 'approve');
    const stolen = await poll(thief, d.device_code);
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');
    expect(String(stolen.body.error_description)).toContain(`"${thief}"`);
    expect((await poll(clientId, d.device_code)).status).toBe(200);
  });

  it('requires sign-in on /device, then shows client_name, scopes in plain words and the code', async () => {
    const clientId = await registerDeviceClient(baseUrl, 'Plain Words Agent');
    const d = await startDeviceAuthorization(baseUrl, clientId, ['health:read']);
    const browser = new FormSession(baseUrl);
    const first = await browser.follow(new URL(d.verification_uri_complete).pathname + new URL(d.verification_uri_complete).search);
    expect(new URL(first.url).pathname).toBe('/sign-in');
    expect(new URL(first.url).searchParams.get('next')).toBe(`/device?user_code=${d.user_code}`);
    const signedIn = await browser.signIn(person.email, person.password, `/device?user_code=${d.user_code}`);
    expect(signedIn.html).toContain('Plain Words Agent');
    expect(signedIn.html).toContain('View health data synced from your connected devices');
    expect(signedIn.html).toContain(d.user_code);
    expect(signedIn.html).not.toContain(d.device_code);
  });

  it('tells the person when a code is unknown', async () => {
    const page = await person.session.follow('/device?user_code=BBBB-BBBB');
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('does not match a pending request');
  });
});
