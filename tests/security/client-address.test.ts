// Limits keyed by a client-chosen address (issue 24, item 3): a new X-Forwarded-For, X-Real-IP,
// Forwarded, Vercel or internal header value must not reset /register, sign-up or sign-in limits.
// A server with no trusted proxy (TRUSTED_PROXY_HOPS unset: the socket is the client) is attacked
// with every header; then the suite's own server (TRUSTED_PROXY_HOPS=1, the tests act as its proxy)
// shows that addresses a client writes to the left of its proxy's entry are never read.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { delayAfterFailures, FREE_FAILURES } from '@/lib/auth/sign-in-throttle';
import { FormSession, createPerson, openedAnonymousForm, simulatedAddress } from '../../harness/oauth';
import { startServerWith, type OwnServer } from '../../harness/server';
import { deviceClient } from '../integration/oauth/flows';

const sharedUrl = inject('baseUrl');
let server: OwnServer;

let counter = 0;
const fresh = () => `198.51.${(counter >> 8) & 255}.${counter++ & 255}`;
/** Every header a client could use to claim another address, one fresh value each. */
const SPOOFS: readonly (readonly [string, () => Record<string, string>])[] = [
  ['X-Forwarded-For', () => ({ 'x-forwarded-for': fresh() })],
  ['X-Forwarded-For chain', () => ({ 'x-forwarded-for': `${fresh()}, ${fresh()}` })],
  ['X-Real-IP', () => ({ 'x-real-ip': fresh() })],
  ['Forwarded', () => ({ forwarded: `for=${fresh()}` })],
  ['X-Vercel-Forwarded-For', () => ({ 'x-vercel-forwarded-for': fresh() })],
  ['X-Pacewise-Client-Address (the internal header)', () => ({ 'x-pacewise-client-address': fresh() })],
  [
    'all at once',
    () => ({
      'x-forwarded-for': fresh(),
      'x-real-ip': fresh(),
      forwarded: `for=${fresh()}`,
      'x-vercel-forwarded-for': fresh(),
      'x-pacewise-client-address': fresh(),
    }),
  ],
];
const anySpoof = (i: number) => SPOOFS[i % SPOOFS.length]![1]();

async function inBatches<T>(count: number, send: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += 10)
    out.push(...(await Promise.all(Array.from({ length: Math.min(10, count - i) }, (_, j) => send(i + j)))));
  return out;
}

const strongPassword = () => `pw-${crypto.randomBytes(12).toString('base64url')}`;

/**
 * A sign-in form opened ahead, so that only its post runs against a pair's delay: the process's opened
 * form (harness/oauth.ts openedAnonymousForm; its CSRF pair is bound to no address) in a browser of its own.
 */
type OpenForm = { name: string; session: FormSession; csrf: string };
async function openSignIn(url: string, name: string, headers: Record<string, string>): Promise<OpenForm> {
  const session = new FormSession(url, headers);
  const opened = await openedAnonymousForm(url);
  for (const [cookie, value] of opened.cookies) session.cookies.set(cookie, value);
  return { name, session, csrf: opened.csrf };
}
async function postSignIn(form: OpenForm, email: string, password: string) {
  const sent = Date.now();
  const res = await form.session.raw('/api/auth/sign-in', { form: { email, password, csrf: form.csrf, next: '/account' } });
  return { status: res.status, location: res.headers.get('location'), sent, received: Date.now() };
}
/**
 * One pair's failures as the client saw them. A post answered only after the pair's delay ran out (a
 * busy machine) may pass: its check came after the last failure was stored, which was after that
 * failure was sent. A header that started a new pair would pass at once, inside the delay.
 */
class PairFailures {
  count = 0;
  private lastSent = 0;
  failed(attempt: { sent: number }): void {
    this.count++;
    this.lastSent = attempt.sent;
  }
  delayRanOut(attempt: { received: number }): boolean {
    return attempt.received - this.lastSent >= delayAfterFailures(this.count) * 1000;
  }
}

async function signInAttempt(url: string, headers: Record<string, string>, email: string, password: string): Promise<Response> {
  return new FormSession(url, headers).postAnonymousForm('/api/auth/sign-in', { email, password, next: '/account' });
}

beforeAll(async () => {
  // No trusted proxy: what a self-hosted `next start` does by default.
  server = await startServerWith({ TRUSTED_PROXY_HOPS: '' });
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('with no trusted proxy, a client cannot choose its address', () => {
  it('POST /register: 120 per 10 minutes, whatever address headers say', async () => {
    const send = (headers: Record<string, string>) =>
      fetch(`${server.url}/register`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(deviceClient()),
      });
    const allowed = await inBatches(120, (i) => send(anySpoof(i)));
    expect(allowed.map((r) => r.status)).toEqual(Array(120).fill(201));
    for (const [name, spoof] of SPOOFS) expect((await send(spoof())).status, name).toBe(429);
  });

  it('sign-up: 30 per hour, whatever address headers say', async () => {
    const attempt = (headers: Record<string, string>) =>
      new FormSession(server.url, headers).postAnonymousForm('/api/auth/sign-up', {
        email: `spoof-${crypto.randomBytes(6).toString('hex')}@example.com`,
        password: strongPassword(),
        next: '/account',
      });
    const allowed = await inBatches(30, (i) => attempt(anySpoof(i)));
    expect(allowed.map((r) => r.status)).toEqual(Array(30).fill(303));
    for (const [name, spoof] of SPOOFS) expect((await attempt(spoof())).status, name).toBe(429);
  });

  it('sign-in: a new address header does not reset the delay of one account from one address', async () => {
    const email = `owner-${crypto.randomBytes(6).toString('hex')}@example.com`;
    expect.assertions(5 + SPOOFS.length);
    // Every form is opened first, so only the posts run against the pair's delay (2 s after the fifth failure).
    const free = await Promise.all(
      Array.from({ length: FREE_FAILURES }, (_, i) => openSignIn(server.url, `failure ${i + 1}`, anySpoof(i))),
    );
    const spoofed = await Promise.all(SPOOFS.map(([name, spoof]) => openSignIn(server.url, name, spoof())));
    const pair = new PairFailures();
    for (const form of free) {
      const attempt = await postSignIn(form, email, `wrong-${pair.count}-password`);
      expect(attempt.status, form.name).toBe(303);
      pair.failed(attempt);
    }
    for (const form of spoofed) {
      const attempt = await postSignIn(form, email, 'wrong-again-password');
      expect(attempt.status === 429 || (attempt.status === 303 && pair.delayRanOut(attempt)), `${form.name}: ${attempt.status}`).toBe(true);
      if (attempt.status === 303) pair.failed(attempt);
    }
  });
});

describe('behind one trusted proxy, only the proxy-appended address counts', () => {
  it.each([
    ['one spoofed entry', (a: string) => `${fresh()}, ${a}`],
    ['two spoofed entries', (a: string) => `${fresh()}, ${fresh()}, ${a}`],
    ['a garbage entry', (a: string) => `not-an-address, ${a}`],
  ])('%s to the left does not reset the delay; another client is unaffected', async (_name, chain) => {
    const { email, password } = await createPerson(sharedUrl, 'hops');
    const attacker = simulatedAddress();
    const forms = await Promise.all(
      Array.from({ length: FREE_FAILURES + 1 }, (_, i) =>
        openSignIn(sharedUrl, `attempt ${i + 1}`, { 'x-forwarded-for': chain(attacker) }),
      ),
    );
    const pair = new PairFailures();
    for (const form of forms.slice(0, FREE_FAILURES)) {
      const attempt = await postSignIn(form, email, `wrong-${pair.count}-password`);
      expect(attempt.status, form.name).toBe(303);
      pair.failed(attempt);
    }
    // The right password from the same attacker address: refused while the delay runs (signed in only if it ran out).
    const again = await postSignIn(forms[FREE_FAILURES]!, email, password);
    expect(again.status === 429 || (again.location === '/account' && pair.delayRanOut(again)), `right password: ${again.status}`).toBe(
      true,
    );
    const owner = await signInAttempt(sharedUrl, { 'x-forwarded-for': chain(simulatedAddress()) }, email, password);
    expect(owner.status).toBe(303);
    expect(owner.headers.get('location')).toBe('/account');
  });
});
