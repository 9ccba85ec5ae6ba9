// Sets a new password from a reset link: signs out every browser, revokes every agent, then signs this one in.
import { CSRF_FIELD, verifyAnonymousCsrf } from '@/lib/auth/csrf';
import { forbidden, readForm } from '@/lib/auth/form-responses';
import { rememberDevice } from '@/lib/auth/known-device';
import { seeOther, withQuery } from '@/lib/auth/navigation';
import { resetPassword } from '@/lib/auth/recovery';
import { startSession } from '@/lib/auth/sessions';

export async function POST(request: Request) {
  const form = await readForm(request);
  if (!form) return forbidden('The form could not be read. Go back, reload the page and try again.');
  if (!(await verifyAnonymousCsrf(form.get(CSRF_FIELD))))
    return forbidden('This form has expired. Go back, reload the page and try again.');
  const token = form.get('token');
  const outcome = await resetPassword(token, form.get('password'));
  if (!outcome.ok) {
    // A weak password keeps the (unspent) link, so the page can ask again.
    if (outcome.reason === 'link') return seeOther(withQuery('/reset-password', { error: 'link' }));
    return seeOther(withQuery('/reset-password', { token: typeof token === 'string' ? token : '', error: outcome.reason }));
  }
  await startSession(outcome.account.id);
  await rememberDevice(outcome.account);
  return seeOther('/account?password_reset=1');
}
