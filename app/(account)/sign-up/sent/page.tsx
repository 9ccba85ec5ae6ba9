import type { Metadata } from 'next';
import { SIGNED_UP_NOTICE } from '@/lib/auth/accounts';
import { withQuery } from '@/lib/auth/navigation';
import { firstParam, type SearchParams } from '@/lib/auth/page-guards';
import { safeNext } from '@/lib/web/safe-next';
import styles from '../../account.module.css';

export const metadata: Metadata = { title: 'Check your e-mail', robots: { index: false } };

/**
 * After every accepted sign-up form, for a new and a taken address alike (lib/auth/accounts.ts): the
 * mailed link proves the address, signs in and continues to `next`, so nobody signs in twice.
 */
export default async function SignUpSentPage({ searchParams }: { searchParams: SearchParams }) {
  const next = safeNext(firstParam((await searchParams).next));
  return (
    <>
      <h1>Check your e-mail</h1>
      <div className={styles.card}>
        <p className={styles.notice} role="status">
          {SIGNED_UP_NOTICE}
        </p>
        <p>Open the link on this device or another: it confirms your address, signs you in and takes you on from there.</p>
        <p>
          Nothing arrived after a few minutes? Check the spam folder, or{' '}
          <a href={withQuery('/sign-in', { next })}>sign in with your password</a> instead.
        </p>
      </div>
    </>
  );
}
