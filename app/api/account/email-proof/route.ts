// "Send the link again" on /account: a new link proving the account's address, within the same
// per-account mail limit as sign-up's proof link (lib/auth/account-mail.ts).
import { CSRF_FIELD, verifySessionCsrf } from '@/lib/auth/csrf';
import { requestProofLink } from '@/lib/auth/email-proof';
import { forbidden, readForm } from '@/lib/auth/form-responses';
import { seeOther } from '@/lib/auth/navigation';
import { currentPerson } from '@/lib/auth/sessions';

export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  const form = await readForm(request);
  const person = await currentPerson();
  if (!person) return seeOther('/sign-in?next=/account');
  if (!form || !verifySessionCsrf(person.tokenHash, form.get(CSRF_FIELD))) {
    return forbidden('This form has expired. Go back to your account page, reload it and try again.');
  }
  let outcome: string;
  try {
    outcome = await requestProofLink(person.userId);
  } catch (error) {
    // The mail server refused or was unreachable: say so (never the message, which holds the link).
    console.error(`pacewise: proof link not sent: ${(error as { code?: string }).code ?? (error as Error).name}`);
    outcome = 'failed';
  }
  return seeOther(`/account?proof=${outcome}#email-proof`);
}
