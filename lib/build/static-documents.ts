// The HTML rewrite behind scripts/static-documents.mjs, kept apart so a unit test can hold it to
// its promise: no executable script left, every byte of content kept.

/** Script tags Next adds for its client runtime: external chunks, the bootstrap, the RSC payload. */
const RUNTIME_SCRIPTS = [
  /<script\b[^>]*\ssrc="\/_next\/static\/[^"]*"[^>]*><\/script>/g,
  /<script id="_R_">[\s\S]*?<\/script>/g,
  /<script>\(?self\.__next_f\b[\s\S]*?<\/script>/g,
];
/** Hints that would make the browser fetch those chunks anyway. */
const RUNTIME_HINTS = /<link\b(?=[^>]*\brel="(?:preload|modulepreload)")(?=[^>]*\bas="script"|[^>]*\brel="modulepreload")[^>]*\/?>/g;

/**
 * The scripts a prerendered page may keep (this one and ENHANCE_TAG below): the header's Account/Sign in swap, a same-origin file
 * (allowed by `script-src 'self'`) that needs no runtime. Exactly this tag, as React renders it from
 * app/(site)/_components/site-header.tsx; any other script still fails the build.
 */
export const SESSION_NAV_TAG: string = '<script src="/session-nav.js" defer=""></script>';
/** The copy button's script (public/enhance.js, lib/web/enhance.ts): same-origin, no runtime either. */
export const ENHANCE_TAG: string = '<script src="/enhance.js" defer=""></script>';

/** Removes Next's client runtime (chunks, preloads, bootstrap, inlined RSC payload) from a prerendered page. */
export function stripClientRuntime(html: string): string {
  let out = html;
  for (const pattern of RUNTIME_SCRIPTS) out = out.replace(pattern, '');
  out = out.replace(RUNTIME_HINTS, '');
  // Anything executable that is left would run without the runtime it expects: refuse to ship it.
  const leftover = [...out.matchAll(/<script\b([^>]*)>(<\/script>)?/g)].filter(
    (m) => !/\btype="application\/ld\+json"/.test(m[1] ?? '') && m[0] !== SESSION_NAV_TAG && m[0] !== ENHANCE_TAG,
  );
  if (leftover.length) throw new Error(`static-documents: unexpected script left in a prerendered page: ${leftover[0]![0]}`);
  return out;
}
