import { signUp } from '@/lib/auth/accounts';
import { clientAddress } from '@/lib/auth/client-address';
import { CSRF_FIELD, verifyAnonymousCsrf } from '@/lib/auth/csrf';
import { forbidden, readForm, throttledPage } from '@/lib/auth/form-responses';
import { safeNextPath, seeOther, withQuery } from '@/lib/auth/navigation';
import { startSession } from '@/lib/auth/sessions';

export async function POST(request: Request) {
  const form = await readForm(request);
  if (!form) return forbidden('The sign-up form could not be read. Go back, reload the page and try again.');
  const next = safeNextPath(form.get('next'));
  if (!(await verifyAnonymousCsrf(form.get(CSRF_FIELD)))) {
    return forbidden('This sign-up form has expired. Go back, reload the page and try again.');
  }
  const outcome = await signUp({ email: form.get('email'), password: form.get('password') }, clientAddress((h) => request.headers.get(h)));
  if (outcome.ok) {
    await startSession(outcome.userId);
    return seeOther(next);
  }
  if (outcome.reason === 'throttled') return throttledPage(outcome.message, outcome.retryAfterSeconds, withQuery('/sign-up', { next }));
  return seeOther(withQuery('/sign-up', { next, error: outcome.code }));
}
