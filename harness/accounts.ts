// People for tests: a fresh account per test file, signed up through the real form.
import crypto from 'node:crypto';
import { FormSession } from './oauth';

export type TestPerson = { email: string; password: string };

export function newPerson(label = 'athlete'): TestPerson {
  return {
    email: `${label}-${crypto.randomBytes(5).toString('hex')}@example.com`,
    password: `pw-${crypto.randomBytes(9).toString('base64url')}`,
  };
}

/**
 * Signs a new person up through the sign-up form, then in, both with the CSRF pair of the anonymous
 * form the process opened (openedAnonymousForm: sign-up's and sign-in's are the same); returns a
 * browser-like session holding their cookie. The pages the two posts redirect to are not fetched:
 * their Location says where the site sent the person.
 */
export async function signUp(baseUrl: string, person: TestPerson): Promise<FormSession> {
  const session = new FormSession(baseUrl);
  const done = await session.postAnonymousForm('/api/auth/sign-up', { email: person.email, password: person.password, next: '/account' });
  // Sign-up never signs in (it answers the same for a taken e-mail): its mailed link does, or the
  // person signs in with the password, as here.
  const sentTo = redirectPath(baseUrl, done);
  if (sentTo !== '/sign-up/sent') throw new Error(`sign-up failed for ${person.email} (sent to ${sentTo}, status ${done.status})`);
  const signedIn = await session.postAnonymousForm('/api/auth/sign-in', {
    email: person.email,
    password: person.password,
    next: '/account',
  });
  const landed = redirectPath(baseUrl, signedIn);
  if (!landed?.startsWith('/account')) throw new Error(`sign-in after sign-up failed for ${person.email} (sent to ${landed})`);
  return session;
}

/** The path a 303 sends the browser to (undefined for any other answer). */
export function redirectPath(baseUrl: string, res: Response): string | undefined {
  const location = res.headers.get('location');
  return res.status === 303 && location ? new URL(location, baseUrl).pathname : undefined;
}
