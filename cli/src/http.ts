// Outbound HTTP for the CLI: undici's fetch through its EnvHttpProxyAgent, which honours
// HTTP_PROXY, HTTPS_PROXY and NO_PROXY (Node's own fetch ignores them, yet agent hosts often allow
// the network only through such a proxy). https:// goes through a CONNECT tunnel; http:// is sent
// to an http proxy in absolute form (proxyTunnel: false), as curl and browsers do.
import { EnvHttpProxyAgent, fetch as undiciFetch, errors } from 'undici';

let agent: EnvHttpProxyAgent | undefined;

/** undici's message when a proxy refuses a CONNECT; its status is the only thing the CLI needs. */
const TUNNEL_REFUSED = /^Proxy response \((\d{3})\) !== 200 when HTTP Tunneling/;

/** fetch(), through the proxy the environment names for the URL, if any. */
export async function httpFetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
  // Read the environment on first use (tests and callers may set it after import).
  agent ??= new EnvHttpProxyAgent({ proxyTunnel: false });
  try {
    return (await undiciFetch(url, { ...(init as object), dispatcher: agent })) as unknown as Response;
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
