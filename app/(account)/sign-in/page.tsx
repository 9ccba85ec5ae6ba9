import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { FAILURE_MESSAGES } from '@/lib/auth/accounts';
import { keptEmail } from '@/lib/auth/kept-input';
import { withQuery } from '@/lib/auth/navigation';
import { safeNext } from '@/lib/web/safe-next';
import { firstParam, requireAnonymousCsrf, type SearchParams } from '@/lib/auth/page-guards';
import { currentPerson } from '@/lib/auth/sessions';
import { findIntegration } from '@/lib/content/integration-catalogue';
import { AccountForm } from '../_components/account-form';
import styles from '../account.module.css';

export const metadata: Metadata = { title: 'Sign in', robots: { index: false } };

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const next = safeNext(firstParam(params.next));
  if (await currentPerson()) redirect(next);
  const failed = firstParam(params.error) === 'credentials';
  const signedOut = firstParam(params.signed_out) === '1';
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
          {signedOut && !failed && (
            <p className={styles.notice} role="status">
              You are signed out.
            </p>
          )}
          <AccountForm
            action="/api/auth/sign-in"
            csrf={csrf}
            hidden={{ next }}
            email="existing"
            password={{ kind: 'current' }}
            submit="Sign in"
            // The failure does not say which field is wrong (no account enumeration): both are marked,
            // the typed address is kept and the password, the one to type again, takes the focus.
            error={failed ? { message: FAILURE_MESSAGES.credentials, fields: ['password', 'email'] } : undefined}
            keptEmail={failed ? await keptEmail() : undefined}
          />
        </div>
      )}
      <p>
        <a href="/forgot-password">Forgot your password?</a>
      </p>
      <p>
        New to Pacewise? <a href={withQuery('/sign-up', { next })}>Create an account</a>
      </p>
    </>
  );
}
