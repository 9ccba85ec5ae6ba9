import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { INTERACTION_COOKIE, lookUpConsent } from '@/lib/oauth/consent';
import { CSRF_FIELD, sessionCsrfToken } from '@/lib/auth/csrf';
import { requirePerson } from '@/lib/auth/page-guards';
import { consentFormActionPolicy } from '@/lib/web/security-headers';
import { ClientIdentity, DecisionButtons, GrantSummary } from '../../_components/consent';
import styles from '../../account.module.css';

export const metadata: Metadata = { title: 'Connect an app', robots: { index: false } };

/** The whole redirect target without its query: scheme://host/path (an app's own scheme included). */
function target(uri: string): string {
  const u = URL.parse(uri);
  if (!u) return uri;
  u.search = '';
  u.hash = '';
  return u.href;
}

export default async function ConsentPage({ params }: { params: Promise<{ uid: string }> }) {
  const { uid } = await params;
  const person = await requirePerson(`/interaction/${encodeURIComponent(uid)}`);
  const lookup = await lookUpConsent(uid, (await cookies()).get(INTERACTION_COOKIE)?.value);
  if (!lookup.ok) {
    return (
      <>
        <h1>Connect an app</h1>
        <p className={styles.error} role="alert">
          {lookup.message}
        </p>
      </>
    );
  }
  const { request } = lookup;
  const csrf = sessionCsrfToken(person.tokenHash);
  return (
    <>
      {/* Approve/Decline redirect to the agent: the header CSP leaves form-action to this page. */}
      <meta httpEquiv="Content-Security-Policy" content={consentFormActionPolicy(request.redirectUri)} />
      <h1>Connect {request.clientName}?</h1>
      <div className={styles.card}>
        <GrantSummary clientName={request.clientName} email={person.email} scopes={request.scopes} />
        <ClientIdentity clientId={request.clientId} clientName={request.clientName} documentHost={request.metadataDocument?.documentHost} />
        <p className={styles.hint}>
          Approve only if you started this from an app you trust
          {request.metadataDocument ? (
            <>
              {' '}
              and expect to return to <code data-testid="redirect-host">{request.metadataDocument.redirectHost}</code>
            </>
          ) : null}
          .
        </p>
        <p>
          After you decide, you will be sent to <code data-testid="redirect-target">{target(request.redirectUri)}</code>.
        </p>
        <p className={styles.hint}>You can revoke access at any time on your account page.</p>
        <form method="post" action={`/interaction/${encodeURIComponent(uid)}/decide`} className={styles.actions}>
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <DecisionButtons />
        </form>
      </div>
    </>
  );
}
