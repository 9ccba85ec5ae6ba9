// Accounts over HTTP: sign-up, sign-in, sign-out, CSRF on every form, generic errors, throttling,
// cookie attributes, the account page and its connected agents.
import { describe, expect, inject, it } from 'vitest';
import { FormSession, createPerson, hiddenField, simulatedAddress } from '../../../harness/oauth';
import { connectDevice, mcpStatus } from './flows';

const baseUrl = inject('baseUrl');
const engine = inject('databaseEngine');

async function signInAttempt(session: FormSession, email: string, password: string) {
  const page = await session.follow('/sign-in?next=/account');
  const csrf = hiddenField(page.html, 'csrf')!;
  return session.raw('/api/auth/sign-in', { form: { email, password, csrf, next: '/account' } });
}

describe('sign-up, sign-in and sign-out', () => {
  it('signs up, shows the account with e-mail and an inactive subscription, signs out', async () => {
    const { email, session } = await createPerson(baseUrl, 'signup');
    const account = await session.follow('/account');
    expect(account.res.status).toBe(200);
    expect(account.html).toContain(email);
    expect(account.html).toMatch(/data-testid="subscription-status">inactive</);

    const csrf = hiddenField(account.html, 'csrf')!;
    const out = await session.follow('/api/auth/sign-out', { form: { csrf } });
    expect(new URL(out.url).pathname).toBe('/sign-in');
    const after = await session.follow('/account');
    expect(new URL(after.url).pathname).toBe('/sign-in');
  });

  it('sets the session cookie HttpOnly and SameSite=Lax (not Secure on 127.0.0.1)', async () => {
    const { email, password } = await createPerson(baseUrl, 'cookie');
    const session = new FormSession(baseUrl, { 'x-forwarded-for': simulatedAddress() });
    const res = await signInAttempt(session, email, password);
    expect(res.status).toBe(303);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pacewise_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it('gives the same generic answer for a wrong password and an unknown e-mail', async () => {
    const { email } = await createPerson(baseUrl, 'generic');
    const session = new FormSession(baseUrl, { 'x-forwarded-for': simulatedAddress() });
    const wrong = await signInAttempt(session, email, 'not-the-password');
    const unknown = await signInAttempt(session, `nobody-${Date.now()}@example.com`, 'not-the-password');
    expect(wrong.status).toBe(303);
    expect(unknown.status).toBe(303);
    expect(wrong.headers.get('location')).toBe(unknown.headers.get('location'));
    const page = await session.follow(wrong.headers.get('location')!);
    expect(page.html).toContain('do not match an account');
  });

  it('does not say that an e-mail is taken when signing up again', async () => {
    const { email } = await createPerson(baseUrl, 'taken');
    const session = new FormSession(baseUrl, { 'x-forwarded-for': simulatedAddress() });
    const page = await session.follow('/sign-up');
    const csrf = hiddenField(page.html, 'csrf')!;
    const again = await session.follow('/api/auth/sign-up', {
      form: { email, password: 'another-Pa55phrase-for-rowing', csrf, next: '/account' },
    });
    // The answer a new e-mail gets (tests/security/passwords.test.ts compares both).
    expect(new URL(again.url).pathname).toBe('/sign-up/sent');
    expect(again.html).not.toMatch(/already (exists|registered|taken)/i);
    expect(again.html).toContain('Check your e-mail: we have sent a message to this address.');
  });

  it('refuses every form without its CSRF token (403)', async () => {
    const { session } = await createPerson(baseUrl, 'csrf');
    for (const path of ['/api/auth/sign-in', '/api/auth/sign-up', '/api/auth/forgot', '/api/auth/reset', '/api/auth/email-link']) {
      const res = await session.raw(path, { form: { email: 'a@example.com', password: 'whatever-long', next: '/account' } });
      expect(res.status, path).toBe(403);
    }
    for (const path of ['/api/auth/sign-out', '/api/auth/agents/revoke', '/api/auth/device']) {
      const res = await session.raw(path, { form: { csrf: 'forged', grant_id: 'x', user_code: 'BBBBBBBB', decision: 'approve' } });
      expect(res.status, path).toBe(403);
    }
    // A token from another browser's session does not work either.
    const other = await createPerson(baseUrl, 'csrf-other');
    const otherCsrf = hiddenField((await other.session.follow('/account')).html, 'csrf')!;
    expect((await session.raw('/api/auth/sign-out', { form: { csrf: otherCsrf } })).status).toBe(403);
  });

  it('slows failed sign-ins of an account from one address: 429 with Retry-After there, even with the right password; not elsewhere', async () => {
    const { email, password } = await createPerson(baseUrl, 'throttle');
    const session = new FormSession(baseUrl, { 'x-forwarded-for': simulatedAddress() });
    for (let i = 0; i < 5; i++) expect((await signInAttempt(session, email, `wrong-${i}-password`)).status).toBe(303);
    const blocked = await signInAttempt(session, email, 'wrong-again-password');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const right = await signInAttempt(session, email, password);
    expect(right.status).toBe(429);
    // The owner elsewhere is not locked out (tests/security/sign-in-throttle.test.ts has the attack table).
    const owner = await signInAttempt(new FormSession(baseUrl, { 'x-forwarded-for': simulatedAddress() }), email, password);
    expect(owner.headers.get('location')).toBe('/account');
    // Other accounts are unaffected.
    const someoneElse = await createPerson(baseUrl, 'throttle-other');
    const ok = await signInAttempt(
      new FormSession(baseUrl, { 'x-forwarded-for': simulatedAddress() }),
      someoneElse.email,
      someoneElse.password,
    );
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/account');
  });

  it.skipIf(engine !== 'pglite')('lets the seeded demo person sign in', { tags: ['engine-parity'] }, async () => {
    const session = new FormSession(baseUrl, { 'x-forwarded-for': simulatedAddress() });
    const res = await session.signIn('demo@pacewise.example', 'pacewise-demo-2026');
    expect(new URL(res.url).pathname).toBe('/account');
    expect(res.html).toContain('demo@pacewise.example');
  });

  it('never redirects off-site after sign-in', async () => {
    const { email, password } = await createPerson(baseUrl, 'redirect');
    const session = new FormSession(baseUrl, { 'x-forwarded-for': simulatedAddress() });
    const page = await session.follow('/sign-in');
    const csrf = hiddenField(page.html, 'csrf')!;
    const res = await session.raw('/api/auth/sign-in', { form: { email, password, csrf, next: '//evil.example/' } });
    expect(res.headers.get('location')).toBe('/account');
  });
});

describe('connected agents on /account', () => {
  it('lists each agent with client_name, scopes, first and last use, and Revoke stops its tokens', async () => {
    const { session } = await createPerson(baseUrl, 'agents');
    const t = await connectDevice(baseUrl, session, { clientName: 'Agent Listed Here', scopes: ['workouts:read', 'health:read'] });
    expect(await mcpStatus(baseUrl, t.accessToken)).toBe(200);

    const account = await session.follow('/account');
    expect(account.html).toContain('Agent Listed Here');
    expect(account.html).toContain('workouts:read');
    expect(account.html).toContain('health:read');
    expect(account.html).not.toContain('profile:write');
    expect(account.html).toMatch(/First used<\/dt><dd><time/);
    expect(account.html).toMatch(/Last used<\/dt><dd><time/);

    const csrf = hiddenField(account.html, 'csrf')!;
    const grantId = hiddenField(account.html, 'grant_id')!;
    const revoked = await session.follow('/api/auth/agents/revoke', { form: { csrf, grant_id: grantId } });
    expect(revoked.html).toContain('Access revoked');
    expect(revoked.html).not.toContain('Agent Listed Here');
    expect(await mcpStatus(baseUrl, t.accessToken)).toBe(401);
    const r = await fetch(`${baseUrl}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: t.refreshToken,
        client_id: t.clientId,
        resource: `${baseUrl}/mcp`,
      }),
    });
    expect(((await r.json()) as Record<string, string>).error).toBe('invalid_grant');
  });

  it("cannot revoke another person's agent", async () => {
    const owner = await createPerson(baseUrl, 'owner');
    const t = await connectDevice(baseUrl, owner.session, { clientName: 'Owned Agent' });
    const grantId = hiddenField((await owner.session.follow('/account')).html, 'grant_id')!;
    const intruder = await createPerson(baseUrl, 'intruder');
    const csrf = hiddenField((await intruder.session.follow('/account')).html, 'csrf')!;
    await intruder.session.follow('/api/auth/agents/revoke', { form: { csrf, grant_id: grantId } });
    expect(await mcpStatus(baseUrl, t.accessToken)).toBe(200);
  });
});
