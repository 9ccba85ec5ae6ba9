// The page a mailed link opens: one button that spends the link (a mail scanner that fetches the
// link spends nothing), or, when the link is used or expired, the way to a new one.
import { CSRF_FIELD } from '@/lib/auth/csrf';
import { linkIsLive } from '@/lib/auth/email-links';
import { withQuery } from '@/lib/auth/navigation';
import { firstParam, requireAnonymousCsrf } from '@/lib/auth/page-guards';
import { safeNext } from '@/lib/web/safe-next';
import styles from '../account.module.css';

type Params = Record<string, string | string[] | undefined>;

export async function MailedLink(props: { here: string; params: Params; purpose: 'verify' | 'sign_in'; heading: string; button: string }) {
  const { here, params, purpose, heading, button } = props;
  const token = firstParam(params.token) ?? '';
  const live = firstParam(params.error) !== 'link' && (await linkIsLive(token, purpose));
  if (!live) return <DeadLink heading={heading} />;
  // Where the proof link continues once signed in (the page sign-up was heading to).
  const next = firstParam(params.next) === undefined ? undefined : safeNext(firstParam(params.next));
  const csrf = await requireAnonymousCsrf(withQuery(here, { token, next }), firstParam(params.cookies) === '1');
  return (
    <>
      <h1>{heading}</h1>
      {csrf === null ? (
        <p className={styles.error} role="alert">
          This needs cookies. Allow cookies for this site in your browser, then reload this page.
        </p>
      ) : (
        <form method="post" action="/api/auth/email-link" className={styles.card}>
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="purpose" value={purpose} />
          {next ? <input type="hidden" name="next" value={next} /> : null}
          <div className={styles.actions}>
            <button type="submit" className={styles.button}>
              {button}
            </button>
          </div>
        </form>
      )}
    </>
  );
}

export function DeadLink({ heading }: { heading: string }) {
  return (
    <>
      <h1>{heading}</h1>
      <p className={styles.error} role="alert">
        This link has expired or has been used already: each link works once, for a limited time.
      </p>
      <p>
        <a href="/sign-in">Sign in</a> with your password, or <a href="/forgot-password">ask for a new link</a> to choose a new password.
      </p>
    </>
  );
}
