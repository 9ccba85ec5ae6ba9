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
