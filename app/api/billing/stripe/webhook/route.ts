import { config } from '@/lib/env';
import { handleStripeWebhook, WebhookError } from '@/lib/billing/stripe';

export const dynamic = 'force-dynamic';

export async function POST(req: Request) {
  if (!config().billing.stripe) return Response.json({ error: 'Stripe is not configured on this server.' }, { status: 404 });
  const body = await req.text();
  try {
    const result = await handleStripeWebhook(body, req.headers.get('stripe-signature'));
    return Response.json({ received: true, applied: result.applied, type: result.type });
  } catch (error) {
    if (error instanceof WebhookError) return Response.json({ error: error.message }, { status: 400 });
    throw error;
  }
}
