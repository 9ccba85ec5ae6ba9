// Subscription state per person. A missing row means inactive.
import { db } from '@/lib/db';

export type SubscriptionStatus = 'active' | 'inactive' | 'past_due' | 'canceled';

export type SubscriptionView = {
  status: SubscriptionStatus;
  provider: string | null;
  /** ISO timestamp: when an active subscription renews (or ends, if canceled at period end). */
  renewsAt: string | null;
  expiresAt: string | null;
};

export async function getSubscription(userId: string): Promise<SubscriptionView> {
  const prisma = await db();
  const row = await prisma.subscription.findUnique({ where: { userId } });
  if (!row) return { status: 'inactive', provider: null, renewsAt: null, expiresAt: null };
  const ended = row.currentPeriodEnd !== null && row.currentPeriodEnd.getTime() <= Date.now();
  const status = (ended && row.status === 'active' ? 'inactive' : row.status) as SubscriptionStatus;
  const end = row.currentPeriodEnd?.toISOString() ?? null;
  return { status, provider: row.provider, renewsAt: status === 'active' ? end : null, expiresAt: status === 'active' ? null : end };
}

export async function hasActiveSubscription(userId: string): Promise<boolean> {
  return (await getSubscription(userId)).status === 'active';
}
