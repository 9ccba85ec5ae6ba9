// The button of a mailed proof or sign-in link: spends the link, proves the address and signs in.
import { CSRF_FIELD, verifyAnonymousCsrf } from '@/lib/auth/csrf';
import { forbidden, readForm } from '@/lib/auth/form-responses';
import { rememberDevice } from '@/lib/auth/known-device';
import { seeOther, withQuery } from '@/lib/auth/navigation';
import { followLink } from '@/lib/auth/recovery';
import { startSession } from '@/lib/auth/sessions';
import { safeNext } from '@/lib/web/safe-next';

export async function POST(request: Request) {
  const form = await readForm(request);
  if (!form) return forbidden('The form could not be read. Go back, reload the page and try again.');
  if (!(await verifyAnonymousCsrf(form.get(CSRF_FIELD))))
    return forbidden('This form has expired. Go back, reload the page and try again.');
  const purpose = form.get('purpose') === 'verify' ? 'verify' : 'sign_in';
  const outcome = await followLink(form.get('token'), purpose);
  const page = purpose === 'verify' ? '/verify-email' : '/email-sign-in';
  if (!outcome.ok) return seeOther(withQuery(page, { error: 'link' }));
  await startSession(outcome.account.id);
  await rememberDevice(outcome.account);
  // A proof link made at sign-up carries where the person was going (checkout, connecting an agent).
  if (purpose === 'verify') return seeOther(safeNext(form.get('next'), '/account?email_confirmed=1'));
  return seeOther('/account');
}
