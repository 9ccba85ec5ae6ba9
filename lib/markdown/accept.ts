// Accept negotiation between the HTML page and its Markdown twin (q-values via `negotiator`).
import Negotiator from 'negotiator';

const SERVED = ['text/html', 'text/markdown', 'text/x-markdown'];

/**
 * True when the client prefers Markdown: text/markdown (or text/x-markdown) has the highest q among
 * what we serve. Ties go to HTML (a browser's `*\/*;q=0.8` or a bare `*\/*`), and when nothing we
 * serve is acceptable we answer HTML rather than 406 a browser. When a client names both types at
 * the same q, its own order decides.
 */
export function prefersMarkdown(accept: string | null | undefined): boolean {
  if (!accept || !accept.trim()) return false;
  const ranked = new Negotiator({ headers: { accept: withoutParameters(accept) } }).mediaTypes(SERVED);
  return ranked[0] === 'text/markdown' || ranked[0] === 'text/x-markdown';
}

/**
 * True when HTML is an acceptable answer (text/html, text/*, or *\/* with q > 0, or no Accept at all).
 * A page with no Markdown twin is then answered in HTML rather than 404: the links an agent hands a
 * person (sign-in, device approval, checkout) must not look dead.
 */
export function acceptsHtml(accept: string | null | undefined): boolean {
  if (!accept || !accept.trim()) return true;
  return new Negotiator({ headers: { accept: withoutParameters(accept) } }).mediaTypes(['text/html']).length > 0;
}

/** Media-type parameters other than q (e.g. `charset=utf-8`) do not change which variant we pick. */
function withoutParameters(accept: string): string {
  return accept
    .split(',')
    .map((range) => {
      const [type, ...params] = range.split(';');
      const q = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
      return q ? `${type!.trim()};${q}` : type!.trim();
    })
    .join(', ');
}
