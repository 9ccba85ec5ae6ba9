// The way in after sign-up (and the account page's Subscribe): the plan and its price, then on to
// the payment provider; once subscribed, on to connecting an agent.
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { CSRF_FIELD, sessionCsrfToken } from '@/lib/auth/csrf';
import { firstParam, requirePerson, type SearchParams } from '@/lib/auth/page-guards';
import { billingConfig } from '@/lib/billing/config';
import { getSubscription } from '@/lib/billing/subscriptions';
import { PlanSummary } from './plan-summary';
import styles from './checkout.module.css';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Subscribe', robots: { index: false } };

export default async function CheckoutStartPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const person = await requirePerson('/checkout');
  const provider = billingConfig().provider;
  // No checkout on this server: connecting an agent is the next step either way.
  if (provider === 'disabled') redirect('/agents');
  const subscription = await getSubscription(person.userId);
  const active = subscription.status === 'active';
  const returned = firstParam(params.done) === '1';
  return (
    <div className={`container ${styles.page}`}>
      <h1>{active ? 'You are subscribed' : 'Subscribe to Pacewise'}</h1>
      <p>Signed in as {person.email}.</p>
      {active ? (
        <p className={styles.notice} role="status">
          Your subscription is active. Next, connect your AI agent: it takes about a minute.
        </p>
      ) : returned ? (
        <p className={styles.notice} role="status">
          Payment received: your subscription turns active as soon as the payment provider confirms it. Reload this page in a moment.
        </p>
      ) : null}
      {active ? null : (
        <>
          <PlanSummary trial={provider === 'stripe'} />
          <form method="post" action="/checkout/new" className={styles.actions}>
            <input type="hidden" name={CSRF_FIELD} value={sessionCsrfToken(person.tokenHash)} />
            <button type="submit" className="button button-primary" data-testid="subscribe">
              {provider === 'stripe' ? 'Continue to payment' : 'Continue to the test checkout'}
            </button>
            <a href="/agents">Connect an agent first</a>
          </form>
        </>
      )}
      {active ? (
        <p className={styles.actions}>
          <a className="button button-primary" href="/agents">
            Connect your agent
          </a>
          <a href="/account">Your account</a>
        </p>
      ) : null}
    </div>
  );
}
