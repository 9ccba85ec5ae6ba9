// Responses of the account form handlers (plain HTML forms posting to route handlers).
import { MESSAGE_PAGE_HEADERS, messagePage } from './html-page';

/** The largest account form body read (the biggest form, sign-up, is well under 1 KB); past it, not read. */
export const FORM_BODY_MAX = 16 * 1024;

/** The body up to `max` bytes, or null past it (the rest is never buffered: 10 MB bodies used to be read whole). */
async function bodyWithin(request: Request, max: number): Promise<Buffer | null> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > max) return null;
  const reader = request.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The submitted form, or null when the body is not a form or is over FORM_BODY_MAX (never a 500 for bad input). */
export async function readForm(request: Request): Promise<FormData | null> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return null;
  try {
    const body = await bodyWithin(request, FORM_BODY_MAX);
    if (body === null) return null;
    return await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  } catch {
    return null;
  }
}

function page(status: number, html: string, headers: Record<string, string> = {}): Response {
  return new Response(html, { status, headers: { ...MESSAGE_PAGE_HEADERS, ...headers } });
}

export function forbidden(message: string): Response {
  return page(403, messagePage({ heading: 'This form could not be used', message }));
}

export function throttledPage(message: string, retryAfterSeconds: number, back: string): Response {
  return page(429, messagePage({ heading: 'Too many attempts', message, link: { href: back, text: 'Back to the form' } }), {
    'Retry-After': String(retryAfterSeconds),
  });
}
