// People for tests: a fresh account per test file, signed up through the real form.
import crypto from 'node:crypto';
import { FormSession, hiddenField } from './oauth';

export type TestPerson = { email: string; password: string };

export function newPerson(label = 'athlete'): TestPerson {
  return {
    email: `${label}-${crypto.randomBytes(5).toString('hex')}@example.com`,
    password: `pw-${crypto.randomBytes(9).toString('base64url')}`,
  };
}

/** Signs a new person up through /sign-up, then in through /sign-in; returns a browser-like session holding their cookie. */
export async function signUp(baseUrl: string, person: TestPerson): Promise<FormSession> {
  const session = new FormSession(baseUrl);
  const page = await session.follow('/sign-up');
  const csrf = hiddenField(page.html, 'csrf');
  if (!csrf) throw new Error(`sign-up page has no CSRF field (status ${page.res.status})`);
  const done = await session.follow('/api/auth/sign-up', {
    form: { email: person.email, password: person.password, csrf, next: '/account' },
  });
  // Sign-up never signs in (it answers the same for a taken e-mail): its mailed link does, or the
  // person signs in with the password, as here.
  if (new URL(done.url).pathname !== '/sign-up/sent')
    throw new Error(`sign-up failed for ${person.email} (ended at ${done.url}, status ${done.res.status})`);
  const signedIn = await session.signIn(person.email, person.password);
  if (!new URL(signedIn.url).pathname.startsWith('/account'))
    throw new Error(`sign-in after sign-up failed for ${person.email} (ended at ${signedIn.url})`);
  return session;
}
