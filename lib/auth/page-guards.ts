// Guards for the account pages (server components): who is signed in, and the CSRF cookie that
// anonymous forms need (pages cannot set cookies, so a one-time hop through /api/auth/csrf sets it).
import { redirect } from 'next/navigation';
import { anonymousCsrfToken } from './csrf';
import { withQuery } from './navigation';
import { currentPerson, type SignedInPerson } from './sessions';

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The signed-in person, or a redirect to sign-in that comes back to `here`. */
export async function requirePerson(here: string): Promise<SignedInPerson> {
  const person = await currentPerson();
  if (!person) redirect(withQuery('/sign-in', { next: here }));
  return person;
}

/** The anonymous form token; sets the cookie first when missing. `null` means the browser refuses cookies. */
export async function requireAnonymousCsrf(here: string, cookieHopDone: boolean): Promise<string | null> {
  const token = await anonymousCsrfToken();
  if (token) return token;
  if (cookieHopDone) return null;
  redirect(withQuery('/api/auth/csrf', { next: here }));
}
