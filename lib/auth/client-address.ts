// The client's address for rate limits. The app runs behind a proxy (Vercel, `proxy = true` for the
// authorization server) that sets X-Forwarded-For; `next start` fills it from the socket when absent.
// Self-hosted without such a proxy, a client can choose its own bucket: put one in front.
export function clientAddress(header: (name: string) => string | null | undefined): string {
  const forwarded = header('x-forwarded-for')?.split(',')[0]?.trim();
  const address = forwarded || header('x-real-ip')?.trim() || 'unknown';
  // Bounded and printable: it becomes part of a database key.
  return address.replace(/[^0-9a-zA-Z.:[\]%-]/g, '').slice(0, 64) || 'unknown';
}
