import type { Metadata } from 'next';
import Link from 'next/link';
import { LINK_TTL_SECONDS } from '@/lib/auth/email-links';
import { CSRF_FIELD } from '@/lib/auth/csrf';
import { firstParam, requireAnonymousCsrf, type SearchParams } from '@/lib/auth/page-guards';
import styles from '../account.module.css';

export const metadata: Metadata = { title: 'Reset your password', robots: { index: false } };

export default async function ForgotPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const csrf = await requireAnonymousCsrf('/forgot-password', firstParam(params.cookies) === '1');
  const sent = firstParam(params.sent) === '1';
  const badEmail = firstParam(params.error) === 'email';
  return (
    <>
      <h1>Reset your password</h1>
      {csrf === null ? (
        <p className={styles.error} role="alert">
          This needs cookies. Allow cookies for this site in your browser, then reload this page.
        </p>
      ) : (
        <div className={styles.card}>
          {sent && (
            <p className={styles.notice} role="status">
              {`If a Pacewise account uses this address, we have sent it a link to choose a new password. The link works once, for ${LINK_TTL_SECONDS.reset / 60} minutes. Nothing arrived? Check the spam folder, or ask again in a few minutes.`}
            </p>
          )}
          {badEmail && (
            <p className={styles.error} role="alert">
              Enter a valid e-mail address, such as name@example.com.
            </p>
          )}
          <p>
            Enter the address of your account. We mail it a link to choose a new password; a reset signs every browser out and disconnects
            every agent.
          </p>
          <form method="post" action="/api/auth/forgot" className={styles.form}>
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <div className={styles.field}>
              <label htmlFor="email">E-mail</label>
              <input id="email" name="email" type="email" autoComplete="email" required maxLength={254} />
            </div>
            <div className={styles.actions}>
              <button type="submit" className={styles.button}>
                Send the reset link
              </button>
            </div>
          </form>
        </div>
      )}
      <p>
        Remembered it? <Link href="/sign-in">Sign in</Link>
      </p>
    </>
  );
}
