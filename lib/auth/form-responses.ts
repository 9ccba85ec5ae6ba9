// Responses of the account form handlers (plain HTML forms posting to route handlers).
import { MESSAGE_PAGE_HEADERS, messagePage } from './html-page';

/** The submitted form, or null when the body is not a form (never a 500 for bad input). */
export async function readForm(request: Request): Promise<FormData | null> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return null;
  try {
    return await request.formData();
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
