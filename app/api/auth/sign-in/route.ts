import { after } from 'next/server';
import { mailLater, mailNewDevice, mailSignInLink } from '@/lib/auth/account-mail';
import { signIn } from '@/lib/auth/accounts';
import { addressKey } from '@/lib/auth/address-key';
import { clientAddress } from '@/lib/auth/client-address';
import { CSRF_FIELD, verifyAnonymousCsrf } from '@/lib/auth/csrf';
import { readForm, throttledPage, forbidden } from '@/lib/auth/form-responses';
import { rememberDevice } from '@/lib/auth/known-device';
import { seeOther, withQuery } from '@/lib/auth/navigation';
import { RATE_LIMITS, hit } from '@/lib/auth/rate-limit';
import { keepEmail } from '@/lib/auth/kept-input';
import { safeNext } from '@/lib/web/safe-next';
import { startSession } from '@/lib/auth/sessions';

export async function POST(request: Request) {
  const form = await readForm(request);
  if (!form) return forbidden('The sign-in form could not be read. Go back, reload the page and try again.');
  const next = safeNext(form.get('next'));
  if (!(await verifyAnonymousCsrf(form.get(CSRF_FIELD)))) {
    return forbidden('This sign-in form has expired. Go back, reload the page and sign in again.');
  }
  const address = clientAddress((h) => request.headers.get(h));
  const outcome = await signIn({ email: form.get('email'), password: form.get('password') }, address);
  if (outcome.ok) {
    await startSession(outcome.userId);
    await rememberDevice(outcome.account);
    if (outcome.newDevice) {
      const when = new Date();
      mailLater(after, () => mailNewDevice(outcome.email, when, address, request.headers.get('user-agent') ?? ''));
    }
    return seeOther(next);
  }
  if (outcome.reason === 'throttled') {
    const email = String(form.get('email') ?? '')
      .trim()
      .toLowerCase();
    // The answer is the same whether a link goes out: mailSignInLink mails only a real account, at most a few times an hour.
    if (outcome.mailLink && (await hit(RATE_LIMITS.mailRequestAddress, addressKey(address))).allowed)
      mailLater(after, () => mailSignInLink(email));
    return throttledPage(outcome.message, outcome.retryAfterSeconds, withQuery('/sign-in', { next }));
  }
  await keepEmail(form.get('email'));
  return seeOther(withQuery('/sign-in', { next, error: outcome.code }));
}
