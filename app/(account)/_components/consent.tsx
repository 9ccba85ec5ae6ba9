// The parts of a consent decision shared by the browser consent page and the device page.
import { describeScope } from '@/lib/oauth/scopes';
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

/**
 * Who the client is, as far as Pacewise knows: its client_id, and that its name is its own claim.
 * Every client here registered itself (POST /register) or published its own metadata document:
 * nothing about its name is verified, so the person is told so, with the identifier to compare.
 */
export function ClientIdentity({ clientId, clientName, documentHost }: { clientId: string; clientName: string; documentHost?: string }) {
  return (
    <p className={styles.notice} data-testid={documentHost ? 'unverified-metadata' : 'unverified-registration'}>
      <strong>Unverified:</strong>{' '}
      {documentHost ? (
        <>
          the name “{clientName}” comes from the app’s own metadata document at <code data-testid="document-host">{documentHost}</code>
        </>
      ) : (
        <>the name “{clientName}” is the one the app gave itself when it registered</>
      )}
      ; Pacewise has not checked who runs it. Client ID: <code data-testid="client-id">{clientId}</code>.
    </p>
  );
}
