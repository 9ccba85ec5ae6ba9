import type { Metadata } from 'next';
import { CSRF_FIELD, sessionCsrfToken } from '@/lib/auth/csrf';
import { countWrongDeviceCode, deviceEntryThrottled, formatUserCode, lookUpDeviceCode } from '@/lib/oauth/device-approval';
import { withQuery } from '@/lib/auth/navigation';
import { firstParam, requirePerson, type SearchParams } from '@/lib/auth/page-guards';
import { ClientIdentity, DecisionButtons, GrantSummary } from '../_components/consent';
import styles from '../account.module.css';

export const metadata: Metadata = { title: 'Connect a device', robots: { index: false } };

const LOOKUP_MESSAGES = {
  unknown: 'That code does not match a pending request. Check the code your device shows and enter it again.',
  expired: 'That code has expired. Ask your device or agent for a new code.',
  decided: 'That code was already used. Ask your device or agent for a new code if you want to connect again.',
  gone: 'That request is no longer pending (it was already decided or has expired). Ask your device or agent for a new code.',
  throttled: 'Too many codes tried. Wait a few minutes, then enter the code again.',
} as const;

function CodeForm({ message }: { message?: string }) {
  return (
    <div className={styles.card}>
      {message && (
        <p className={styles.error} role="alert">
          {message}
        </p>
      )}
      <form method="get" action="/device" className={styles.form}>
        <div className={styles.field}>
          <label htmlFor="user_code">Code shown on your device</label>
          <input
            id="user_code"
            name="user_code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            maxLength={32}
            placeholder="XXXX-XXXX"
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className={styles.button}>
            Continue
          </button>
        </div>
      </form>
    </div>
  );
}

export default async function DevicePage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const userCode = (firstParam(params.user_code) ?? '').slice(0, 32);
  const person = await requirePerson(withQuery('/device', { user_code: userCode || undefined }));
  const done = firstParam(params.done);

  if (done === 'approved' || done === 'declined') {
    return (
      <>
        <h1>{done === 'approved' ? 'Device connected' : 'Request declined'}</h1>
        <p className={styles.notice} role="status">
          {done === 'approved'
            ? 'You can close this page and return to your device or agent; it finishes connecting on its own.'
            : 'Nothing was connected. You can close this page.'}
        </p>
      </>
    );
  }

  if (!userCode) {
    return (
      <>
        <h1>Connect a device</h1>
        <p>Signed in as {person.email}. Enter the code your device or agent shows.</p>
        <CodeForm />
      </>
    );
  }

  if (firstParam(params.error) === 'gone') {
    return (
      <>
        <h1>Connect a device</h1>
        <CodeForm message={LOOKUP_MESSAGES.gone} />
      </>
    );
  }

  // Past the limit of wrong codes, no code is looked up (the right one shows no Approve either).
  if (await deviceEntryThrottled(person.userId)) {
    return (
      <>
        <h1>Connect a device</h1>
        <CodeForm message={LOOKUP_MESSAGES.throttled} />
      </>
    );
  }
  const lookup = await lookUpDeviceCode(userCode);
  if (lookup.status !== 'pending') {
    const throttled = await countWrongDeviceCode(person.userId);
    return (
      <>
        <h1>Connect a device</h1>
        <CodeForm message={throttled ? LOOKUP_MESSAGES.throttled : LOOKUP_MESSAGES[lookup.status]} />
      </>
    );
  }

  const { request } = lookup;
  const csrf = sessionCsrfToken(person.tokenHash);
  return (
    <>
      <h1>Connect {request.clientName}?</h1>
      <div className={styles.card}>
        <p>
          Check that your device shows this code:{' '}
          <span className={styles.code} data-testid="user-code">
            {formatUserCode(request.userCode)}
          </span>
        </p>
        <GrantSummary clientName={request.clientName} email={person.email} scopes={request.scopes} />
        <ClientIdentity clientId={request.clientId} clientName={request.clientName} documentHost={request.documentHost} />
        <p className={styles.hint}>
          Only approve if you started this on a device or agent you trust. You can revoke access at any time on your account page.
        </p>
        <form method="post" action="/api/auth/device" className={styles.actions}>
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <input type="hidden" name="user_code" value={request.userCode} />
          <DecisionButtons />
        </form>
      </div>
    </>
  );
}
