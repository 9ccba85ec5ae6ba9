// What a person typed into an account form, kept across the error redirect: only the e-mail address
// (never a password), in a short-lived HttpOnly cookie rather than the URL, so no address lands in
// access logs, referrers or browser history. The page that shows the error reads it once.
import { cookies } from 'next/headers';
import { sessionCookieOptions } from './sessions';

export const KEPT_EMAIL_COOKIE = 'pw_form_email';
/** Long enough to follow the redirect and read the message; short enough to forget the address soon. */
const KEPT_SECONDS = 5 * 60;

/** The address as it may be shown again: trimmed, at most 254 characters, or undefined. */
export function keepableEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const email = value.trim().slice(0, 254);
  return email.length > 0 ? email : undefined;
}

/** Keeps the typed address for the page the error redirect lands on (route handlers). */
export async function keepEmail(value: unknown): Promise<void> {
  const email = keepableEmail(value);
  if (email) (await cookies()).set(KEPT_EMAIL_COOKIE, email, sessionCookieOptions(KEPT_SECONDS));
}

/** The kept address, when the page shows an error (server components). */
export async function keptEmail(): Promise<string | undefined> {
  return keepableEmail((await cookies()).get(KEPT_EMAIL_COOKIE)?.value);
}
