import { z } from 'zod';
import { createCheckoutLink } from '@/lib/billing/checkout';
import { getSubscription } from '@/lib/billing/subscriptions';
import { defineTool } from '../define-tool';

const subscriptionOutput = z.object({
  status: z.enum(['active', 'inactive', 'past_due', 'canceled']),
  provider: z.string().nullable(),
  renewsAt: z.string().nullable().describe('ISO 8601 timestamp when an active subscription renews'),
  expiresAt: z.string().nullable().describe('ISO 8601 timestamp when access ended or ends'),
});

export const getAccount = defineTool({
  name: 'get_account',
  title: 'Get account',
  description:
    'The connected account: e-mail, grantedScopes and subscription status. Call first after connecting; if subscription.status is not "active", ' +
    'most tools answer subscription_inactive: call get_payment_checkout_link. Free, any scope.',
  scope: null,
  needsSubscription: false,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: z.object({}),
  output: z.object({ email: z.string(), grantedScopes: z.array(z.string()), subscription: subscriptionOutput }),
  handler: async (_args, { person, grantedScopes, subscription }) => ({
    email: person.email,
    grantedScopes: [...grantedScopes].sort(),
    subscription: subscription ?? (await getSubscription(person.id)),
  }),
});

export const getPaymentCheckoutLink = defineTool({
  name: 'get_payment_checkout_link',
  title: 'Get payment checkout link',
  description:
    'A one-time checkout link (24 h, expiresAt ISO 8601) for the person to open in a browser and subscribe; then get_account shows subscription.status "active". Free, any scope.',
  scope: null,
  needsSubscription: false,
  annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  input: z.object({}),
  output: z.object({
    url: z.string().describe('The checkout page to open in a browser'),
    expiresAt: z.string().describe('ISO 8601 timestamp, 24 hours after creation'),
    testMode: z.boolean().describe('True when no real payment is taken (test-mode checkout)'),
  }),
  handler: async (_args, { person }) => {
    const link = await createCheckoutLink(person);
    return { url: link.url, expiresAt: link.expiresAt, testMode: link.testMode };
  },
});
