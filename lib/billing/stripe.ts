// Stripe provider: Checkout Sessions (mode subscription, 24 h expiry) and signed webhooks, each event
// applied once. Used only when STRIPE_SECRET_KEY and STRIPE_PRICE_ID are set.
import Stripe from 'stripe';
import { db } from '@/lib/database/client';
import { getPlan } from '@/lib/content/plan';
import { config } from '@/lib/env';
import { AppError } from '@/lib/errors/app-error';

function client(): { stripe: Stripe; priceId: string; webhookSecret: string | undefined } {
  const s = config().billing.stripe;
  if (!s) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY and STRIPE_PRICE_ID).');
  const base = s.apiBase ? new URL(s.apiBase) : undefined;
  const stripe = new Stripe(
    s.secretKey,
    base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {},
  );
  return { stripe, priceId: s.priceId, webhookSecret: s.webhookSecret };
}

export async function createStripeCheckout(
  user: { id: string; email: string },
  expiresAt: Date,
): Promise<{ id: string; url: string; testMode: boolean }> {
  const { stripe, priceId } = client();
  const site = config().siteUrl;
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: priceId, quantity: 1 }],
    customer_email: user.email,
    client_reference_id: user.id,
    metadata: { userId: user.id },
    // The trial is written once, in content/plan.yaml, next to the price the checkout page shows.
    subscription_data: { metadata: { userId: user.id }, ...(getPlan().trialDays > 0 ? { trial_period_days: getPlan().trialDays } : {}) },
    expires_at: Math.floor(expiresAt.getTime() / 1000),
    success_url: `${site}/checkout?done=1`,
    cancel_url: `${site}/account?checkout=canceled`,
  });
  if (!session.url) throw new Error('Stripe returned a checkout session without a URL.');
  return { id: session.id, url: session.url, testMode: !session.livemode };
}

/** A Stripe customer portal session (manage the card, see invoices, cancel); returns its URL. */
export async function createPortalSession(customerId: string): Promise<string> {
  const { stripe } = client();
  const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: `${config().siteUrl}/account` });
  return session.url;
}

/** Verifies the signature and applies the event once; returns whether it was new. */
export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<{ applied: boolean; type: string }> {
  const { stripe, webhookSecret } = client();
  if (!webhookSecret) throw new AppError('invalid_signature', 'STRIPE_WEBHOOK_SECRET is not set; webhooks cannot be verified.');
  if (!signature) throw new AppError('invalid_signature', 'Missing Stripe-Signature header.', { field: 'stripe-signature' });
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch {
    throw new AppError('invalid_signature', 'The Stripe-Signature header does not match this payload.', { field: 'stripe-signature' });
  }
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const seen = await tx.billingEvent.createMany({ data: [{ id: event.id, type: event.type }], skipDuplicates: true });
    if (seen.count === 0) return { applied: false, type: event.type };
    await applyEvent(tx, event);
    return { applied: true, type: event.type };
  });
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof db>>['$transaction']>[0]>[0];

async function applyEvent(tx: Tx, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const userId = session.client_reference_id ?? session.metadata?.userId;
      if (!userId) return;
      const subscriptionId = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
      await tx.checkoutSession.updateMany({
        where: { providerSessionId: session.id },
        data: { status: 'completed', completedAt: new Date() },
      });
      await tx.subscription.upsert({
        where: { userId },
        update: {
          status: 'active',
          provider: 'stripe',
          providerSubscriptionId: subscriptionId,
          providerCustomerId: customerId(session.customer),
        },
        create: {
          userId,
          status: 'active',
          provider: 'stripe',
          providerSubscriptionId: subscriptionId,
          providerCustomerId: customerId(session.customer),
        },
      });
      return;
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      const status = event.type === 'customer.subscription.deleted' ? 'canceled' : mapStatus(sub.status);
      const periodEnd = sub.items?.data?.[0]?.current_period_end;
      const userId = sub.metadata?.userId;
      const data = { status, currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null };
      const updated = await tx.subscription.updateMany({ where: { providerSubscriptionId: sub.id }, data });
      if (updated.count === 0 && userId) {
        await tx.subscription.upsert({
          where: { userId },
          update: { ...data, provider: 'stripe', providerSubscriptionId: sub.id },
          create: { userId, ...data, provider: 'stripe', providerSubscriptionId: sub.id, providerCustomerId: customerId(sub.customer) },
        });
      }
      return;
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } | null };
      const subId =
        typeof invoice.subscription === 'string'
          ? invoice.subscription
          : (invoice.subscription?.id ?? invoice.parent?.subscription_details?.subscription);
      const id = typeof subId === 'string' ? subId : subId?.id;
      if (id) await tx.subscription.updateMany({ where: { providerSubscriptionId: id }, data: { status: 'past_due' } });
      return;
    }
    case 'checkout.session.expired': {
      await tx.checkoutSession.updateMany({ where: { providerSessionId: event.data.object.id }, data: { status: 'expired' } });
      return;
    }
    default:
      return;
  }
}

function customerId(c: string | { id: string } | null | undefined): string | undefined {
  return typeof c === 'string' ? c : c?.id;
}

function mapStatus(s: Stripe.Subscription.Status): string {
  if (s === 'active' || s === 'trialing') return 'active';
  if (s === 'past_due' || s === 'unpaid') return 'past_due';
  if (s === 'canceled' || s === 'incomplete_expired') return 'canceled';
  return 'inactive';
}
