// Building HTML strings safely: every value that came from data goes through escapeHtml.
import { escapeHtml } from '@/lib/web/html-escape';

export { escapeHtml };

/** A tagged template whose interpolations are escaped unless wrapped in raw(). */
export type Raw = { readonly __html: string };
export const raw = (html: string): Raw => ({ __html: html });

export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0]!;
  values.forEach((v, i) => {
    const part = Array.isArray(v) ? v.map((x) => (isRaw(x) ? x.__html : escapeHtml(x))).join('') : isRaw(v) ? v.__html : escapeHtml(v);
    out += part + strings[i + 1]!;
  });
  return raw(out);
}

function isRaw(v: unknown): v is Raw {
  return typeof v === 'object' && v !== null && '__html' in v;
}
