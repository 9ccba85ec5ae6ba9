// Checkout links for a subscription. The local provider (default, no Stripe configured) serves a
// test-mode checkout page on this site; Stripe is used when STRIPE_SECRET_KEY and STRIPE_PRICE_ID are set.
import crypto from 'node:crypto';
import { db } from '@/lib/database/client';
import { config } from '@/lib/env';
import { AppError } from '@/lib/errors/app-error';
import { billingConfig } from './config';
import { createStripeCheckout } from './stripe';

export const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** 24 hours; CHECKOUT_LINK_TTL_SECONDS shortens it for tests of expiry (never set in production). */
function checkoutLifetimeMs(): number {
  const override = config().billing.checkoutLinkTtlSeconds;
  return override ? override * 1000 : CHECKOUT_LIFETIME_MS;
}
/** A local test-mode checkout grants this long a subscription period. */
export const LOCAL_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

export type CheckoutLink = { url: string; expiresAt: string; provider: string; testMode: boolean };

export async function createCheckoutLink(user: { id: string; email: string }): Promise<CheckoutLink> {
  const cfg = billingConfig();
  const prisma = await db();
  const expiresAt = new Date(Date.now() + checkoutLifetimeMs());
  if (cfg.provider === 'stripe') {
    const session = await createStripeCheckout(user, expiresAt).catch((error: unknown) => {
      console.error('billing: Stripe checkout creation failed', error instanceof Error ? error.message : 'unknown error');
      throw new AppError(
        'checkout_unavailable',
        'The payment provider did not answer; nothing was charged. Try get_payment_checkout_link again in a minute.',
      );
    });
    await prisma.checkoutSession.create({
      data: {
        id: crypto.randomBytes(18).toString('base64url'),
        userId: user.id,
        provider: 'stripe',
        providerSessionId: session.id,
        url: session.url,
        expiresAt,
      },
    });
    return { url: session.url, expiresAt: expiresAt.toISOString(), provider: 'stripe', testMode: session.testMode };
  }
  if (cfg.provider === 'disabled') {
    throw new AppError(
      'checkout_unavailable',
      'Checkout is not configured on this server (no Stripe keys, and the test-mode checkout is disabled in production).',
      { retryable: false },
    );
  }
  const id = crypto.randomBytes(18).toString('base64url');
  const url = `${cfg.siteUrl}/checkout/${id}`;
  await prisma.checkoutSession.create({ data: { id, userId: user.id, provider: 'local', url, expiresAt } });
  return { url, expiresAt: expiresAt.toISOString(), provider: 'local', testMode: true };
}

export type CheckoutView = { id: string; status: 'open' | 'completed' | 'expired'; expiresAt: Date; provider: string };

/** A checkout as its owner sees it; another person's link is refused. */
export async function getCheckoutForUser(id: string, userId: string): Promise<CheckoutView> {
  const prisma = await db();
  const row = await prisma.checkoutSession.findUnique({ where: { id } });
  if (!row) throw new AppError('not_found', 'This checkout link does not exist. Ask your agent for a new one (get_payment_checkout_link).');
  if (row.userId !== userId)
    throw new AppError(
      'forbidden',
      'This checkout link belongs to another account. Sign in as the person it was created for, or ask for a new link.',
    );
  const status = row.status === 'open' && row.expiresAt.getTime() <= Date.now() ? 'expired' : (row.status as CheckoutView['status']);
  return { id: row.id, status, expiresAt: row.expiresAt, provider: row.provider };
}

/** Completes a local test-mode checkout once: the subscription becomes active for one period. */
export async function completeLocalCheckout(id: string, userId: string): Promise<void> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    // Only one request can move an open, unexpired link of this person to completed.
    const claimed = await tx.checkoutSession.updateMany({
      where: { id, userId, provider: 'local', status: 'open', expiresAt: { gt: new Date() } },
      data: { status: 'completed', completedAt: new Date() },
    });
    if (claimed.count !== 1) throw await unclaimable(tx, id, userId);
    const periodEnd = new Date(Date.now() + LOCAL_PERIOD_MS);
    await tx.subscription.upsert({
      where: { userId },
      update: { status: 'active', provider: 'local', currentPeriodEnd: periodEnd },
      create: { userId, status: 'active', provider: 'local', currentPeriodEnd: periodEnd },
    });
  });
}

/** Why a link could not be claimed, as the person is told. */
async function unclaimable(
  tx: Parameters<Parameters<Awaited<ReturnType<typeof db>>['$transaction']>[0]>[0],
  id: string,
  userId: string,
): Promise<AppError> {
  const row = await tx.checkoutSession.findUnique({ where: { id } });
  const own = row !== null && row.userId === userId;
  if (own && row.status === 'completed') return new AppError('conflict', 'This checkout was already completed; it cannot be used again.');
  if (own && row.expiresAt.getTime() <= Date.now())
    return new AppError('expired', 'This checkout link expired (links last 24 hours). Ask your agent for a new one.');
  return new AppError(!row ? 'not_found' : own ? 'conflict' : 'forbidden', 'This checkout link cannot be completed.');
}
