// The one form of sign-up, sign-in, forgot and reset. After an error it keeps the e-mail address the
// person typed (never the password), marks the wrong field (aria-invalid, aria-describedby to the
// message) and puts the focus on it (the autofocus attribute: no script needed). The password rule
// is said under a new password and checked live by /enhance.js; without that script the server
// still checks it and says what was wrong.
import { CSRF_FIELD } from '@/lib/auth/csrf';
import { PASSWORD_MIN_LENGTH } from '@/lib/auth/passwords';
import { ENHANCE_SCRIPT } from '@/lib/web/enhance';
import styles from '../account.module.css';

export type FormField = 'email' | 'password';

export type AccountFormProps = {
  action: string;
  csrf: string;
  /** Hidden fields besides the CSRF token (next, token). */
  hidden?: Record<string, string>;
  /** The e-mail field: 'new' for sign-up and forgot (autocomplete email), 'existing' for sign-in. Omitted: no e-mail field. */
  email?: 'new' | 'existing';
  /** The password field: 'new' (with the rule) or 'current'. Omitted: no password field. */
  password?: { kind: 'new' | 'current'; label?: string };
  submit: string;
  /** The error the last post ended with, and the fields it is about (the first one takes the focus). */
  error?: { message: string; fields: FormField[] };
  /** The address typed before the error, shown again. */
  keptEmail?: string;
  /** Shown above the submit button (the terms line of sign-up). */
  footnote?: React.ReactNode;
};

export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters, and not a common password or pattern: three or four unrelated words work well.`;

const ERROR_ID = 'form-error';

/** aria attributes and autofocus for a field, when the error is about it. */
function invalidProps(field: FormField, error: AccountFormProps['error'], hint?: string) {
  const invalid = error?.fields.includes(field) ?? false;
  const describedBy = [invalid ? ERROR_ID : undefined, hint].filter(Boolean).join(' ') || undefined;
  return {
    'aria-invalid': invalid ? (true as const) : undefined,
    'aria-describedby': describedBy,
    autoFocus: invalid && error?.fields[0] === field ? true : undefined,
  };
}

export function AccountForm(props: AccountFormProps) {
  const { action, csrf, hidden = {}, email, password, submit, error, keptEmail, footnote } = props;
  const newPassword = password?.kind === 'new';
  return (
    <>
      {error && (
        <p id={ERROR_ID} className={styles.error} role="alert">
          {error.message}
        </p>
      )}
      <form method="post" action={action} className={styles.form}>
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {email && (
          <div className={styles.field}>
            <label htmlFor="email">E-mail</label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete={email === 'existing' ? 'username' : 'email'}
              required
              maxLength={254}
              defaultValue={keptEmail}
              {...invalidProps('email', error)}
            />
          </div>
        )}
        {password && (
          <div className={styles.field}>
            <label htmlFor="password">{password.label ?? 'Password'}</label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete={newPassword ? 'new-password' : 'current-password'}
              required
              minLength={newPassword ? PASSWORD_MIN_LENGTH : undefined}
              maxLength={256}
              data-password-rule={newPassword ? String(PASSWORD_MIN_LENGTH) : undefined}
              {...invalidProps('password', error, newPassword ? 'password-hint' : undefined)}
            />
            {newPassword && (
              <p id="password-hint" className={styles.hint} aria-live="polite">
                {PASSWORD_RULE}
              </p>
            )}
          </div>
        )}
        {footnote && <p className={styles.hint}>{footnote}</p>}
        <div className={styles.actions}>
          <button type="submit" className={styles.button}>
            {submit}
          </button>
        </div>
      </form>
      {newPassword ? <script src={ENHANCE_SCRIPT} defer /> : null}
    </>
  );
}
