// Outbound HTTP for the CLI: undici's fetch through its EnvHttpProxyAgent, which honours
// HTTP_PROXY, HTTPS_PROXY and NO_PROXY (Node's own fetch ignores them, yet agent hosts often allow
// the network only through such a proxy). https:// goes through a CONNECT tunnel; http:// is sent
// to an http proxy in absolute form (proxyTunnel: false), as curl and browsers do.
// Loopback never goes through a proxy, whatever the environment says: a server on this machine
// (a development server, a local bridge) is reached directly, so its tokens and codes are never
// handed to an egress proxy. The choice is made per request, so a redirect is judged by its target.
import net from 'node:net';
import { Agent, Dispatcher, EnvHttpProxyAgent, fetch as undiciFetch, errors } from 'undici';

/** undici's message when a proxy refuses a CONNECT; its status is the only thing the CLI needs. */
const TUNNEL_REFUSED = /^Proxy response \((\d{3})\) !== 200 when HTTP Tunneling/;

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');
// The unspecified address: connecting to it reaches this machine too (`--server http://0.0.0.0:3000`).
LOOPBACK.addAddress('0.0.0.0', 'ipv4');
LOOPBACK.addAddress('::', 'ipv6');

/**
 * Whether a URL's host is this machine: 127.0.0.0/8, ::1 (and IPv4-mapped 127.x), the unspecified
 * address, `localhost` and any `*.localhost` (RFC 6761: always loopback). `hostname` as URL parses it
 * (IPv6 in brackets).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const family = net.isIP(host);
  if (family === 4) return LOOPBACK.check(host, 'ipv4');
  if (family === 6) return LOOPBACK.check(host, 'ipv6');
  return false;
}

/** Loopback origins to a plain Agent, every other one to the proxy the environment names. */
class LoopbackDirect extends Dispatcher {
  // Read the environment on first use (tests and callers may set it after import).
  private readonly proxied = new EnvHttpProxyAgent({ proxyTunnel: false });
  private readonly direct = new Agent();

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const origin = options.origin instanceof URL ? options.origin : new URL(String(options.origin));
    return (isLoopbackHost(origin.hostname) ? this.direct : this.proxied).dispatch(options, handler);
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    const done = Promise.all([this.proxied.close(), this.direct.close()]).then(() => undefined);
    if (callback) void done.then(callback);
    else return done;
  }

  override destroy(): Promise<void>;
  override destroy(err: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(err: Error | null, callback: () => void): void;
  override destroy(a?: Error | null | (() => void), b?: () => void): Promise<void> | void {
    const err = typeof a === 'function' ? null : (a ?? null);
    const callback = typeof a === 'function' ? a : b;
    const done = Promise.all([this.proxied.destroy(err), this.direct.destroy(err)]).then(() => undefined);
    if (callback) void done.then(callback);
    else return done;
  }
}

let dispatcher: LoopbackDirect | undefined;

/** fetch(), directly to loopback, else through the proxy the environment names for the URL, if any. */
export async function httpFetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
  dispatcher ??= new LoopbackDirect();
  try {
    return (await undiciFetch(url, { ...(init as object), dispatcher })) as unknown as Response;
  } catch (error) {
    // undici fails the request when the proxy refuses the tunnel; the CLI reports the proxy's
    // status as the response, as it does for an http:// target, so a 502 from an egress proxy in
    // front of the token endpoint reads as the host restriction it is.
    for (let cause = (error as { cause?: unknown }).cause; cause; cause = (cause as { cause?: unknown }).cause) {
      const refused = cause instanceof errors.RequestAbortedError ? TUNNEL_REFUSED.exec(cause.message) : null;
      if (refused) return new Response(null, { status: Number(refused[1]), statusText: 'Proxy refused the tunnel' });
    }
    throw error;
  }
}
