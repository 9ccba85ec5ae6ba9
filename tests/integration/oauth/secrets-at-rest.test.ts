// After full device and browser flows: neither the server's logs nor its database contain any issued
// secret (tokens, codes, verifier, cookies, password). On PostgreSQL: the suite's server (its log file,
// global-setup.ts) and its database searched beside it; on PGlite (one process's folder) an instance of
// the file's own, stopped for the search.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite, openPostgres, type RawDatabase } from '@/lib/database/engine';
import { DEVICE_GRANT, createPerson, registerDeviceClient, startDeviceAuthorization, tokenRequest } from '../../../harness/oauth';
import { startServerWith, type OwnServer } from '../../../harness/server';
import { authorizeOverHttp, browserClient, pkcePair, refresh, registerClient } from './flows';
import { baseTables, tablesHolding } from '../../support/stored-text';

/** PostgreSQL: the suite server's database (null on PGlite). */
const shared = inject('serverDatabase');
/** PGlite only: the file's own server. */
let own: OwnServer | undefined;
const secrets = new Map<string, string>();
let email = '';

beforeAll(async () => {
  if (!shared) own = await startServerWith({ PACEWISE_SEED: '0' });
  const baseUrl = own?.url ?? inject('baseUrl');
  const mcpUrl = `${baseUrl}/mcp`;

  const person = await createPerson(baseUrl, 'secrets');
  email = person.email;
  secrets.set('password', person.password);

  // Device flow, then a rotation.
  const clientId = await registerDeviceClient(baseUrl, 'Secrets device agent');
  const device = await startDeviceAuthorization(baseUrl, clientId);
  secrets.set('device_code', device.device_code);
  secrets.set('user_code', device.user_code);
  // Stored normalized (no dash) it would be a JSON string value of its own.
  secrets.set('user_code (normalized, as a JSON value)', `"${device.user_code.replace('-', '')}"`);
  await person.session.decideDevice(device.user_code, 'approve');
  const t = await tokenRequest(baseUrl, {
    grant_type: DEVICE_GRANT,
    device_code: device.device_code,
    client_id: clientId,
    resource: mcpUrl,
  });
  expect(t.status).toBe(200);
  secrets.set('device access_token', String(t.body.access_token));
  secrets.set('device refresh_token', String(t.body.refresh_token));
  const r = await refresh(baseUrl, clientId, String(t.body.refresh_token));
  expect(r.status).toBe(200);
  secrets.set('rotated access_token', String(r.body.access_token));
  secrets.set('rotated refresh_token', String(r.body.refresh_token));
  // A replay (revokes the family) must not leak either.
  await refresh(baseUrl, clientId, String(t.body.refresh_token));

  // Browser flow with PKCE.
  const browserId = String((await registerClient(baseUrl, browserClient('https://agent.example/callback'))).body.client_id);
  const { verifier, challenge } = pkcePair();
  const callback = await authorizeOverHttp(baseUrl, person, {
    client_id: browserId,
    response_type: 'code',
    redirect_uri: 'https://agent.example/callback',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: mcpUrl,
    state: 'state-value',
  });
  const code = callback.searchParams.get('code')!;
  secrets.set('authorization code', code);
  secrets.set('code_verifier', verifier);
  const a = await tokenRequest(baseUrl, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: browserId,
    redirect_uri: 'https://agent.example/callback',
    resource: mcpUrl,
  });
  expect(a.status).toBe(200);
  secrets.set('browser access_token', String(a.body.access_token));
  secrets.set('browser refresh_token', String(a.body.refresh_token));

  for (const [name, value] of person.session.cookies) {
    if (/^pacewise_(session|csrf|oauth_session)$/.test(name)) secrets.set(`cookie ${name}`, value);
  }
}, 120_000);

afterAll(async () => {
  await own?.close();
});

describe('secrets at rest and in logs', () => {
  it('collected every secret of the flows', () => {
    expect([...secrets.keys()]).toEqual(
      expect.arrayContaining([
        'device_code',
        'device refresh_token',
        'rotated refresh_token',
        'authorization code',
        'code_verifier',
        'cookie pacewise_session',
      ]),
    );
    for (const value of secrets.values()) expect(value.length).toBeGreaterThanOrEqual(8);
  });

  it('the server logs contain none of them', () => {
    const logs = own ? own.logs() : fs.readFileSync(inject('serverLog'), 'utf8');
    expect(secrets.size).toBeGreaterThan(0);
    expect([...secrets].filter(([, value]) => logs.includes(value)).map(([name]) => `${name} appears in the server logs`)).toEqual([]);
  });

  it('a dump of every table contains none of them', async () => {
    await own?.stop();
    let raw: RawDatabase;
    if (shared) raw = await openPostgres(shared.DATABASE_URL!);
    else raw = await openPglite(own!.env.PGLITE_DIR!);
    try {
      expect(await baseTables(raw)).toEqual(expect.arrayContaining(['OAuthRecord', 'OAuthClient', 'Session', 'User']));
      // Every row of every table as JSON text, searched in the database (the suite's holds every file's
      // rows); the person's e-mail is the control that the search finds what is there.
      const found = await tablesHolding(raw, [email, ...secrets.values()]);
      expect(found.get(email)).toContain('User');
      for (const [name, value] of secrets) expect(found.get(value) ?? [], `${name} appears in the database`).toEqual([]);
    } finally {
      await raw.close();
    }
  });
});
