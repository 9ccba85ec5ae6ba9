// Decision on the /device page: approve or decline one pending device code.
import { CSRF_FIELD, verifySessionCsrf } from '@/lib/auth/csrf';
import { countWrongDeviceCode, decideDeviceCode, deviceEntryThrottled } from '@/lib/oauth/device-approval';
import { forbidden, readForm } from '@/lib/auth/form-responses';
import { seeOther, withQuery } from '@/lib/auth/navigation';
import { currentPerson } from '@/lib/auth/sessions';

export async function POST(request: Request) {
  const form = await readForm(request);
  const userCode = typeof form?.get('user_code') === 'string' ? String(form?.get('user_code')).slice(0, 32) : '';
  const person = await currentPerson();
  if (!person) return seeOther(withQuery('/sign-in', { next: withQuery('/device', { user_code: userCode || undefined }) }));
  if (!form || !verifySessionCsrf(person.tokenHash, form.get(CSRF_FIELD))) {
    return forbidden('This form has expired. Go back to the device page, reload it and decide again.');
  }
  const decision = form.get('decision');
  if (decision !== 'approve' && decision !== 'decline') return forbidden('Choose Approve or Decline on the device page.');
  // Past the limit of wrong codes nothing is decided; the page then says to wait.
  if (await deviceEntryThrottled(person.userId)) return seeOther(withQuery('/device', { user_code: userCode }));
  const done = await decideDeviceCode(userCode, person.userId, decision === 'approve');
  if (!done) {
    // A posted code counts like one typed on the page: guessing by POST is guessing too.
    await countWrongDeviceCode(person.userId);
    return seeOther(withQuery('/device', { user_code: userCode, error: 'gone' }));
  }
  return seeOther(withQuery('/device', { done: decision === 'approve' ? 'approved' : 'declined' }));
}
