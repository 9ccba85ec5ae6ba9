import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { FAILURE_MESSAGES, SIGNED_UP_NOTICE } from '@/lib/auth/accounts';
import { CSRF_FIELD } from '@/lib/auth/csrf';
import { withQuery } from '@/lib/auth/navigation';
import { safeNext } from '@/lib/web/safe-next';
import { firstParam, requireAnonymousCsrf, type SearchParams } from '@/lib/auth/page-guards';
import { currentPerson } from '@/lib/auth/sessions';
import { findIntegration } from '@/lib/content/integration-catalogue';
import styles from '../account.module.css';

export const metadata: Metadata = { title: 'Sign in', robots: { index: false } };

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const next = safeNext(firstParam(params.next));
  if (await currentPerson()) redirect(next);
  const failed = firstParam(params.error) === 'credentials';
  const signedOut = firstParam(params.signed_out) === '1';
  const signedUp = firstParam(params.signed_up) === '1';
  // Set by an integration's callback (lib/integrations/callback.ts): the connection finishes after sign-in.
  const integration = findIntegration(firstParam(params.integration) ?? '');
  const csrf = await requireAnonymousCsrf(
    withQuery('/sign-in', { next, integration: integration?.id }),
    firstParam(params.cookies) === '1',
  );

  return (
    <>
      <h1>Sign in</h1>
      {csrf === null ? (
        <p className={styles.error} role="alert">
          Signing in needs cookies. Allow cookies for this site in your browser, then reload this page.
        </p>
      ) : (
        <div className={styles.card}>
          {integration && !failed && (
            <p className={styles.notice} role="status">
              {`Sign in to finish connecting ${integration.name}. Use the Pacewise account your agent works for: a link made for another account is refused.`}
            </p>
          )}
          {signedUp && !failed && (
            <p className={styles.notice} role="status">
              {SIGNED_UP_NOTICE}
            </p>
          )}
          {signedOut && !failed && (
            <p className={styles.notice} role="status">
              You are signed out.
            </p>
          )}
          {failed && (
            <p className={styles.error} role="alert">
              {FAILURE_MESSAGES.credentials}
            </p>
          )}
          <form method="post" action="/api/auth/sign-in" className={styles.form}>
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <input type="hidden" name="next" value={next} />
            <div className={styles.field}>
              <label htmlFor="email">E-mail</label>
              <input id="email" name="email" type="email" autoComplete="username" required maxLength={254} />
            </div>
            <div className={styles.field}>
              <label htmlFor="password">Password</label>
              <input id="password" name="password" type="password" autoComplete="current-password" required maxLength={256} />
            </div>
            <div className={styles.actions}>
              <button type="submit" className={styles.button}>
                Sign in
              </button>
            </div>
          </form>
        </div>
      )}
      <p>
        <Link href="/forgot-password">Forgot your password?</Link>
      </p>
      <p>
        New to Pacewise? <Link href={withQuery('/sign-up', { next })}>Create an account</Link>
      </p>
    </>
  );
}
