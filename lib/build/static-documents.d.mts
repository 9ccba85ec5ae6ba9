/** The header's session script tag, the one script a prerendered page may keep. */
export const SESSION_NAV_TAG: string;
/** Removes Next's client runtime (chunks, preloads, bootstrap, inlined RSC payload) from a prerendered page. */
export function stripClientRuntime(html: string): string;
