// The shared-cache rules of RFC 9111 the origin cache follows: which requests may be answered from a
// stored response, which responses may be stored and for how long, and how Vary is read.
import { describe, expect, it } from 'vitest';
import { cacheDirectives, requestMayUseCache, sharedFreshnessSeconds, varyNames } from '@/lib/web/cache-rules';

describe('requestMayUseCache', () => {
  it('takes plain GET and HEAD requests', () => {
    expect(requestMayUseCache('GET', { accept: 'text/html', cookie: 'pw_session=x' })).toBe(true);
    expect(requestMayUseCache('HEAD', {})).toBe(true);
  });

  it.each(['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', undefined])('refuses %s', (method) => {
    expect(requestMayUseCache(method, {})).toBe(false);
  });

  it.each(['authorization', 'if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since', 'if-range', 'range'])(
    'leaves a request with %s to the origin',
    (name) => expect(requestMayUseCache('GET', { [name]: 'x' })).toBe(false),
  );

  it.each([
    [{ 'cache-control': 'no-cache' }, false],
    [{ 'cache-control': 'no-store' }, false],
    [{ 'cache-control': 'max-age=0' }, false],
    [{ 'cache-control': 'Max-Age=0, foo' }, false],
    [{ pragma: 'no-cache' }, false],
    [{ 'cache-control': 'max-age=60' }, true],
  ])('%j: %s', (headers, expected) => expect(requestMayUseCache('GET', headers)).toBe(expected));
});

describe('sharedFreshnessSeconds', () => {
  it.each([
    ['s-maxage=31536000', 31536000],
    ['public, max-age=300, s-maxage=3600, stale-while-revalidate=86400', 3600],
    ['public, max-age=300', 300],
    ['public, max-age=31536000, immutable', 31536000],
    ['max-age=300', 0], // a private cache's lifetime, not a shared one's
    ['public, max-age=0', 0],
    ['private, no-cache, no-store, max-age=0, must-revalidate', 0],
    ['private, s-maxage=60', 0],
    ['no-store', 0],
    ['s-maxage="60"', 60],
    ['s-maxage=abc', 0],
    [undefined, 0],
  ])('Cache-Control %s: %i s', (cacheControl, seconds) => {
    expect(sharedFreshnessSeconds(200, cacheControl === undefined ? {} : { 'cache-control': cacheControl })).toBe(seconds);
  });

  it('stores only 200 answers without Set-Cookie or Vary: *', () => {
    const cacheable = { 'cache-control': 's-maxage=60' };
    expect(sharedFreshnessSeconds(404, cacheable)).toBe(0);
    expect(sharedFreshnessSeconds(304, cacheable)).toBe(0);
    expect(sharedFreshnessSeconds(200, { ...cacheable, 'set-cookie': ['a=b'] })).toBe(0);
    expect(sharedFreshnessSeconds(200, { ...cacheable, vary: 'Accept, *' })).toBe(0);
    expect(sharedFreshnessSeconds(200, { ...cacheable, vary: 'Accept' })).toBe(60);
  });
});

describe('header parsing', () => {
  it('reads directives case-insensitively, with arguments', () => {
    expect([...cacheDirectives('Public, S-MaxAge=10,no-transform')]).toEqual([
      ['public', ''],
      ['s-maxage', '10'],
      ['no-transform', ''],
    ]);
  });

  it('reads Vary names once each, lower-cased; * means never', () => {
    expect(varyNames('Accept, rsc, accept,  Accept-Encoding')).toEqual(['accept', 'rsc', 'accept-encoding']);
    expect(varyNames(['Accept', 'Origin'])).toEqual(['accept', 'origin']);
    expect(varyNames(undefined)).toEqual([]);
    expect(varyNames('*')).toBeNull();
  });
});
