// The site's one progressive-enhancement script (public/enhance.js): the copy buttons and the live
// password rule. Pages work without it; lib/build/static-documents.ts lets exactly its tag through.
export const ENHANCE_SCRIPT = '/enhance.js';
