// "Forgot password": one answer for every address (no enumeration); the reset link is mailed after
// the response, and only when the address has an account (lib/auth/account-mail.ts).
import { after } from 'next/server';
import { z } from 'zod';
import { mailLater, mailPasswordReset } from '@/lib/auth/account-mail';
import { addressKey } from '@/lib/auth/address-key';
import { clientAddress } from '@/lib/auth/client-address';
import { CSRF_FIELD, verifyAnonymousCsrf } from '@/lib/auth/csrf';
import { forbidden, readForm, throttledPage } from '@/lib/auth/form-responses';
import { seeOther, withQuery } from '@/lib/auth/navigation';
import { keepEmail } from '@/lib/auth/kept-input';
import { RATE_LIMITS, hit } from '@/lib/auth/rate-limit';

const Email = z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254));

export async function POST(request: Request) {
  const form = await readForm(request);
  if (!form) return forbidden('The form could not be read. Go back, reload the page and try again.');
  if (!(await verifyAnonymousCsrf(form.get(CSRF_FIELD))))
    return forbidden('This form has expired. Go back, reload the page and try again.');
  const email = Email.safeParse(form.get('email'));
  if (!email.success) {
    await keepEmail(form.get('email'));
    return seeOther(withQuery('/forgot-password', { error: 'email' }));
  }
  const limit = await hit(RATE_LIMITS.mailRequestAddress, addressKey(clientAddress((h) => request.headers.get(h))));
  if (!limit.allowed)
    return throttledPage(
      'Too many requests for reset links from your network. Wait and try again.',
      limit.retryAfterSeconds,
      '/forgot-password',
    );
  mailLater(after, () => mailPasswordReset(email.data));
  return seeOther(withQuery('/forgot-password', { sent: '1' }));
}
