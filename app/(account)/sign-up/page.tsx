import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { FAILURE_MESSAGES, type AuthFailure } from '@/lib/auth/accounts';
import { keptEmail } from '@/lib/auth/kept-input';
import { withQuery } from '@/lib/auth/navigation';
import { safeNext } from '@/lib/web/safe-next';
import { firstParam, requireAnonymousCsrf, type SearchParams } from '@/lib/auth/page-guards';
import { currentPerson } from '@/lib/auth/sessions';
import { AccountForm } from '../_components/account-form';
import styles from '../account.module.css';

export const metadata: Metadata = { title: 'Create an account', robots: { index: false } };

export default async function SignUpPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const next = safeNext(firstParam(params.next));
  if (await currentPerson()) redirect(next);
  const csrf = await requireAnonymousCsrf(withQuery('/sign-up', { next }), firstParam(params.cookies) === '1');
  const code = firstParam(params.error);
  const failure = code && code in FAILURE_MESSAGES ? (code as AuthFailure) : undefined;

  return (
    <>
      <h1>Create your Pacewise account</h1>
      {csrf === null ? (
        <p className={styles.error} role="alert">
          Creating an account needs cookies. Allow cookies for this site in your browser, then reload this page.
        </p>
      ) : (
        <div className={styles.card}>
          <AccountForm
            action="/api/auth/sign-up"
            csrf={csrf}
            hidden={{ next }}
            email="new"
            password={{ kind: 'new' }}
            submit="Create account"
            error={failure && { message: FAILURE_MESSAGES[failure], fields: failure === 'email' ? ['email'] : ['password'] }}
            keptEmail={failure ? await keptEmail() : undefined}
            footnote={
              <>
                By creating an account you agree to the <a href="/terms">terms</a> and the <a href="/privacy">privacy notice</a>. We e-mail
                you a link that confirms your address and signs you in.
              </>
            }
          />
        </div>
      )}
      <p>
        Already have an account? <a href={withQuery('/sign-in', { next })}>Sign in</a>
      </p>
    </>
  );
}
