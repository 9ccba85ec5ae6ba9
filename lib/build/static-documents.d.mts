/** Removes Next's client runtime (chunks, preloads, bootstrap, inlined RSC payload) from a prerendered page. */
export function stripClientRuntime(html: string): string;
