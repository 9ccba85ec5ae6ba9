// The loopback host names, literally (RFC 8252 §7.3 redirect URIs, local development): a DNS name
// that happens to resolve to 127.0.0.1 is not one, and neither is the rest of 127.0.0.0/8.
const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(['127.0.0.1', '[::1]', 'localhost']);

export function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK_HOSTNAMES.has(hostname);
}

/** An http URL on a loopback host (the only place plain http is acceptable for a redirect). */
export function isLoopbackHttpUrl(value: string): boolean {
  const url = URL.parse(value);
  return url !== null && url.protocol === 'http:' && isLoopbackHostname(url.hostname);
}
