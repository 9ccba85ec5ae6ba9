// The origin cache's store: variants by Vary, expiry, and the byte, entry and variant limits with the
// least recently used key evicted first. (What it stores from Next is tested against next start in
// tests/integration/site/origin-cache.test.ts.)
import { describe, expect, it } from 'vitest';
import { OriginCache, type StoredResponse } from '@/lib/web/origin-cache';

function response(body: string, vary: string[] = [], varyValues: (string | undefined)[] = [], expiresAt = 10_000): StoredResponse {
  return { status: 200, headers: { 'content-type': 'text/plain' }, body: Buffer.from(body), vary, varyValues, expiresAt };
}

const limits = { maxBytes: 1 << 20, maxEntries: 100, maxBodyBytes: 1 << 16, maxVariants: 4 };

describe('OriginCache', () => {
  it('answers a key only for the request header values its Vary names', () => {
    const cache = new OriginCache(limits);
    cache.store('GET /', response('html', ['accept'], ['text/html']));
    cache.store('GET /', response('markdown', ['accept'], ['text/markdown']));
    expect(cache.lookup('GET /', { accept: 'text/html' }, 0)?.body.toString()).toBe('html');
    expect(cache.lookup('GET /', { accept: 'text/markdown' }, 0)?.body.toString()).toBe('markdown');
    expect(cache.lookup('GET /', { accept: '*/*' }, 0)).toBeUndefined();
    expect(cache.lookup('GET /', {}, 0)).toBeUndefined();
    expect(cache.lookup('GET /other', { accept: 'text/html' }, 0)).toBeUndefined();
  });

  it('tells an absent header from an empty one', () => {
    const cache = new OriginCache(limits);
    cache.store('GET /', response('no encoding', ['accept-encoding'], [undefined]));
    expect(cache.lookup('GET /', {}, 0)?.body.toString()).toBe('no encoding');
    expect(cache.lookup('GET /', { 'accept-encoding': '' }, 0)).toBeUndefined();
  });

  it('drops an answer once its lifetime ends', () => {
    const cache = new OriginCache(limits);
    cache.store('GET /', response('x', [], [], 5_000));
    expect(cache.lookup('GET /', {}, 4_999)).toBeDefined();
    expect(cache.lookup('GET /', {}, 5_000)).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('replaces the same variant instead of keeping two', () => {
    const cache = new OriginCache(limits);
    cache.store('GET /', response('old', ['accept'], ['a']));
    cache.store('GET /', response('new', ['accept'], ['a']));
    expect(cache.lookup('GET /', { accept: 'a' }, 0)?.body.toString()).toBe('new');
    expect(cache.size.entries).toBe(1);
  });

  it('keeps at most maxVariants per key, the oldest going first', () => {
    const cache = new OriginCache(limits);
    for (let i = 0; i < 6; i++) cache.store('GET /', response(String(i), ['accept'], [`type/${i}`]));
    expect(cache.size.entries).toBe(4);
    expect(cache.lookup('GET /', { accept: 'type/1' }, 0)).toBeUndefined();
    expect(cache.lookup('GET /', { accept: 'type/2' }, 0)?.body.toString()).toBe('2');
  });

  it('evicts the least recently used key when over its entry or byte budget', () => {
    const cache = new OriginCache({ ...limits, maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) cache.store(key, response(key));
    cache.lookup('a', {}, 0); // a is now the most recently used
    cache.store('d', response('d'));
    expect(cache.lookup('b', {}, 0)).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.lookup(k, {}, 0)?.body.toString())).toEqual(['a', 'c', 'd']);

    // Each entry weighs its body (100), key (1) and headers ('content-type: text/plain' + 4 = 26).
    const small = new OriginCache({ ...limits, maxBytes: 3 * 127 });
    for (const key of ['a', 'b', 'c', 'd']) small.store(key, response(key.repeat(100)));
    expect(small.lookup('a', {}, 0)).toBeUndefined();
    expect(small.size).toEqual({ entries: 3, bytes: 3 * 127 });
  });

  it('counts long URLs and header values against the byte budget', () => {
    const cache = new OriginCache({ ...limits, maxBytes: 64 * 1024 });
    const accept = 'x'.repeat(8 * 1024);
    for (let i = 0; i < 20; i++) cache.store(`GET /?q=${'y'.repeat(4 * 1024)}${i}`, response('', ['accept'], [accept]));
    expect(cache.size.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(cache.size.entries).toBe(5);
  });
});
