import type { Metadata } from 'next';
import { LINK_TTL_SECONDS } from '@/lib/auth/email-links';
import { keptEmail } from '@/lib/auth/kept-input';
import { firstParam, requireAnonymousCsrf, type SearchParams } from '@/lib/auth/page-guards';
import { AccountForm } from '../_components/account-form';
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
          <p>
            Enter the address of your account. We mail it a link to choose a new password; a reset signs every browser out and disconnects
            every agent.
          </p>
          <AccountForm
            action="/api/auth/forgot"
            csrf={csrf}
            email="new"
            submit="Send the reset link"
            error={badEmail ? { message: 'Enter a valid e-mail address, such as name@example.com.', fields: ['email'] } : undefined}
            keptEmail={badEmail ? await keptEmail() : undefined}
          />
        </div>
      )}
      <p>
        Remembered it? <a href="/sign-in">Sign in</a>
      </p>
    </>
  );
}
