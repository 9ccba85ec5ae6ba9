// The client's address, decided once per request on the Node server from the socket. Next's App
// Router route handlers get a Fetch `Request` without the socket, and `next start` only fills
// X-Forwarded-For from the socket when a client has not sent one, so neither can be trusted as
// is. The self-hosted server (server.ts, lib/web/node-server.ts: the one place code sees Node's
// request before Next) writes the decided address into an internal header, stamped with a nonce
// of this process, replacing whatever a client sent under that name; routes read it through
// lib/auth/client-address.ts. A value without the nonce (plain `next start`, a client's own
// header) names no address: such clients share the 'unknown' bucket instead of choosing their own.
//
// TRUSTED_PROXY_HOPS says how many proxies in front of the server append to X-Forwarded-For (a
// load balancer, a CDN): with 0 (the default) the socket's peer is the client; with N, the Nth
// address from the right of X-Forwarded-For (counting the socket as the first) is. Addresses a
// client wrote to the left of those are never read. `proxy-addr` (Express's) walks the chain.
import crypto from 'node:crypto';
import type http from 'node:http';
import proxyaddr from 'proxy-addr';

export const CLIENT_ADDRESS_HEADER = 'x-pacewise-client-address';

/** The client of `req` once `hops` trusted proxies are peeled off the right of X-Forwarded-For. */
export function addressBehindProxies(req: Pick<http.IncomingMessage, 'headers' | 'socket'>, hops: number): string {
  const address = proxyaddr(req as http.IncomingMessage, (_addr, i) => i < hops);
  return normalizeAddress(address);
}

/** Bounded and printable (it becomes part of a database key); IPv4-mapped IPv6 as plain IPv4. */
export function normalizeAddress(address: string | undefined | null): string {
  const plain = (address ?? '').trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  return plain.replace(/[^0-9a-zA-Z.:[\]%-]/g, '').slice(0, 64) || 'unknown';
}

// One per process, shared by the server's bundle and Next's route bundles (one globalThis): not
// state that must survive a request, and never sent to a client.
const NONCE = Symbol.for('pacewise.clientAddressNonce');
function processNonce(): string {
  const g = globalThis as { [NONCE]?: string };
  return (g[NONCE] ??= crypto.randomBytes(18).toString('base64url'));
}

/** The internal header's value for `address`: only this process can write one that reads back. */
export function stampClientAddress(address: string): string {
  return `${processNonce()} ${address}`;
}

/** The address in an internal header's value, or 'unknown' when this process did not write it. */
export function readClientAddress(value: string | null | undefined): string {
  const prefix = `${processNonce()} `;
  return value?.startsWith(prefix) ? normalizeAddress(value.slice(prefix.length)) : 'unknown';
}
