// The client's address for rate limits and sign-in throttling. On Vercel the platform's own header
// (`x-vercel-forwarded-for`, which Vercel sets and a client cannot) names it; elsewhere `next start`'s
// request handling (lib/web/next-start-workarounds.ts) decides it from the socket and TRUSTED_PROXY_HOPS (lib/web/client-address.ts).
// Client-sent X-Forwarded-For and X-Real-IP are never read here.
import { config } from '@/lib/env';
import { CLIENT_ADDRESS_HEADER, normalizeAddress } from '@/lib/web/client-address';

export function clientAddress(header: (name: string) => string | null | undefined): string {
  if (config().onVercel) return normalizeAddress(header('x-vercel-forwarded-for')?.split(',')[0]);
  // Only lib/web/next-start-workarounds.ts writes the internal header (replacing a client's). With
  // NEXT_START_WORKAROUNDS=0 nothing does, so what arrives under that name is the client's own: unread.
  if (!config().nextStartWorkarounds) return normalizeAddress(undefined);
  return normalizeAddress(header(CLIENT_ADDRESS_HEADER));
}
