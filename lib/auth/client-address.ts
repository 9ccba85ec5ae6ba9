// The client's address for rate limits and sign-in throttling. On Vercel the platform's own header
// (`x-vercel-forwarded-for`, which Vercel sets and a client cannot) names it; elsewhere the
// self-hosted server (server.ts, lib/web/node-server.ts) decides it from the socket and
// TRUSTED_PROXY_HOPS and stamps it with its process nonce (lib/web/client-address.ts).
// Client-sent X-Forwarded-For and X-Real-IP are never read here.
import { config } from '@/lib/env';
import { CLIENT_ADDRESS_HEADER, normalizeAddress, readClientAddress } from '@/lib/web/client-address';

export function clientAddress(header: (name: string) => string | null | undefined): string {
  if (config().onVercel) return normalizeAddress(header('x-vercel-forwarded-for')?.split(',')[0]);
  return readClientAddress(header(CLIENT_ADDRESS_HEADER));
}
