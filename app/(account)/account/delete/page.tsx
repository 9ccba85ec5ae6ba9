import type { Metadata } from 'next';
import { deletionSummary } from '@/lib/account/deletion';
import { CSRF_FIELD, sessionCsrfToken } from '@/lib/auth/csrf';
import { firstParam, requirePerson, type SearchParams } from '@/lib/auth/page-guards';
import styles from '../../account.module.css';

export const metadata: Metadata = { title: 'Delete your account', robots: { index: false } };

const ERRORS: Record<string, string> = {
  'wrong-password': "That password is not this account's password, so nothing was deleted. Enter the password you sign in with.",
  confirm: 'Nothing was deleted: tick the box to confirm that you want your account and all its data deleted.',
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The confirmation step: what will go, a last chance to download it, then password and a tick. */
export default async function DeleteAccountPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const person = await requirePerson('/account/delete');
  const summary = await deletionSummary(person.userId);
  const csrf = sessionCsrfToken(person.tokenHash);
  const error = ERRORS[firstParam(params.error) ?? ''];

  return (
    <>
      <h1>Delete your account</h1>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.card}>
        <p>
          This deletes the Pacewise account <strong>{person.email}</strong> and everything it holds, for good. It cannot be undone:
        </p>
        <ul data-testid="deletion-summary">
          <li>your profile, benchmarks, subscription record and time off;</li>
          <li>
            {count(summary.plans, 'training plan', 'training plans')} and {count(summary.sessions, 'session', 'sessions')}, with everything
            logged and every reason for a change;
          </li>
          <li>{count(summary.healthRecords, 'health record', 'health records')};</li>
          <li>
            {summary.agents === 0
              ? 'no connected agents'
              : `${count(summary.agents, 'connected agent', 'connected agents')}: their access is revoked`}
            ;
          </li>
          <li>
            {summary.stravaConnected ? "your Strava connection: Strava is told to remove Pacewise's access" : 'no Strava connection'};
          </li>
          <li>every signed-in browser, this one included.</li>
        </ul>
        <p>
          Want a copy first? <a href="/account#your-data">Download your data</a> from your account page.
        </p>
        <form method="post" action="/api/account/delete" className={styles.form}>
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <div className={styles.field}>
            <label htmlFor="delete-password">Your password</label>
            <input id="delete-password" name="password" type="password" autoComplete="current-password" required maxLength={256} />
          </div>
          <p>
            <input id="delete-confirm" name="confirm" type="checkbox" value="yes" required />{' '}
            <label htmlFor="delete-confirm">I understand that my account and all its data will be deleted and cannot be recovered.</label>
          </p>
          <div className={styles.actions}>
            <button type="submit" className={styles.button}>
              Delete my account
            </button>
            <a href="/account" className={styles.secondary}>
              Cancel, keep my account
            </a>
          </div>
        </form>
      </div>
    </>
  );
}
