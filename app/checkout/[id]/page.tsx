// The test-mode checkout page of the local billing provider (no Stripe configured).
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { currentPerson } from '@/lib/auth/sessions';
import { sessionCsrfToken, CSRF_FIELD } from '@/lib/auth/csrf';
import { billingConfig } from '@/lib/billing/config';
import { getCheckoutForUser } from '@/lib/billing/checkout';
import { isAppError } from '@/lib/errors/app-error';
import { PlanSummary } from '../plan-summary';
import styles from '../checkout.module.css';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Checkout (test mode)', robots: { index: false } };

export default async function CheckoutPage({ params }: { params: Promise<{ id: string }> }) {
  if (billingConfig().provider !== 'local') notFound();
  const { id } = await params;
  const person = await currentPerson();
  if (!person) redirect(`/sign-in?next=${encodeURIComponent(`/checkout/${id}`)}`);
  let view;
  let problem: string | undefined;
  try {
    view = await getCheckoutForUser(id, person.userId);
  } catch (error) {
    if (!isAppError(error)) throw error;
    problem = error.message;
  }
  const csrf = sessionCsrfToken(person.tokenHash);
  return (
    <div className={`container ${styles.page}`}>
      <p role="note" className={styles.testMode}>
        Test mode: no payment is taken on this page.
      </p>
      <h1>{view?.status === 'completed' ? 'Checkout complete' : 'Pacewise subscription'}</h1>
      <p>Signed in as {person.email}.</p>
      {problem && (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      )}
      {view?.status === 'open' && (
        <>
          <PlanSummary trial={false} />
          <p>This link works once and expires at {view.expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC.</p>
          <form method="post" action={`/checkout/${id}/confirm`} className={styles.actions}>
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <button type="submit" className="button button-primary">
              Confirm subscription
            </button>
          </form>
        </>
      )}
      {view?.status === 'completed' && (
        <>
          <p role="status" className={styles.notice}>
            Your subscription is active. Next, connect your AI agent: it takes about a minute. An agent you already connected sees it now
            (get_account).
          </p>
          <p className={styles.actions}>
            <a className="button button-primary" href="/agents">
              Connect your agent
            </a>
            <a href="/account">Your account</a>
          </p>
          <form method="post" action="/api/billing/cancel" className={styles.actions}>
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <button type="submit" className="button" data-testid="cancel-subscription">
              Cancel the subscription
            </button>
          </form>
        </>
      )}
      {(view?.status === 'expired' || problem) && (
        <form method="post" action="/checkout/new" className={styles.actions}>
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          {view?.status === 'expired' ? <p>This checkout link expired (links last 24 hours).</p> : null}
          <button type="submit" className="button button-primary">
            Create a new checkout link
          </button>
        </form>
      )}
    </div>
  );
}
