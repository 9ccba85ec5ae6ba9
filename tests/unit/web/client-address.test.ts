import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { addressBehindProxies, normalizeAddress } from '@/lib/web/client-address';

const req = (socket: string, xff?: string) =>
  ({ socket: { remoteAddress: socket }, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } }) as unknown as Pick<
    http.IncomingMessage,
    'headers' | 'socket'
  >;

describe('addressBehindProxies', () => {
  it.each([
    // socket, X-Forwarded-For as received, trusted hops, client
    ['203.0.113.9', undefined, 0, '203.0.113.9'],
    ['203.0.113.9', '198.51.100.1', 0, '203.0.113.9'], // no proxy trusted: a client's header is ignored
    ['203.0.113.9', '198.51.100.1, 10.0.0.1', 0, '203.0.113.9'],
    ['10.0.0.2', '198.51.100.7', 1, '198.51.100.7'], // one proxy: it appended the client
    ['10.0.0.2', 'spoofed, 198.51.100.7', 1, '198.51.100.7'], // what the client wrote stays to the left
    ['10.0.0.2', '1.1.1.1, 2.2.2.2, 198.51.100.7', 1, '198.51.100.7'],
    ['10.0.0.3', '1.1.1.1, 198.51.100.7, 10.0.0.2', 2, '198.51.100.7'], // two proxies
    ['10.0.0.2', undefined, 1, '10.0.0.2'], // a proxy that sent nothing: the socket
    ['::ffff:203.0.113.9', undefined, 0, '203.0.113.9'],
  ])('socket %s, X-Forwarded-For %j, %i hops: %s', (socket, xff, hops, client) => {
    expect(addressBehindProxies(req(socket, xff), hops)).toBe(client);
  });
});

describe('normalizeAddress', () => {
  it.each([
    ['2001:db8::1', '2001:db8::1'],
    ['1.2.3.4\r\nx', '1.2.3.4x'],
    ['', 'unknown'],
    [undefined, 'unknown'],
    ['9'.repeat(100), '9'.repeat(64)],
  ])('%j -> %j', (raw, out) => {
    expect(normalizeAddress(raw)).toBe(out);
  });
});
