import type { Metadata } from 'next';
import { FAILURE_MESSAGES } from '@/lib/auth/accounts';
import { linkIsLive } from '@/lib/auth/email-links';
import { withQuery } from '@/lib/auth/navigation';
import { firstParam, requireAnonymousCsrf, type SearchParams } from '@/lib/auth/page-guards';
import { AccountForm } from '../_components/account-form';
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
          <p>Saving it signs every browser out of your account and disconnects every agent; you stay signed in here.</p>
          <AccountForm
            action="/api/auth/reset"
            csrf={csrf}
            hidden={{ token }}
            password={{ kind: 'new', label: 'New password' }}
            submit="Save the new password"
            error={message ? { message, fields: ['password'] } : undefined}
          />
        </div>
      )}
    </>
  );
}
