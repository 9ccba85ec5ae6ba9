// Open redirects through `next` (issue 24, item 2): every route that reads `next` sends the browser
// only to a path on this site, re-serialised, and never answers 5xx, for every value of the attack
// table (tests/security/safe-next-table.ts, also run against the module in the unit suite).
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { FormSession, createPerson, hiddenField } from '../../harness/oauth';
import { expectRedirectOnSite } from './on-site';
import { HOSTILE_NEXT, KEPT_NEXT } from './safe-next-table';

const baseUrl = inject('baseUrl');
const label = (v: string) => JSON.stringify(v).slice(0, 50);
// As the issue sent them: the raw query strings, not re-encoded by the test.
const RAW = [
  '/%09/evil.example/x',
  '/%01',
  '/%7F',
  '/%0B',
  '/%E2%88%95evil.example',
  '/%EF%BC%8Fevil.example',
  '/%E2%80%A8evil.example',
  '/%5Cevil.example',
  '%2F%2Fevil.example',
];

let person: Awaited<ReturnType<typeof createPerson>>;
let signedIn: FormSession;
beforeAll(async () => {
  person = await createPerson(baseUrl, 'safe-next');
  signedIn = person.session;
});

describe('GET /api/auth/csrf?next=', () => {
  it.each(HOSTILE_NEXT.map((v) => [label(v), v]))('%s lands on the sign-in form', async (_l, value) => {
    const res = await fetch(`${baseUrl}/api/auth/csrf?next=${encodeURIComponent(value)}`, { redirect: 'manual' });
    const location = expectRedirectOnSite(res, baseUrl, value);
    expect(new URL(location, baseUrl).pathname).toBe('/sign-in');
  });

  it.each(RAW)('raw %s lands on the sign-in form', async (raw) => {
    const res = await fetch(`${baseUrl}/api/auth/csrf?next=${raw}`, { redirect: 'manual' });
    const location = expectRedirectOnSite(res, baseUrl, raw);
    expect(new URL(location, baseUrl).pathname).toBe('/sign-in');
  });

  it.each(KEPT_NEXT)('%s is kept as %s', async (value, kept) => {
    const res = await fetch(`${baseUrl}/api/auth/csrf?next=${encodeURIComponent(value)}`, { redirect: 'manual' });
    const location = expectRedirectOnSite(res, baseUrl, value);
    expect(location).toBe(`${kept}${kept.includes('?') ? '&' : '?'}cookies=1`);
  });
});

describe.each(['/sign-in', '/sign-up'])('GET %s?next= when signed in', (page) => {
  it.each([...HOSTILE_NEXT.map((v) => encodeURIComponent(v)), ...RAW].map((q) => [q.slice(0, 50), q]))(
    '%s goes to /account',
    async (_l, query) => {
      const res = await signedIn.raw(`${page}?next=${query}`);
      const location = expectRedirectOnSite(res, baseUrl, query);
      expect(new URL(location, baseUrl).pathname).toBe('/account');
    },
  );
});

describe('POST /api/auth/sign-in with a hostile next', () => {
  it.each(HOSTILE_NEXT.map((v) => [label(v), v]))('%s goes to /account after sign-in', async (_l, value) => {
    const session = new FormSession(baseUrl);
    const csrf = hiddenField((await session.follow('/sign-in')).html, 'csrf')!;
    const res = await session.raw('/api/auth/sign-in', { form: { email: person.email, password: person.password, csrf, next: value } });
    const location = expectRedirectOnSite(res, baseUrl, value);
    expect(location).toBe('/account');
  });
});
