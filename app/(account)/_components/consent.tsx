// The parts of a consent decision shared by the browser consent page and the device page.
import { describeScope } from '@/lib/auth/scopes';
import styles from '../account.module.css';

/** Who asks, for whom, and each requested scope in plain words. */
export function GrantSummary({ clientName, email, scopes }: { clientName: string; email: string; scopes: readonly string[] }) {
  return (
    <>
      <p>
        <strong data-testid="client-name">{clientName}</strong> asks to act on behalf of <strong>{email}</strong>. It will be able to:
      </p>
      <ul className={styles.scopes} data-testid="scopes">
        {scopes.map((s) => (
          <li key={s}>
            {describeScope(s)} <code>{s}</code>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Approve and Decline, submitted as `decision` with the form they sit in. */
export function DecisionButtons() {
  return (
    <>
      <button type="submit" name="decision" value="approve" className={styles.button}>
        Approve
      </button>
      <button type="submit" name="decision" value="decline" className={styles.secondary}>
        Decline
      </button>
    </>
  );
}
