import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { FAILURE_MESSAGES, type AuthFailure } from '@/lib/auth/accounts';
import { CSRF_FIELD } from '@/lib/auth/csrf';
import { withQuery } from '@/lib/auth/navigation';
import { safeNext } from '@/lib/web/safe-next';
import { firstParam, requireAnonymousCsrf, type SearchParams } from '@/lib/auth/page-guards';
import { PASSWORD_MIN_LENGTH } from '@/lib/auth/passwords';
import { currentPerson } from '@/lib/auth/sessions';
import styles from '../account.module.css';

export const metadata: Metadata = { title: 'Create an account', robots: { index: false } };

export default async function SignUpPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const next = safeNext(firstParam(params.next));
  if (await currentPerson()) redirect(next);
  const csrf = await requireAnonymousCsrf(withQuery('/sign-up', { next }), firstParam(params.cookies) === '1');
  const error = firstParam(params.error);
  const message = error && error in FAILURE_MESSAGES ? FAILURE_MESSAGES[error as AuthFailure] : undefined;

  return (
    <>
      <h1>Create your Pacewise account</h1>
      {csrf === null ? (
        <p className={styles.error} role="alert">
          Creating an account needs cookies. Allow cookies for this site in your browser, then reload this page.
        </p>
      ) : (
        <div className={styles.card}>
          {message && (
            <p className={styles.error} role="alert">
              {message}
            </p>
          )}
          <form method="post" action="/api/auth/sign-up" className={styles.form}>
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <input type="hidden" name="next" value={next} />
            <div className={styles.field}>
              <label htmlFor="email">E-mail</label>
              <input id="email" name="email" type="email" autoComplete="email" required maxLength={254} />
            </div>
            <div className={styles.field}>
              <label htmlFor="password">Password</label>
              <input
                id="password"
                name="password"
                type="password"
                autoComplete="new-password"
                required
                minLength={PASSWORD_MIN_LENGTH}
                maxLength={256}
                aria-describedby="password-hint"
              />
              <p id="password-hint" className={styles.hint}>
                At least {PASSWORD_MIN_LENGTH} characters, and not a common password or pattern: three or four unrelated words work well.
              </p>
            </div>
            <div className={styles.actions}>
              <button type="submit" className={styles.button}>
                Create account
              </button>
            </div>
          </form>
        </div>
      )}
      <p>
        Already have an account? <Link href={withQuery('/sign-in', { next })}>Sign in</Link>
      </p>
    </>
  );
}
