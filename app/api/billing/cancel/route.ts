// The cancel button of the local test-mode checkout (the account page and the completed checkout).
import { currentPerson } from '@/lib/auth/sessions';
import { CSRF_FIELD, verifySessionCsrf } from '@/lib/auth/csrf';
import { readForm } from '@/lib/auth/form-responses';
import { seeOther } from '@/lib/auth/navigation';
import { billingConfig } from '@/lib/billing/config';
import { cancelLocalSubscription } from '@/lib/billing/subscriptions';

export const dynamic = 'force-dynamic';

export async function POST(req: Request) {
  if (billingConfig().provider !== 'local') return new Response('Not found', { status: 404 });
  const person = await currentPerson();
  if (!person) return seeOther('/sign-in?next=%2Faccount');
  const form = await readForm(req);
  if (!form || !verifySessionCsrf(person.tokenHash, form.get(CSRF_FIELD))) {
    return new Response('The form expired or was not sent from this site. Go back, reload the page and try again.', { status: 403 });
  }
  const ended = await cancelLocalSubscription(person.userId);
  return seeOther(`/account?subscription=${ended ? 'canceled' : 'none'}`);
}
