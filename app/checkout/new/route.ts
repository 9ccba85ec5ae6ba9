import { currentPerson } from '@/lib/auth/sessions';
import { CSRF_FIELD, verifySessionCsrf } from '@/lib/auth/csrf';
import { billingConfig } from '@/lib/billing/config';
import { CheckoutError, createCheckoutLink } from '@/lib/billing/checkout';
import { config } from '@/lib/env';

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
  const link = await createCheckoutLink({ id: person.userId, email: person.email }).catch((error: unknown) => {
    if (error instanceof CheckoutError) return error;
    throw error;
  });
  if (link instanceof CheckoutError) return new Response(link.message, { status: 503, headers: { 'Retry-After': '60' } });
  return new Response(null, { status: 303, headers: { Location: link.url } });
}
