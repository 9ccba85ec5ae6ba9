import { after } from 'next/server';
import { mailAfterSignUp, mailLater } from '@/lib/auth/account-mail';
import { signUp } from '@/lib/auth/accounts';
import { clientAddress } from '@/lib/auth/client-address';
import { CSRF_FIELD, verifyAnonymousCsrf } from '@/lib/auth/csrf';
import { forbidden, readForm, throttledPage } from '@/lib/auth/form-responses';
import { seeOther, withQuery } from '@/lib/auth/navigation';
import { keepEmail } from '@/lib/auth/kept-input';
import { safeNext } from '@/lib/web/safe-next';

export async function POST(request: Request) {
  const form = await readForm(request);
  if (!form) return forbidden('The sign-up form could not be read. Go back, reload the page and try again.');
  const next = safeNext(form.get('next'));
  if (!(await verifyAnonymousCsrf(form.get(CSRF_FIELD)))) {
    return forbidden('This sign-up form has expired. Go back, reload the page and try again.');
  }
  const outcome = await signUp(
    { email: form.get('email'), password: form.get('password') },
    clientAddress((h) => request.headers.get(h)),
  );
  // The same answer for a new and a taken e-mail (lib/auth/accounts.ts): the mail, sent after the
  // response, proves a new address (its link signs in and continues to `next`) or tells the owner of
  // a taken one.
  if (outcome.ok) {
    mailLater(after, () => mailAfterSignUp(outcome.email, outcome.created, next));
    return seeOther(withQuery('/sign-up/sent', { next }));
  }
  if (outcome.reason === 'throttled') return throttledPage(outcome.message, outcome.retryAfterSeconds, withQuery('/sign-up', { next }));
  await keepEmail(form.get('email'));
  return seeOther(withQuery('/sign-up', { next, error: outcome.code }));
}
