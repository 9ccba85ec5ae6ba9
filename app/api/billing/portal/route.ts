// "Manage or cancel": Stripe's customer portal for a Stripe subscription (card, invoices, cancel).
import { currentPerson } from '@/lib/auth/sessions';
import { CSRF_FIELD, verifySessionCsrf } from '@/lib/auth/csrf';
import { readForm } from '@/lib/auth/form-responses';
import { seeOther } from '@/lib/auth/navigation';
import { billingConfig } from '@/lib/billing/config';
import { createPortalSession } from '@/lib/billing/stripe';
import { stripeCustomerOf } from '@/lib/billing/subscriptions';

export const dynamic = 'force-dynamic';

export async function POST(req: Request) {
  if (billingConfig().provider !== 'stripe') return new Response('Not found', { status: 404 });
  const person = await currentPerson();
  if (!person) return seeOther('/sign-in?next=%2Faccount');
  const form = await readForm(req);
  if (!form || !verifySessionCsrf(person.tokenHash, form.get(CSRF_FIELD))) {
    return new Response('The form expired or was not sent from this site. Go back, reload the page and try again.', { status: 403 });
  }
  const customer = await stripeCustomerOf(person.userId);
  if (!customer) return seeOther('/account?subscription=none');
  const url = await createPortalSession(customer).catch((error: unknown) => {
    console.error('billing: Stripe portal session failed', error instanceof Error ? error.message : 'unknown error');
    return null;
  });
  if (!url) return seeOther('/account?subscription=portal-down');
  return new Response(null, { status: 303, headers: { Location: url, 'Cache-Control': 'no-store' } });
}
