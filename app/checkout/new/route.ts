import { currentPerson } from '@/lib/auth/sessions';
import { CSRF_FIELD, verifySessionCsrf } from '@/lib/auth/csrf';
import { billingConfig } from '@/lib/billing/config';
import { createCheckoutLink } from '@/lib/billing/checkout';
import { config } from '@/lib/env';

export const dynamic = 'force-dynamic';

/** Offers a fresh link when an old one expired: a new checkout for the signed-in person. */
export async function POST(req: Request) {
  if (billingConfig().provider !== 'local') return new Response('Not found', { status: 404 });
  const person = await currentPerson();
  if (!person) return new Response(null, { status: 303, headers: { Location: `${config().siteUrl}/sign-in` } });
  const form = await req.formData().catch(() => null);
  if (!form || !verifySessionCsrf(person.tokenHash, form.get(CSRF_FIELD))) {
    return new Response('The form expired or was not sent from this site. Go back, reload the page and try again.', { status: 403 });
  }
  const link = await createCheckoutLink({ id: person.userId, email: person.email });
  return new Response(null, { status: 303, headers: { Location: link.url } });
}
