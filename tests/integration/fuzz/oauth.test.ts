// @module-tag engine-parity
// Fuzzing the OAuth endpoints and the account forms: hostile JSON and form bodies, wrong types,
// payloads in every field, odd content types. No 5xx, OAuth errors are JSON with an error code, and
// a live token family survives it all: hostile /token and /revoke requests neither consume nor revoke
// it. FUZZ_SCALE multiplies the runs.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { simulatedAddress, tokenRequest } from '../../../harness/oauth';
import {
  InputCounter,
  type Body,
  contentTypes,
  expectHealthy,
  hostileBody,
  hostileJson,
  hostileQueryValue,
  hostileString,
  runs,
} from '../../../harness/hostile';
import { callTool, subscribedPerson, type Connected } from '../../../harness/people';

const baseUrl = inject('baseUrl');
const resource = `${baseUrl}/mcp`;
const counter = new InputCounter();
let me: Connected;

beforeAll(async () => {
  me = await subscribedPerson(baseUrl, 'fuzz-oauth');
});

afterAll(() => console.log(counter.report('oauth')));

/** Each fuzzed request comes from its own address, so the fuzzer never fills another test's rate-limit bucket. */
function send(path: string, body: Body | undefined, contentType: string, method = 'POST') {
  return fetch(`${baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...(contentType ? { 'content-type': contentType } : {}), 'x-forwarded-for': simulatedAddress(), accept: 'application/json' },
    body,
  });
}

describe('OAuth endpoints', () => {
  it(
    'hostile forms to /token, /device_authorization and /revoke are refused with an OAuth error, never a 5xx',
    { timeout: 120_000 },
    async () => {
      const field = (real: () => string) =>
        fc
          .oneof({ weight: 2, arbitrary: fc.constant('__real__') }, { weight: 3, arbitrary: hostileString })
          .map((v) => (v === '__real__' ? real() : v));
      const form = fc.record(
        {
          grant_type: fc.oneof(
            fc.constantFrom(
              'refresh_token',
              'urn:ietf:params:oauth:grant-type:device_code',
              'authorization_code',
              'client_credentials',
              'password',
              '',
            ),
            hostileString,
          ),
          client_id: field(() => me.clientId),
          refresh_token: field(() => me.refreshToken),
          device_code: hostileString,
          code: hostileString,
          code_verifier: hostileString,
          resource: fc.oneof(
            fc.constantFrom(resource, `${resource}\n`, `${resource}/`, ` ${resource}`, 'http://evil.example/mcp'),
            hostileString,
          ),
          scope: hostileString,
          token: field(() => me.refreshToken),
          token_type_hint: fc.constantFrom('refresh_token', 'access_token', 'x'),
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('/token', '/device_authorization', '/revoke'),
          form,
          fc.constantFrom('application/x-www-form-urlencoded', 'application/x-www-form-urlencoded', 'application/json', 'text/plain'),
          async (path, fields, contentType) => {
            // The one combination that is a genuine refresh (or revocation) of the live family is not hostile.
            const genuineRefresh =
              fields.grant_type === 'refresh_token' &&
              fields.client_id === me.clientId &&
              fields.refresh_token === me.refreshToken &&
              fields.resource === resource;
            const genuineRevoke = path === '/revoke' && fields.token === me.refreshToken && fields.client_id === me.clientId;
            fc.pre(!(path === '/token' && genuineRefresh) && !genuineRevoke);
            const clean = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.replace(/[\ud800-\udfff]/g, '')]));
            const body = contentType === 'application/json' ? JSON.stringify(clean) : new URLSearchParams(clean).toString();
            const res = await send(path, body, contentType);
            const text = await res.text();
            counter.count(`POST ${path}`);
            expect(res.status, `${path} ${body.slice(0, 300)}`).toBeLessThan(500);
            const json = (text ? JSON.parse(text) : {}) as { error?: unknown; device_code?: unknown };
            if (res.status < 400) {
              // Only two hostile-looking requests may succeed: revoking an unknown token (RFC 7009 answers
              // 200), and a device authorization that happens to carry the real client_id and tool URL.
              if (path === '/device_authorization')
                expect(fields.client_id === me.clientId && typeof json.device_code === 'string').toBe(true);
              else expect(path).toBe('/revoke');
            } else expect(typeof json.error).toBe('string');
          },
        ),
        { numRuns: runs(150) },
      );
      await expectHealthy(baseUrl);
    },
  );

  it('hostile registrations and raw bodies never give a 5xx', { timeout: 120_000 }, async () => {
    const registration = fc.record(
      {
        client_name: hostileJson,
        grant_types: fc.oneof(hostileJson, fc.constant(['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'])),
        token_endpoint_auth_method: fc.oneof(fc.constantFrom('none', 'client_secret_basic', 'private_key_jwt'), hostileJson),
        redirect_uris: fc.oneof(
          fc.array(fc.oneof(hostileString, fc.constantFrom('javascript:alert(1)', 'http://evil.example/cb', 'https://ok.example/cb')), {
            maxLength: 3,
          }),
          hostileJson,
        ),
        response_types: fc.oneof(fc.constantFrom([], ['code'], ['token']), hostileJson),
        client_id: hostileJson,
        jwks: hostileJson,
        logo_uri: hostileString,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          registration.map((r) => ({ path: '/register', body: JSON.stringify(r) as Body, type: 'application/json' })),
          fc.record({
            path: fc.constantFrom('/register', '/token', '/revoke', '/device_authorization'),
            body: hostileBody,
            type: contentTypes,
          }),
        ),
        async ({ path, body, type }) => {
          const res = await send(path, body, type);
          const text = await res.text();
          counter.count(`POST ${path}`);
          expect(res.status, `${path} ${String(body).slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400) expect(typeof (JSON.parse(text) as { error?: unknown }).error).toBe('string');
        },
      ),
      { numRuns: runs(120) },
    );
    await expectHealthy(baseUrl);
  });

  it('hostile /authorize queries and discovery paths never give a 5xx', { timeout: 120_000 }, async () => {
    const query = fc.dictionary(
      fc.constantFrom(
        'client_id',
        'resource',
        'scope',
        'response_type',
        'redirect_uri',
        'code_challenge',
        'code_challenge_method',
        'state',
        'prompt',
        'request',
      ),
      hostileQueryValue,
      { maxKeys: 6 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/authorize',
          '/authorize/abc',
          '/.well-known/oauth-authorization-server',
          '/.well-known/oauth-protected-resource',
          '/.well-known/oauth-protected-resource/mcp',
          '/device',
          '/interaction/x',
        ),
        query,
        fc.constantFrom('text/html', 'application/json'),
        async (path, q, accept) => {
          const res = await fetch(`${baseUrl}${path}?${new URLSearchParams(q).toString()}`, {
            redirect: 'manual',
            headers: { accept, 'x-forwarded-for': simulatedAddress() },
          });
          await res.arrayBuffer();
          counter.count(`GET ${path}`);
          expect(res.status, `${path}?${new URLSearchParams(q).toString().slice(0, 300)}`).toBeLessThan(500);
        },
      ),
      { numRuns: runs(80) },
    );
  });
});

describe('account forms', () => {
  it('hostile sign-in, sign-up, device-approval, sign-out and checkout forms never give a 5xx', { timeout: 120_000 }, async () => {
    const fields = fc.dictionary(
      fc.constantFrom('email', 'password', 'csrf', 'next', 'user_code', 'decision', 'grant', 'client_id'),
      hostileString,
      { maxKeys: 5 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/auth/sign-in',
          '/api/auth/sign-up',
          '/api/auth/device',
          '/api/auth/sign-out',
          '/api/auth/agents/revoke',
          '/checkout/new',
          '/checkout/x/confirm',
          '/api/billing/stripe/webhook',
          '/interaction/x/decide',
        ),
        fields,
        fc.oneof(fc.constant('application/x-www-form-urlencoded'), contentTypes),
        async (path, f, type) => {
          const clean = Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v.replace(/[\ud800-\udfff]/g, '')]));
          const res = await send(path, new URLSearchParams(clean).toString(), type);
          await res.arrayBuffer();
          counter.count(`POST ${path}`);
          expect(res.status, `${path} ${JSON.stringify(clean).slice(0, 300)}`).toBeLessThan(500);
        },
      ),
      { numRuns: runs(100) },
    );
    await expectHealthy(baseUrl);
  });
});

describe('after the fuzzing', () => {
  it('the live token family was neither consumed nor revoked: its access token works and its refresh token rotates once', async () => {
    const account = await callTool(baseUrl, me.accessToken, 'get_account');
    expect(account.status).toBe(200);
    expect(account.isError).toBe(false);
    const r = await tokenRequest(
      baseUrl,
      { grant_type: 'refresh_token', refresh_token: me.refreshToken, client_id: me.clientId, resource },
      { 'x-forwarded-for': simulatedAddress() },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.refresh_token).not.toBe(me.refreshToken);
  });
});
