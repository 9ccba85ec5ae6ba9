import { signIn } from '@/lib/auth/accounts';
import { clientAddress } from '@/lib/auth/client-address';
import { CSRF_FIELD, verifyAnonymousCsrf } from '@/lib/auth/csrf';
import { readForm, throttledPage, forbidden } from '@/lib/auth/form-responses';
import { seeOther, withQuery } from '@/lib/auth/navigation';
import { safeNext } from '@/lib/web/safe-next';
import { startSession } from '@/lib/auth/sessions';

export async function POST(request: Request) {
  const form = await readForm(request);
  if (!form) return forbidden('The sign-in form could not be read. Go back, reload the page and try again.');
  const next = safeNext(form.get('next'));
  if (!(await verifyAnonymousCsrf(form.get(CSRF_FIELD)))) {
    return forbidden('This sign-in form has expired. Go back, reload the page and sign in again.');
  }
  const outcome = await signIn({ email: form.get('email'), password: form.get('password') }, clientAddress((h) => request.headers.get(h)));
  if (outcome.ok) {
    await startSession(outcome.userId);
    return seeOther(next);
  }
  if (outcome.reason === 'throttled') return throttledPage(outcome.message, outcome.retryAfterSeconds, withQuery('/sign-in', { next }));
  return seeOther(withQuery('/sign-in', { next, error: outcome.code }));
}
