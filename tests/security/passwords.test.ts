// Weak passwords and account enumeration at sign-up (issue 24, item 8): a password must have at
// least 10 characters and not be guessable (common-password list and patterns, the site's own words
// and the e-mail: lib/auth/password-policy.ts); sign-up answers a taken e-mail exactly as a new one, changes nothing on the
// existing account, and signs nobody in.
import crypto from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { FormSession, createPerson, hiddenField } from '../../harness/oauth';

const baseUrl = inject('baseUrl');

async function signUpAttempt(email: string, password: string): Promise<{ res: Response; session: FormSession }> {
  const session = new FormSession(baseUrl);
  const csrf = hiddenField((await session.follow('/sign-up')).html, 'csrf')!;
  const res = await session.raw('/api/auth/sign-up', { form: { email, password, csrf, next: '/account' } });
  return { res, session };
}

async function canSignIn(email: string, password: string): Promise<boolean> {
  const session = new FormSession(baseUrl);
  return new URL((await session.signIn(email, password)).url).pathname === '/account';
}

const newEmail = (label: string) => `${label}-${crypto.randomBytes(6).toString('hex')}@example.com`;

describe('weak passwords are refused at sign-up', () => {
  it.each([
    ['password12', 'guessable'],
    ['1234567890', 'guessable'],
    ['          ', 'guessable'],
    ['Password123!', 'guessable'],
    ['P@ssw0rd2024', 'guessable'],
    ['qwertyuiop', 'guessable'],
    ['iloveyou12', 'guessable'],
    ['aaaaaaaaaaaa', 'guessable'],
    ['pacewise2026', 'guessable'],
    // issue 34: the sprayers' favourite, the famous example, the README's demo password
    ['Summer2026!!', 'guessable'],
    ['correcthorsebattery', 'guessable'],
    ['pacewise-demo-2026', 'guessable'],
    ['Kx9#mQ2!v', 'password'], // nine characters
    ['', 'password'],
  ])('%j: refused with the fix named, and no account is made', async (password, code) => {
    const email = newEmail('weak');
    const { res, session } = await signUpAttempt(email, password);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!, baseUrl);
    expect(location.pathname).toBe('/sign-up');
    expect(location.searchParams.get('error')).toBe(code);
    const page = await session.follow(location.pathname + location.search);
    expect(page.html).toMatch(code === 'guessable' ? /too easy to guess/ : /at least 10|10 to 256 characters/);
    // Nothing was created: signing up again with a strong password works as for any new e-mail.
    const strong = `pw-${crypto.randomBytes(12).toString('base64url')}`;
    expect((await signUpAttempt(email, strong)).res.headers.get('location')).toMatch(/^\/sign-up\/sent\?/);
    expect(await canSignIn(email, strong)).toBe(true);
  });

  it('a name used in the e-mail address is guessable', async () => {
    const email = newEmail('marathoner');
    const local = email.split('@')[0]!;
    const { res } = await signUpAttempt(email, `${local}1`);
    expect(new URL(res.headers.get('location')!, baseUrl).searchParams.get('error')).toBe('guessable');
  });
});

describe('sign-up does not tell whether an e-mail has an account', () => {
  it('a taken e-mail gets the answer a new one gets; the owner keeps their password; nobody is signed in', async () => {
    const owner = await createPerson(baseUrl, 'owner');
    const attackerPassword = `pw-${crypto.randomBytes(12).toString('base64url')}`;
    const rows = [
      { label: 'new e-mail', email: newEmail('fresh') },
      { label: 'taken e-mail', email: owner.email },
      { label: 'taken e-mail, other case', email: owner.email.toUpperCase() },
    ];
    const answers = [];
    for (const row of rows) {
      const { res, session } = await signUpAttempt(row.email, attackerPassword);
      const page = await session.follow(res.headers.get('location')!);
      answers.push({
        label: row.label,
        status: res.status,
        location: res.headers.get('location'),
        sessionCookie: res.headers.getSetCookie().some((c) => c.startsWith('pacewise_session=')),
        notice: page.html.includes('Check your e-mail: we have sent a message to this address.'),
      });
    }
    for (const a of answers)
      expect(a, a.label).toEqual({
        label: a.label,
        status: 303,
        location: '/sign-up/sent?next=%2Faccount',
        sessionCookie: false,
        notice: true,
      });
    expect(await canSignIn(owner.email, owner.password)).toBe(true);
    expect(await canSignIn(owner.email, attackerPassword)).toBe(false);
    expect(await canSignIn(rows[0]!.email, attackerPassword)).toBe(true);
  });
});
