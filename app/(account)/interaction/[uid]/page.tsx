import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { INTERACTION_COOKIE, lookUpConsent } from '@/lib/auth/consent';
import { CSRF_FIELD, sessionCsrfToken } from '@/lib/auth/csrf';
import { requirePerson } from '@/lib/auth/page-guards';
import { consentFormActionPolicy } from '@/lib/web/security-headers';
import { DecisionButtons, GrantSummary } from '../../_components/consent';
import styles from '../../account.module.css';

export const metadata: Metadata = { title: 'Connect an app', robots: { index: false } };

function target(uri: string): string {
  try {
    const u = new URL(uri);
    return `${u.origin}${u.pathname}`;
  } catch {
    return uri;
  }
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
        {request.metadataDocument ? (
          <p className={styles.notice} data-testid="unverified-metadata">
            <strong>Unverified:</strong> the name “{request.clientName}” comes from the app’s own metadata document at{' '}
            <code data-testid="document-host">{request.metadataDocument.documentHost}</code>; Pacewise has not checked who runs it. Approve only if you
            started this from an app you trust and expect to return to <code data-testid="redirect-host">{request.metadataDocument.redirectHost}</code>.
          </p>
        ) : null}
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
