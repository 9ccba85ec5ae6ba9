// Accounts a person can prove and recover, and sign-in limits that never lock the owner out
// (issue 34). Against `next start` on a fresh database with a real SMTP server of the test's own
// (harness/mailbox.ts): every attack is refused, and the owner still gets in. (Expiry of links is
// tested in the browser suite, tests/e2e/account/mail-flows.test.ts, with short-lived links.)
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, type Mailbox } from '../../harness/mailbox';
import { initializeRequest, rpc } from '../../harness/mcp';
import { FormSession, createPerson, hiddenField, obtainAccessToken, simulatedAddress, tokenRequest } from '../../harness/oauth';
import { workerPort, freshDatabaseEnv, startServer, type RunningServer } from '../../harness/server';

let server: RunningServer;
let mailbox: Mailbox;
let cleanup: () => Promise<void>;
let baseUrl: string;
/**
 * Failed sign-ins allowed per account an hour and per address a quarter-hour on this file's server:
 * production's are 100 (tests/unit/config/env.test.ts pins it); the rows prove the same limits at 25,
 * so each spray is a quarter of the password checks (SIGN_IN_FAILURE_LIMIT, lib/env.ts).
 */
const FAILURE_LIMIT = 25;

beforeAll(async () => {
  const fresh = await freshDatabaseEnv();
  mailbox = fresh.mailbox;
  cleanup = fresh.cleanup;
  server = await startServer({ port: workerPort(1), env: { ...fresh.env, SIGN_IN_FAILURE_LIMIT: String(FAILURE_LIMIT) } });
  baseUrl = server.url;
});

afterAll(async () => {
  await server?.stop();
  await cleanup?.();
});

const newEmail = (label: string) => `${label}-${crypto.randomBytes(5).toString('hex')}@example.com`;
const strong = () => `pw-${crypto.randomBytes(12).toString('base64url')}`;

async function formPost(session: FormSession, page: string, action: string, fields: Record<string, string>) {
  const csrf = hiddenField((await session.follow(page)).html, 'csrf');
  if (!csrf) throw new Error(`${page} has no CSRF field`);
  return session.raw(action, { form: { ...fields, csrf } });
}

// The anonymous forms (sign-in, sign-up, forgot password; reset where a row posts a token it did not
// get from a link's page) are posted with the process's opened form (harness/oauth.ts
// openedAnonymousForm: its CSRF pair is bound to no address, browser or page), as a browser that has
// the form open posts it; their pages are not rendered again for each attempt.
async function signInAttempt(session: FormSession, email: string, password: string): Promise<Response> {
  return session.postAnonymousForm('/api/auth/sign-in', { email, password, next: '/account' });
}

/** Opens the sign-in form once; the returned function posts it again and again, as an attacker's script does. */
async function signInForm(session: FormSession): Promise<(email: string, password: string) => Promise<Response>> {
  return (email, password) => session.postAnonymousForm('/api/auth/sign-in', { email, password, next: '/account' });
}

async function signUp(session: FormSession, email: string, password: string): Promise<Response> {
  return session.postAnonymousForm('/api/auth/sign-up', { email, password, next: '/account' });
}

async function isSignedIn(session: FormSession): Promise<boolean> {
  return new URL((await session.follow('/account')).url).pathname === '/account';
}

async function requestReset(session: FormSession, email: string): Promise<Response> {
  return session.postAnonymousForm('/api/auth/forgot', { email });
}

async function reset(session: FormSession, link: URL, password: string): Promise<Response> {
  return formPost(session, link.pathname + link.search, '/api/auth/reset', { token: link.searchParams.get('token')!, password });
}

describe('a squatter gains nothing from an address that is not theirs', () => {
  it('owner resets: the squatter is signed out everywhere, their agent revoked, their password dead; the owner is in', async () => {
    const victim = newEmail('victim');
    const squatterPassword = strong();
    const squatter = new FormSession(baseUrl);
    const sent = Date.now();
    expect((await signUp(squatter, victim, squatterPassword)).headers.get('location')).toMatch(/^\/sign-up\/sent\?/);
    // The squatter can sign in and connect an agent before the address is proved...
    expect((await signInAttempt(squatter, victim, squatterPassword)).headers.get('location')).toBe('/account');
    const agent = await obtainAccessToken(baseUrl, { email: victim, password: squatterPassword });
    expect((await rpc(baseUrl, initializeRequest('2025-11-25'), { token: agent.accessToken })).status).toBe(200);
    // ...but the proof link went to the owner's mailbox, not to the squatter.
    const proof = await mailbox.waitFor(victim, /Confirm your e-mail address/, { after: sent });
    expect(linkIn(proof, '/verify-email').searchParams.get('token')).toMatch(/^[\w-]{43}$/);

    // The owner asks for a reset: the link arrives at the address, and works.
    const owner = new FormSession(baseUrl);
    const asked = Date.now();
    expect((await requestReset(owner, victim)).headers.get('location')).toBe('/forgot-password?sent=1');
    const link = linkIn(await mailbox.waitFor(victim, /Reset your Pacewise password/, { after: asked }), '/reset-password');
    const ownerPassword = strong();
    const done = await reset(owner, link, ownerPassword);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/account?password_reset=1');
    expect(await isSignedIn(owner)).toBe(true);

    // Refused: the squatter's session, agent token, refresh token and old password.
    expect(await isSignedIn(squatter)).toBe(false);
    expect((await rpc(baseUrl, initializeRequest('2025-11-25'), { token: agent.accessToken })).status).toBe(401);
    const refreshed = await tokenRequest(baseUrl, {
      grant_type: 'refresh_token',
      refresh_token: agent.refreshToken,
      client_id: agent.clientId,
      resource: `${baseUrl}/mcp`,
    });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');
    expect((await signInAttempt(new FormSession(baseUrl), victim, squatterPassword)).headers.get('location')).toMatch(/error=credentials/);
    // The owner signs in with the new password from anywhere.
    expect((await signInAttempt(new FormSession(baseUrl), victim, ownerPassword)).headers.get('location')).toBe('/account');
  });

  it('a reset link works once', async () => {
    const { email } = await createPerson(baseUrl, 'once');
    const session = new FormSession(baseUrl);
    const asked = Date.now();
    await requestReset(session, email);
    const link = linkIn(await mailbox.waitFor(email, /Reset your Pacewise password/, { after: asked }), '/reset-password');
    expect((await reset(session, link, strong())).headers.get('location')).toBe('/account?password_reset=1');
    // Used: the page says so, and a replayed post changes nothing.
    const again = await new FormSession(baseUrl).follow(link.pathname + link.search);
    expect(again.html).toMatch(/expired or has been used already/);
    const other = new FormSession(baseUrl);
    const replay = await other.postAnonymousForm('/api/auth/reset', { token: link.searchParams.get('token')!, password: strong() });
    expect(replay.headers.get('location')).toBe('/reset-password?error=link');
    expect(await isSignedIn(other)).toBe(false);
  });

  it.each([
    ['a made-up token', 'x'.repeat(43)],
    ['a malformed token', '../../etc'],
    ['no token', ''],
  ])('%s is refused', async (_name, token) => {
    const session = new FormSession(baseUrl);
    const res = await session.postAnonymousForm('/api/auth/reset', { token, password: strong() });
    expect(res.headers.get('location')).toBe('/reset-password?error=link');
    expect(await isSignedIn(session)).toBe(false);
  });
});

describe('no address enumeration', () => {
  it('"Forgot password" answers an unknown address exactly as a known one; only the known one gets mail', async () => {
    const { email } = await createPerson(baseUrl, 'known');
    const unknown = newEmail('nobody');
    const asked = Date.now();
    const [a, b] = [await requestReset(new FormSession(baseUrl), email), await requestReset(new FormSession(baseUrl), unknown)];
    expect([a.status, a.headers.get('location'), await a.text()]).toEqual([b.status, b.headers.get('location'), await b.text()]);
    await mailbox.waitFor(email, /Reset your Pacewise password/, { after: asked });
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailbox.messages.filter((m) => m.to.includes(unknown))).toEqual([]);
  });

  it('sign-up answers a taken address as a new one; the owner of the taken one is told, the account unchanged', async () => {
    const { email, password } = await createPerson(baseUrl, 'taken');
    const asked = Date.now();
    const taken = await signUp(new FormSession(baseUrl), email, strong());
    const fresh = await signUp(new FormSession(baseUrl), newEmail('new'), strong());
    expect(taken.headers.get('location')).toBe(fresh.headers.get('location'));
    expect((await mailbox.waitFor(email, /Someone tried to create a Pacewise account/, { after: asked })).text).not.toMatch(/token=/);
    expect((await signInAttempt(new FormSession(baseUrl), email, password)).headers.get('location')).toBe('/account');
  });
});

describe('sign-in limits never lock the owner out', () => {
  it(`${2 * FAILURE_LIMIT} guesses at one account from ${(2 * FAILURE_LIMIT) / 5} addresses: refused after the account budget; the known device signs in, a new one gets a sign-in link`, async () => {
    const { email, password } = await createPerson(baseUrl, 'target');
    const attackStart = Date.now();
    // The owner's phone signed in before the attack: it holds the known-device cookie.
    const phone = new FormSession(baseUrl);
    expect((await signInAttempt(phone, email, password)).headers.get('location')).toBe('/account');
    const statuses: number[] = [];
    // Five guesses from each address: under the per-address limit and the per-pair delay, so only the account's budget refuses.
    for (let a = 0; a < (2 * FAILURE_LIMIT) / 5; a++) {
      const attacker = await signInForm(new FormSession(baseUrl, { 'x-forwarded-for': simulatedAddress() }));
      for (let i = 0; i < 5; i++) statuses.push((await attacker(email, `guess-${a}-${i}-x9`)).status);
    }
    // FAILURE_LIMIT failures an hour per account (100 in production): the rest are not even checked.
    expect(statuses.filter((s) => s === 303)).toHaveLength(FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(FAILURE_LIMIT);
    // The right password from a new browser is not checked either...
    const laptop = new FormSession(baseUrl);
    const paused = await signInAttempt(laptop, email, password);
    expect(paused.status).toBe(429);
    expect(await paused.text()).toMatch(/too many failed sign-ins/);
    // ...but the owner gets in: from the known device with the password,
    const phoneAgain = new FormSession(baseUrl);
    for (const [k, v] of phone.cookies) if (k === 'pacewise_device') phoneAgain.cookies.set(k, v);
    expect((await signInAttempt(phoneAgain, email, password)).headers.get('location')).toBe('/account');
    // and from the new browser through the sign-in link mailed to the address (at most one per 5
    // minutes, each working 15: the newest one in the inbox).
    const link = linkIn(await mailbox.waitFor(email, /sign-in link/, { after: attackStart }), '/email-sign-in');
    expect(mailbox.messages.filter((m) => m.to.includes(email) && /sign-in link/.test(m.subject))).toHaveLength(1);
    const page = await laptop.follow(link.pathname + link.search);
    const res = await laptop.raw('/api/auth/email-link', {
      form: { csrf: hiddenField(page.html, 'csrf')!, token: hiddenField(page.html, 'token')!, purpose: 'sign_in' },
    });
    expect(res.headers.get('location')).toBe('/account');
    expect(await isSignedIn(laptop)).toBe(true);
  }, 180_000);

  it(`${FAILURE_LIMIT} failures with random e-mails from one office address: the known device of an account behind it still signs in`, async () => {
    const office = simulatedAddress();
    const { email, password } = await createPerson(baseUrl, 'office');
    const desk = new FormSession(baseUrl, { 'x-forwarded-for': office });
    expect((await signInAttempt(desk, email, password)).headers.get('location')).toBe('/account');
    // Five browsers in the office, each posting its open form five times: the address's limit (100 in production).
    const lanes = await Promise.all(Array.from({ length: 5 }, () => signInForm(new FormSession(baseUrl, { 'x-forwarded-for': office }))));
    for (let i = 0; i < FAILURE_LIMIT; i += 5) await Promise.all(lanes.map((post) => post(newEmail('spray'), 'Summer2026!!')));
    const stranger = await signInAttempt(new FormSession(baseUrl, { 'x-forwarded-for': office }), email, password);
    expect(stranger.status).toBe(429);
    expect(await stranger.text()).toMatch(/from your network/);
    const deskAgain = new FormSession(baseUrl, { 'x-forwarded-for': office });
    deskAgain.cookies.set('pacewise_device', desk.cookies.get('pacewise_device')!);
    expect((await signInAttempt(deskAgain, email, password)).headers.get('location')).toBe('/account');
  }, 180_000);

  it('IPv6: a client cannot escape the per-address limit by moving inside its /64', async () => {
    const prefix = `2001:db8:${crypto.randomBytes(2).toString('hex')}:${crypto.randomBytes(2).toString('hex')}`;
    const from = (host: number) => new FormSession(baseUrl, { 'x-forwarded-for': `${prefix}:0:0:0:${host.toString(16)}` });
    // One form opened, then posted from FAILURE_LIMIT hosts of the /64 (its CSRF pair is not bound to an address).
    const opened = new FormSession(baseUrl);
    const csrf = hiddenField((await opened.follow('/sign-in')).html, 'csrf')!;
    const postFrom = (host: number) => {
      const session = from(host);
      for (const [k, v] of opened.cookies) session.cookies.set(k, v);
      return session.raw('/api/auth/sign-in', { form: { email: newEmail('v6'), password: 'wrong-password-x', next: '/account', csrf } });
    };
    for (let i = 0; i < FAILURE_LIMIT; i += 5) await Promise.all(Array.from({ length: 5 }, (_, j) => postFrom(i + j + 1)));
    const { email, password } = await createPerson(baseUrl, 'v6owner');
    expect((await signInAttempt(from(4096), email, password)).status).toBe(429);
    // Another /64 is another subject.
    expect(
      (
        await signInAttempt(
          new FormSession(baseUrl, { 'x-forwarded-for': `2001:db8:ffff:${crypto.randomBytes(2).toString('hex')}::1` }),
          email,
          password,
        )
      ).headers.get('location'),
    ).toBe('/account');
  }, 180_000);

  it('a stolen known-device cookie is no free pass: it loses it after 10 failures', async () => {
    const { email, password } = await createPerson(baseUrl, 'stolen');
    const device = new FormSession(baseUrl);
    await signInAttempt(device, email, password);
    const cookie = device.cookies.get('pacewise_device')!;
    const thief = new FormSession(baseUrl);
    thief.cookies.set('pacewise_device', cookie);
    const statuses: number[] = [];
    const guess = await signInForm(thief);
    for (let i = 0; i < 17; i++) statuses.push((await guess(email, `thief-${i}-guess`)).status);
    // Ten failures with the cookie, then the limits of anyone: five free failures, then delays.
    expect(statuses.slice(0, 15)).toEqual(Array(15).fill(303));
    expect(statuses.slice(15)).toContain(429);
    // The owner's own device (and password) still work.
    const owner = new FormSession(baseUrl);
    owner.cookies.set('pacewise_device', cookie);
    expect((await signInAttempt(owner, email, password)).status).toBe(303);
  });

  it('a sign-in from a new browser is told to the owner; the known device is not', async () => {
    const { email, password } = await createPerson(baseUrl, 'notice');
    const t0 = Date.now();
    const browser = new FormSession(baseUrl);
    const address = browser.headers['x-forwarded-for']!;
    // createPerson's own sign-in is a new browser too: its notice may arrive after t0, so each
    // notice is told apart by the address it names.
    const fromThisBrowser = (m: { to: string[]; subject: string; text: string }) =>
      m.to.includes(email) && /New sign-in/.test(m.subject) && m.text.includes(`Network address: ${address}\n`);
    await signInAttempt(browser, email, password);
    expect((await mailbox.waitFor(email, /New sign-in to your Pacewise account/, { after: t0, where: fromThisBrowser })).text).toContain(
      `Network address: ${address}`,
    );
    const t1 = Date.now();
    await signInAttempt(browser, email, password);
    // The same browser signs in once more from elsewhere: a notice for that one shows mail still flows,
    // and by then a notice for the known device would have been sent too (mail goes out in order).
    const other = new FormSession(baseUrl);
    await signInAttempt(other, email, password);
    await mailbox.waitFor(email, /New sign-in to your Pacewise account/, {
      after: t1,
      where: (m) => m.text.includes(`Network address: ${other.headers['x-forwarded-for']}\n`),
    });
    expect(mailbox.messages.filter((m) => fromThisBrowser(m) && m.receivedAt >= t1)).toEqual([]);
  });
});

describe('the account page says whether the address is proved', () => {
  const status = async (session: FormSession) => {
    const html = (await session.follow('/account')).html;
    return { proved: /data-testid="email-proof-status"><strong>Proved\.<\/strong>/.test(html), button: html.includes('resend-proof') };
  };
  const resend = (session: FormSession) => formPost(session, '/account', '/api/account/email-proof', {});

  it('not proved: the link is mailed again up to the per-account limit, the newest proves the address, then nothing to send', async () => {
    const email = newEmail('proof');
    const password = strong();
    const session = new FormSession(baseUrl);
    const signedUp = Date.now();
    await signUp(session, email, password);
    await mailbox.waitFor(email, /Confirm your e-mail address/, { after: signedUp });
    expect((await signInAttempt(session, email, password)).headers.get('location')).toBe('/account');
    expect(await status(session)).toEqual({ proved: false, button: true });

    // Sign-up's link counts against the same limit (3 an hour): two more, then a refusal that says so.
    const answers: (string | null)[] = [];
    for (let i = 0; i < 3; i++) answers.push((await resend(session)).headers.get('location'));
    expect(answers).toEqual(['/account?proof=sent#email-proof', '/account?proof=sent#email-proof', '/account?proof=throttled#email-proof']);
    const proofs = () => mailbox.messages.filter((m) => m.to.includes(email) && /Confirm your e-mail address/.test(m.subject));
    await mailbox.waitFor(email, /Confirm your e-mail address/, { where: () => proofs().length >= 3 });
    const sent = proofs();
    expect(sent).toHaveLength(3);
    // Without the form's CSRF token nothing is sent.
    expect((await session.raw('/api/account/email-proof', { form: {} })).status).toBe(403);

    const newest = linkIn(sent.at(-1)!, '/verify-email');
    const proved = await formPost(session, newest.pathname + newest.search, '/api/auth/email-link', {
      token: newest.searchParams.get('token')!,
      purpose: 'verify',
    });
    expect(proved.headers.get('location')).toBe('/account?email_confirmed=1');
    expect(await status(session)).toEqual({ proved: true, button: false });
    expect((await resend(session)).headers.get('location')).toBe('/account?proof=proved#email-proof');
  });
});
