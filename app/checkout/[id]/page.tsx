// The test-mode checkout page of the local billing provider (no Stripe configured).
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { currentPerson } from '@/lib/auth/sessions';
import { sessionCsrfToken, CSRF_FIELD } from '@/lib/auth/csrf';
import { billingConfig } from '@/lib/billing/config';
import { CheckoutError, getCheckoutForUser } from '@/lib/billing/checkout';

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
    if (!(error instanceof CheckoutError)) throw error;
    problem = error.message;
  }
  const csrf = sessionCsrfToken(person.tokenHash);
  return (
    <main>
      <p role="note" className="test-mode">
        Test mode: no payment is taken on this page.
      </p>
      <h1>Pacewise subscription</h1>
      <p>Signed in as {person.email}.</p>
      {problem && <p role="alert">{problem}</p>}
      {view?.status === 'open' && (
        <>
          <p>Confirm to start a subscription for this account. Your agent can then call get_account to see it active.</p>
          <p>This link works once and expires at {view.expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC.</p>
          <form method="post" action={`/checkout/${id}/confirm`}>
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <button type="submit">Confirm subscription</button>
          </form>
        </>
      )}
      {view?.status === 'completed' && <p role="status">Checkout complete: your subscription is active. You can return to your agent.</p>}
      {(view?.status === 'expired' || problem) && (
        <form method="post" action="/checkout/new">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <p>{view?.status === 'expired' ? 'This checkout link expired (links last 24 hours).' : ''}</p>
          <button type="submit">Create a new checkout link</button>
        </form>
      )}
    </main>
  );
}
