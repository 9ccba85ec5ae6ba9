// Limits keyed by a client-chosen address (issue 24, item 3): a new X-Forwarded-For, X-Real-IP,
// Forwarded, Vercel or internal header value must not reset /register, sign-up or sign-in limits.
// A server with no trusted proxy (TRUSTED_PROXY_HOPS unset: the socket is the client) is attacked
// with every header; then the suite's own server (TRUSTED_PROXY_HOPS=1, the tests act as its proxy)
// shows that addresses a client writes to the left of its proxy's entry are never read.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FormSession, createPerson, hiddenField, simulatedAddress } from '../../harness/oauth';
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

async function signInAttempt(url: string, headers: Record<string, string>, email: string, password: string): Promise<Response> {
  const session = new FormSession(url, headers);
  const csrf = hiddenField((await session.follow('/sign-in')).html, 'csrf')!;
  return session.raw('/api/auth/sign-in', { form: { email, password, csrf, next: '/account' } });
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
    const attempt = async (headers: Record<string, string>) => {
      const session = new FormSession(server.url, headers);
      const csrf = hiddenField((await session.follow('/sign-up')).html, 'csrf')!;
      return session.raw('/api/auth/sign-up', {
        form: { email: `spoof-${crypto.randomBytes(6).toString('hex')}@example.com`, password: strongPassword(), csrf, next: '/account' },
      });
    };
    const allowed = await inBatches(30, (i) => attempt(anySpoof(i)));
    expect(allowed.map((r) => r.status)).toEqual(Array(30).fill(303));
    for (const [name, spoof] of SPOOFS) expect((await attempt(spoof())).status, name).toBe(429);
  });

  it('sign-in: a new address header does not reset the delay of one account from one address', async () => {
    const email = `owner-${crypto.randomBytes(6).toString('hex')}@example.com`;
    expect.assertions(5 + SPOOFS.length);
    for (let i = 0; i < 5; i++) expect((await signInAttempt(server.url, anySpoof(i), email, `wrong-${i}-password`)).status).toBe(303);
    for (const [name, spoof] of SPOOFS)
      expect((await signInAttempt(server.url, spoof(), email, 'wrong-again-password')).status, name).toBe(429);
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
    for (let i = 0; i < 5; i++)
      expect((await signInAttempt(sharedUrl, { 'x-forwarded-for': chain(attacker) }, email, `wrong-${i}-password`)).status).toBe(303);
    expect((await signInAttempt(sharedUrl, { 'x-forwarded-for': chain(attacker) }, email, password)).status).toBe(429);
    const owner = await signInAttempt(sharedUrl, { 'x-forwarded-for': chain(simulatedAddress()) }, email, password);
    expect(owner.status).toBe(303);
    expect(owner.headers.get('location')).toBe('/account');
  });
});
