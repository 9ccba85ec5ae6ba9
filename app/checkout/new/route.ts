import { currentPerson } from '@/lib/auth/sessions';
import { CSRF_FIELD, verifySessionCsrf } from '@/lib/auth/csrf';
import { billingConfig } from '@/lib/billing/config';
import { createCheckoutLink } from '@/lib/billing/checkout';
import { config } from '@/lib/env';
import { errorResponse } from '@/lib/errors/http';

export const dynamic = 'force-dynamic';

/**
 * A new checkout for the signed-in person: the account page's Subscribe button, and a fresh link when
 * an old one expired. Any configured provider (local test mode or Stripe).
 */
export async function POST(req: Request) {
  if (billingConfig().provider === 'disabled') return new Response('Not found', { status: 404 });
  const person = await currentPerson();
  if (!person) return new Response(null, { status: 303, headers: { Location: `${config().siteUrl}/sign-in` } });
  const form = await req.formData().catch(() => null);
  if (!form || !verifySessionCsrf(person.tokenHash, form.get(CSRF_FIELD))) {
    return new Response('The form expired or was not sent from this site. Go back, reload the page and try again.', { status: 403 });
  }
  try {
    const link = await createCheckoutLink({ id: person.userId, email: person.email });
    return new Response(null, { status: 303, headers: { Location: link.url } });
  } catch (error) {
    return errorResponse(error, { format: 'text', label: 'checkout' });
  }
}
