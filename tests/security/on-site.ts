// Assertions shared by the security suite.
import { expect } from 'vitest';

/** A redirect answer that keeps the browser on `baseUrl`: never a 5xx, a printable Location on this origin. */
export function expectRedirectOnSite(res: Response, baseUrl: string, label: string): string {
  expect(res.status, `${label}: status`).toBeGreaterThanOrEqual(300);
  expect(res.status, `${label}: status`).toBeLessThan(400);
  const location = res.headers.get('location') ?? '';
  expect(location, `${label}: Location is printable ASCII`).toMatch(/^[\x21-\x7e]+$/);
  expect(location.includes('\\'), `${label}: no backslash in ${location}`).toBe(false);
  const target = new URL(location, baseUrl);
  expect(target.origin, `${label}: ${location} stays on the site`).toBe(new URL(baseUrl).origin);
  // A browser resolves `//host` itself; the path must not start with it either.
  expect(/^\/\//.test(location.replace(/^https?:\/\/[^/]+/, '')), `${label}: ${location} is not scheme-relative`).toBe(false);
  return location;
}
