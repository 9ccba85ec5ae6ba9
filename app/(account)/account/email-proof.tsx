// The "E-mail address" section of /account: whether the address is proved, and while it is not, a
// button that mails the proof link again (app/api/account/email-proof, per-account mail limit).
import { CSRF_FIELD } from '@/lib/auth/csrf';
import { addressProvedAt } from '@/lib/auth/email-proof';
import styles from '../account.module.css';

const NOTICES: Record<string, string> = {
  sent: 'A new link is on its way. Open it from your inbox to prove the address; it works once, for 24 hours.',
  throttled: 'Too many links were sent to this address in the last hour. Use the newest one in your inbox, or try again in an hour.',
  proved: 'This address is already proved: there is nothing to send.',
  failed: 'The link could not be sent just now (the mail server did not take it). Try again in a few minutes.',
};

export async function EmailProof({
  userId,
  email,
  csrf,
  notice,
}: {
  userId: string;
  email: string;
  csrf: string;
  notice: string | undefined;
}) {
  const provedAt = await addressProvedAt(userId);
  const message = notice ? NOTICES[notice] : undefined;
  return (
    <section className={styles.card} aria-labelledby="email-proof-heading" id="email-proof" data-testid="email-proof">
      <h2 id="email-proof-heading">E-mail address</h2>
      {message ? (
        <p className={notice === 'sent' || notice === 'proved' ? styles.notice : styles.error} role="status">
          {message}
        </p>
      ) : null}
      {provedAt ? (
        <p data-testid="email-proof-status">
          <strong>Proved.</strong> {email} is yours: you opened a link we mailed to it on{' '}
          <time dateTime={provedAt.toISOString()}>{provedAt.toISOString().slice(0, 10)}</time>.
        </p>
      ) : (
        <>
          <p data-testid="email-proof-status">
            <strong>Not proved yet.</strong> Open the link we mailed to {email} when you signed up, or have it sent again. Proving the
            address shows that mail from Pacewise (password resets, sign-in links, notices of new sign-ins) reaches you.
          </p>
          <form method="post" action="/api/account/email-proof" className={styles.actions}>
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <button type="submit" className={styles.secondary} data-testid="resend-proof">
              Send the link again
            </button>
          </form>
        </>
      )}
    </section>
  );
}
