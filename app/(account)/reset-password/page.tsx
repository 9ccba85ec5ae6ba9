import type { Metadata } from 'next';
import { FAILURE_MESSAGES } from '@/lib/auth/accounts';
import { CSRF_FIELD } from '@/lib/auth/csrf';
import { linkIsLive } from '@/lib/auth/email-links';
import { withQuery } from '@/lib/auth/navigation';
import { firstParam, requireAnonymousCsrf, type SearchParams } from '@/lib/auth/page-guards';
import { PASSWORD_MIN_LENGTH } from '@/lib/auth/passwords';
import { DeadLink } from '../_components/mailed-link';
import styles from '../account.module.css';

export const metadata: Metadata = { title: 'Choose a new password', robots: { index: false }, referrer: 'no-referrer' };

export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const token = firstParam(params.token) ?? '';
  if (!(await linkIsLive(token, 'reset'))) return <DeadLink heading="Choose a new password" />;
  const csrf = await requireAnonymousCsrf(withQuery('/reset-password', { token }), firstParam(params.cookies) === '1');
  const error = firstParam(params.error);
  const message = error === 'guessable' ? FAILURE_MESSAGES.guessable : error === 'password' ? FAILURE_MESSAGES.password : undefined;
  return (
    <>
      <h1>Choose a new password</h1>
      {csrf === null ? (
        <p className={styles.error} role="alert">
          This needs cookies. Allow cookies for this site in your browser, then reload this page.
        </p>
      ) : (
        <div className={styles.card}>
          {message && (
            <p className={styles.error} role="alert">
              {message}
            </p>
          )}
          <p>Saving it signs every browser out of your account and disconnects every agent; you stay signed in here.</p>
          <form method="post" action="/api/auth/reset" className={styles.form}>
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <input type="hidden" name="token" value={token} />
            <div className={styles.field}>
              <label htmlFor="password">New password</label>
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
                Save the new password
              </button>
            </div>
          </form>
        </div>
      )}
    </>
  );
}
