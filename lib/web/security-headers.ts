// The security headers of every page, decided in one place (proxy.ts applies them).
//
// Prerendered public pages carry no inline script (scripts/static-documents.mjs strips Next's client
// runtime after the build; only application/ld+json data blocks, which CSP does not govern, and the
// header's same-origin /session-nav.js remain), so `script-src 'self'` holds there and they stay static. Pages rendered per request
// (sign-in, consent, device, checkout; not /account or /app, HTML documents with no inline script)
// still carry Next's inline bootstrap scripts: they get
// a fresh nonce per request, which Next reads from the request's CSP header and puts on its scripts.

/** Pages where a person signs in, approves an agent or pays, and the app's own pages: never framed, never cached. */
export const SENSITIVE_PAGE = /^\/(?:interaction|device|sign-in|sign-up|account|checkout|app)(?:\/|$)/;

/** The consent page adds its own `form-action` (a <meta> CSP naming the client's redirect origin). */
const CONSENT_PAGE = /^\/interaction\//;

/** Browser features the site never uses. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), fullscreen=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=(), interest-cohort=()';

export const HSTS = 'max-age=63072000; includeSubDomains';

export type PageSecurity = { headers: Record<string, string>; nonce: string | null };

function policy(directives: Record<string, string>): string {
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/**
 * `next dev` serves every page with its development runtime: inline scripts without a nonce (the
 * request id `self.__next_r`, hot reloading; blocking them is what makes Next report "Invariant:
 * Expected a request ID"), `eval` (React's dev stack traces) and the dev tools' injected <style>
 * (the issues badge). `next build` never runs with NODE_ENV=development, so production keeps the
 * strict policy.
 */
const DEVELOPMENT_RUNTIME = { script: "'self' 'unsafe-inline' 'unsafe-eval'", style: "'self' 'unsafe-inline'" };

/**
 * The headers of an HTML page at `pathname`. `nonce` is a fresh random value for pages rendered per
 * request (ignored for public pages); `https` says whether the site is served over HTTPS;
 * `development` relaxes scripts and styles for Next's development runtime (see above).
 */
export function pageSecurityHeaders(
  pathname: string,
  nonce: string,
  https: boolean,
  development = process.env.NODE_ENV === 'development',
): PageSecurity {
  const sensitive = SENSITIVE_PAGE.test(pathname);
  // A nonce would make browsers ignore 'unsafe-inline', so development sends none.
  const nonced = sensitive && !development;
  const directives: Record<string, string> = {
    'default-src': "'self'",
    // Public pages have one same-origin script file; per-request pages allow Next's own scripts by nonce only.
    'script-src': development ? DEVELOPMENT_RUNTIME.script : nonced ? `'self' 'nonce-${nonce}'` : "'self'",
    // Stylesheets are files (CSS modules); no inline <style> or style attribute is rendered.
    'style-src': development ? DEVELOPMENT_RUNTIME.style : "'self'",
    'img-src': "'self' data:",
    'font-src': "'self'",
    'connect-src': "'self'",
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': sensitive ? "'none'" : "'self'",
  };
  // Approve/Decline ends in a redirect to the agent's redirect_uri, and Chromium applies
  // form-action to a form's redirects: the consent page names that one origin in its own meta policy.
  if (CONSENT_PAGE.test(pathname)) delete directives['form-action'];
  if (https) directives['upgrade-insecure-requests'] = '';
  const headers: Record<string, string> = {
    'Content-Security-Policy': policy(directives).replace(/ ;/g, ';').trim(),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
  if (https) headers['Strict-Transport-Security'] = HSTS;
  if (sensitive) {
    headers['X-Frame-Options'] = 'DENY';
    headers['Cache-Control'] = 'no-store';
  }
  return { headers, nonce: nonced ? nonce : null };
}

/** The consent page's own policy: forms may go to the site and to the agent's redirect origin. */
export function consentFormActionPolicy(redirectUri: string): string {
  let origin = '';
  try {
    const url = new URL(redirectUri);
    // Only web origins can be named in CSP; a custom-scheme redirect (native app) is named by scheme.
    origin = url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol;
  } catch {
    origin = '';
  }
  return `form-action 'self'${origin ? ` ${origin}` : ''}`;
}

/** Headers every non-page response gets (JSON, Markdown, feeds). */
export const BASE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * Headers of endpoints (APIs, OAuth, Markdown twins, feeds): mostly JSON or text, but any of them may
 * answer HTML (a framework 404, an error page), which must never run foreign script or be framed.
 * A route that renders its own page may set a narrower policy of its own.
 */
export function endpointSecurityHeaders(pathname: string, https: boolean): Record<string, string> {
  const { headers } = pageSecurityHeaders(pathname, '', https);
  const csp = headers['Content-Security-Policy']!.replace("frame-ancestors 'self'", "frame-ancestors 'none'");
  const out: Record<string, string> = { ...headers, 'Content-Security-Policy': csp, 'X-Frame-Options': 'DENY' };
  delete out['Cache-Control'];
  return out;
}
