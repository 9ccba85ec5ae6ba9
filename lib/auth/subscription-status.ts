// Subscription status for the account page: lib/billing is the one source of truth.
import { getSubscription, type SubscriptionStatus } from '@/lib/billing/subscriptions';

export type { SubscriptionStatus };

export async function getSubscriptionStatus(userId: string): Promise<SubscriptionStatus> {
  return (await getSubscription(userId)).status;
}
