import { config } from '@/lib/env';
import { handleStripeWebhook } from '@/lib/billing/stripe';
import { errorResponse } from '@/lib/errors/http';

export const dynamic = 'force-dynamic';

export async function POST(req: Request) {
  if (!config().billing.stripe) return Response.json({ error: 'Stripe is not configured on this server.' }, { status: 404 });
  const body = await req.text();
  try {
    const result = await handleStripeWebhook(body, req.headers.get('stripe-signature'));
    return Response.json({ received: true, applied: result.applied, type: result.type });
  } catch (error) {
    // A bad signature is 400 (Stripe does not retry it); a server fault is a 5xx, which Stripe retries.
    return errorResponse(error, { format: 'json', label: 'stripe webhook' });
  }
}
