// Subscription state per person. A missing row means inactive.
import { db } from '@/lib/database/client';

export type SubscriptionStatus = 'active' | 'inactive' | 'past_due' | 'canceled';

export type SubscriptionView = {
  status: SubscriptionStatus;
  provider: string | null;
  /** ISO timestamp: when an active subscription renews (or ends, if canceled at period end). */
  renewsAt: string | null;
  expiresAt: string | null;
};

export type SubscriptionRow = { status: string; provider: string | null; currentPeriodEnd: Date | null };

/** What a stored subscription row (or none) means now: an active one whose period ended is inactive. */
export function subscriptionView(row: SubscriptionRow | null): SubscriptionView {
  if (!row) return { status: 'inactive', provider: null, renewsAt: null, expiresAt: null };
  const ended = row.currentPeriodEnd !== null && row.currentPeriodEnd.getTime() <= Date.now();
  const status = (ended && row.status === 'active' ? 'inactive' : row.status) as SubscriptionStatus;
  const end = row.currentPeriodEnd?.toISOString() ?? null;
  return { status, provider: row.provider, renewsAt: status === 'active' ? end : null, expiresAt: status === 'active' ? null : end };
}

export async function getSubscription(userId: string): Promise<SubscriptionView> {
  const prisma = await db();
  return subscriptionView(
    await prisma.subscription.findUnique({ where: { userId }, select: { status: true, provider: true, currentPeriodEnd: true } }),
  );
}

export async function hasActiveSubscription(userId: string): Promise<boolean> {
  return (await getSubscription(userId)).status === 'active';
}

/**
 * Ends a local test-mode subscription now (the local provider takes no payment, so there is no paid
 * period to run out). Returns whether there was an active local subscription to end.
 */
export async function cancelLocalSubscription(userId: string, now = new Date()): Promise<boolean> {
  const prisma = await db();
  const ended = await prisma.subscription.updateMany({
    where: { userId, provider: 'local', status: 'active' },
    data: { status: 'canceled', currentPeriodEnd: now },
  });
  return ended.count === 1;
}

/** The Stripe customer of a person's subscription, for the customer portal; null without one. */
export async function stripeCustomerOf(userId: string): Promise<string | null> {
  const prisma = await db();
  const row = await prisma.subscription.findUnique({ where: { userId }, select: { provider: true, providerCustomerId: true } });
  return row?.provider === 'stripe' ? (row.providerCustomerId ?? null) : null;
}
