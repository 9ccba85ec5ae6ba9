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

export function stripClientRuntime(html) {
  let out = html;
  for (const pattern of RUNTIME_SCRIPTS) out = out.replace(pattern, '');
  out = out.replace(RUNTIME_HINTS, '');
  // Anything executable that is left would run without the runtime it expects: refuse to ship it.
  const leftover = [...out.matchAll(/<script\b([^>]*)>/g)].filter((m) => !/\btype="application\/ld\+json"/.test(m[1]));
  if (leftover.length) throw new Error(`static-documents: unexpected script left in a prerendered page: ${leftover[0][0]}`);
  return out;
}
