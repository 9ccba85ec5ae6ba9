// The Revoke button of a connected agent on /account: every token of that grant stops working.
import { revokeConnectedAgent } from '@/lib/oauth/connected-agents';
import { CSRF_FIELD, verifySessionCsrf } from '@/lib/auth/csrf';
import { forbidden, readForm } from '@/lib/auth/form-responses';
import { seeOther } from '@/lib/auth/navigation';
import { currentPerson } from '@/lib/auth/sessions';

export async function POST(request: Request) {
  const form = await readForm(request);
  const person = await currentPerson();
  if (!person) return seeOther('/sign-in?next=/account');
  if (!form || !verifySessionCsrf(person.tokenHash, form.get(CSRF_FIELD))) {
    return forbidden('This form has expired. Go back to your account page, reload it and try again.');
  }
  const grantId = form.get('grant_id');
  const revoked = typeof grantId === 'string' && grantId.length <= 128 && (await revokeConnectedAgent(person.userId, grantId));
  return seeOther(revoked ? '/account?revoked=1' : '/account');
}
