// The rules this server adds to oidc-provider's Client ID Metadata Document support: which URLs are
// documents, which content types and lifetimes are accepted, which hosts the loopback allowance opens,
// and the words a publisher reads when a document is refused.
import { describe, expect, it } from 'vitest';
import {
  asProviderSees,
  documentLifetime,
  isJsonContentType,
  isLiteralLoopbackHost,
  isMetadataDocumentUrl,
  MAX_LIFETIME_SECONDS,
  MIN_LIFETIME_SECONDS,
} from '@/lib/oauth/client-metadata-documents';
import { metadataDocumentFailure, unreachable } from '@/lib/oauth/client-metadata-errors';
import { parseConfig } from '@/lib/env';

describe('isMetadataDocumentUrl', () => {
  it.each([
    ['https://app.example/oauth/client.json', true],
    ['https://app.example/', false],
    ['https://app.example', false],
    ['http://app.example/client.json', false],
    ['agent-123', false],
  ])('%s -> %s', (id, expected) => expect(isMetadataDocumentUrl(id)).toBe(expected));
});

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['Application/JSON', true],
    ['application/oauth-client+json', true],
    ['text/html', false],
    ['text/plain; charset=utf-8', false],
    [null, false],
  ])('%s -> %s', (value, expected) => expect(isJsonContentType(value)).toBe(expected));
});

describe('documentLifetime', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const h = (init: Record<string, string>) => new Headers(init);
  it('follows max-age inside the bounds', () => expect(documentLifetime(h({ 'cache-control': 'public, max-age=3600' }), now)).toBe(3600));
  it('never less than five minutes (no-store, no-cache, max-age=0 or nothing)', () => {
    for (const cc of ['no-store', 'no-cache', 'max-age=0', 'max-age=10'])
      expect(documentLifetime(h({ 'cache-control': cc }), now)).toBe(MIN_LIFETIME_SECONDS);
    expect(documentLifetime(h({}), now)).toBe(MIN_LIFETIME_SECONDS);
  });
  it('never more than a day', () => expect(documentLifetime(h({ 'cache-control': 'max-age=31536000' }), now)).toBe(MAX_LIFETIME_SECONDS));
  it('reads Expires when there is no max-age', () =>
    expect(documentLifetime(h({ expires: new Date(now + 2 * 3600 * 1000).toUTCString() }), now)).toBe(7200));
});

describe('the loopback allowance', () => {
  it('opens 127.0.0.1, [::1] and localhost only', () => {
    expect(
      ['https://127.0.0.1:8443/c.json', 'https://[::1]/c.json', 'https://localhost/c.json'].map((u) => isLiteralLoopbackHost(new URL(u))),
    ).toEqual([true, true, true]);
    expect(
      ['https://127.0.0.2/c.json', 'https://10.0.0.1/c.json', 'https://localhost.example/c.json'].map((u) =>
        isLiteralLoopbackHost(new URL(u)),
      ),
    ).toEqual([false, false, false]);
  });
  it('is honoured only for a loopback site outside production and Vercel', () => {
    expect(parseConfig({ CIMD_ALLOW_LOOPBACK: '1', SITE_URL: 'http://127.0.0.1:3000' }).cimdAllowLoopback).toBe(true);
    expect(parseConfig({ SITE_URL: 'http://127.0.0.1:3000' }).cimdAllowLoopback).toBe(false);
    expect(parseConfig({ CIMD_ALLOW_LOOPBACK: '1', SITE_URL: 'https://pacewise.example' }).cimdAllowLoopback).toBe(false);
    expect(parseConfig({ CIMD_ALLOW_LOOPBACK: '1', SITE_URL: 'http://localhost:3000', VERCEL: '1' }).cimdAllowLoopback).toBe(false);
    expect(parseConfig({ CIMD_ALLOW_LOOPBACK: '1', SITE_URL: 'http://localhost:3000', PACEWISE_ENV: 'production' }).cimdAllowLoopback).toBe(
      false,
    );
    expect(() => parseConfig({ CIMD_ALLOW_LOOPBACK: 'yes' })).toThrow(/CIMD_ALLOW_LOOPBACK: must be 0 or 1/);
  });
});

describe('metadataDocumentFailure', () => {
  const url = 'https://app.example/oauth/client.json';
  // The shape oidc-provider throws: the code as message, the text as error_description.
  const fetchFailed = (cause: unknown, detail?: string) =>
    Object.assign(new Error('invalid_client', { cause }), {
      name: 'InvalidClient',
      error: 'invalid_client',
      error_description: 'client_id metadata document fetch failed',
      error_detail: detail ?? (cause instanceof Error ? cause.message : undefined),
    });

  it('says nothing about errors of registered clients', () => {
    expect(metadataDocumentFailure(fetchFailed(new Error('x')), 'agent-123')).toBeUndefined();
    expect(metadataDocumentFailure({ error: 'invalid_grant', message: 'invalid_grant' }, url)).toBeUndefined();
  });
  it.each([
    [fetchFailed(undefined, 'unexpected response status 301'), 'HTTP 301 (a redirect)'],
    [fetchFailed(undefined, 'unexpected response status 500'), 'answered HTTP 500'],
    [fetchFailed(new Error('response too large')), 'larger than 5 KB'],
    [fetchFailed(new SyntaxError('Unexpected end of JSON input')), 'not valid JSON'],
    [
      Object.assign(new Error('invalid_client_metadata'), {
        name: 'InvalidClientMetadata',
        error_description: 'client_id metadata document client_id does not match the expected value',
      }),
      `equal its URL exactly ("${url}")`,
    ],
    [
      Object.assign(new Error('invalid_redirect_uri'), {
        name: 'InvalidClientMetadata',
        error_description: 'redirect_uris must only contain web uris',
      }),
      'its metadata is invalid: redirect_uris must only contain web uris',
    ],
  ])('%#: names the reason', (err, reason) => {
    const text = metadataDocumentFailure(err, url);
    expect(text).toContain(reason);
    expect(text).toContain(url);
  });
  // Which ports, hosts or certificates exist behind the server must not show: one reason for all.
  it.each([
    ['a timeout', fetchFailed(Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }))],
    [
      'a special-use address',
      fetchFailed(new TypeError('fetch failed', { cause: new Error('hostname resolves to a special-use IP address') })),
    ],
    [
      'an untrusted certificate',
      fetchFailed(
        new TypeError('fetch failed', {
          cause: Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }),
        }),
      ),
    ],
    [
      'an unknown host',
      fetchFailed(new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }) })),
    ],
    [
      'a refused connection',
      fetchFailed(new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) })),
    ],
    ['an unreachable document', fetchFailed(Object.assign(new Error('document unreachable'), { name: 'DocumentUnreachableError' }))],
  ])('%s: the one generic reason, naming no cause', (_label, err) => {
    const text = metadataDocumentFailure(err, url)!;
    expect(text).toContain(unreachable());
    expect(text).toContain('within 2.5 seconds');
    expect(text).not.toMatch(/ECONNREFUSED|ENOTFOUND|SELF_SIGNED|special-use|timeout/);
  });
  it('explains a URL that cannot be a document URL', () => {
    const notFound = { error: 'invalid_client', message: 'invalid_client', error_detail: 'client not found' };
    expect(metadataDocumentFailure(notFound, 'http://app.example/client.json')).toContain('must use https');
    expect(
      metadataDocumentFailure(
        { message: 'invalid_client', error_description: 'client_id metadata document fetch not allowed' },
        'https://app.example/',
      ),
    ).toContain('needs a path');
  });
});

describe('asProviderSees', () => {
  const doc = (extra: Record<string, unknown>) => JSON.stringify({ client_id: 'https://app.example/c.json', ...extra });
  it('reads an all-loopback document without a type as native (RFC 8252 ports)', () => {
    const seen = JSON.parse(asProviderSees(doc({ redirect_uris: ['http://localhost/callback', 'http://127.0.0.1/callback'] })));
    expect(seen.application_type).toBe('native');
  });
  it('leaves web redirect URIs, mixed lists, a declared type and broken JSON alone', () => {
    expect.assertions(4);
    for (const body of [
      doc({ redirect_uris: ['https://claude.ai/api/mcp/auth_callback'] }),
      doc({ redirect_uris: ['http://127.0.0.1/callback', 'https://app.example/cb'] }),
      doc({ application_type: 'web', redirect_uris: ['http://127.0.0.1/callback'] }),
      '{"client_id":',
    ])
      expect(asProviderSees(body)).toBe(body);
  });
});
