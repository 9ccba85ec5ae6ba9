import { verifySessionCsrf, CSRF_FIELD } from '@/lib/auth/csrf';
import { forbidden, readForm } from '@/lib/auth/form-responses';
import { seeOther } from '@/lib/auth/navigation';
import { currentPerson, endSession } from '@/lib/auth/sessions';

export async function POST(request: Request) {
  const form = await readForm(request);
  const person = await currentPerson();
  if (!person) return seeOther('/sign-in');
  if (!form || !verifySessionCsrf(person.tokenHash, form.get(CSRF_FIELD))) {
    return forbidden('This sign-out form has expired. Go back, reload the page and try again.');
  }
  await endSession();
  return seeOther('/sign-in?signed_out=1');
}
