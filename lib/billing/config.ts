import { config } from '@/lib/env';

export type BillingProvider = 'stripe' | 'local' | 'disabled';

export function billingConfig(): { provider: BillingProvider; siteUrl: string } {
  const c = config();
  const provider: BillingProvider = c.billing.stripe ? 'stripe' : c.billing.localCheckout ? 'local' : 'disabled';
  return { provider, siteUrl: c.siteUrl };
}
