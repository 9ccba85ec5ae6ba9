// The header's "Account" on prerendered pages rests on a hint cookie (public/session-nav.js reads it).
// It must travel with the session cookie (set at sign-in, cleared at sign-out, same lifetime), be
// readable by script, and carry nothing that could stand in for the session.
import { describe, expect, inject, it } from 'vitest';
import { createPerson, FormSession, hiddenField, simulatedAddress } from '../../../harness/oauth';

const baseUrl = inject('baseUrl');

type SetCookie = { name: string; value: string; attrs: string[] };
function setCookies(res: Response): Map<string, SetCookie> {
  const out = new Map<string, SetCookie>();
  for (const line of res.headers.getSetCookie()) {
    const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    out.set(pair.slice(0, eq), { name: pair.slice(0, eq), value: pair.slice(eq + 1), attrs: attrs.map((a) => a.toLowerCase()) });
  }
  return out;
}
const attr = (c: SetCookie, name: string) => c.attrs.find((a) => a.split('=')[0] === name);

async function signIn(session: FormSession, email: string, password: string): Promise<Response> {
  const page = await session.follow('/sign-in?next=/account');
  return session.raw('/api/auth/sign-in', { form: { email, password, csrf: hiddenField(page.html, 'csrf')!, next: '/account' } });
}

describe('the signed-in hint cookie', () => {
  it('is set with the session at sign-in: readable by script, same lifetime and scope, no secret in it', async () => {
    const { email, password } = await createPerson(baseUrl, 'hint');
    const session = new FormSession(baseUrl, { 'x-forwarded-for': simulatedAddress() });
    const res = await signIn(session, email, password);
    expect(res.status).toBe(303);
    const cookies = setCookies(res);
    const sessionCookie = cookies.get('pacewise_session')!;
    const hint = cookies.get('pw_signed_in')!;
    expect(sessionCookie.value.length).toBeGreaterThan(20);
    expect(hint.value).toBe('1');
    expect(hint.value).not.toContain(sessionCookie.value);
    expect(attr(hint, 'httponly')).toBeUndefined();
    expect(attr(sessionCookie, 'httponly')).toBe('httponly');
    for (const name of ['max-age', 'path', 'samesite', 'secure']) expect(attr(hint, name), name).toBe(attr(sessionCookie, name));
    expect(Number(attr(hint, 'max-age')!.split('=')[1])).toBeGreaterThan(24 * 60 * 60);
  });

  it('is never trusted: the hint alone (or with a forged session) opens no account', async () => {
    const alone = await fetch(`${baseUrl}/account`, { redirect: 'manual', headers: { cookie: 'pw_signed_in=1', accept: 'text/html' } });
    const forged = await fetch(`${baseUrl}/account`, {
      redirect: 'manual',
      headers: { cookie: 'pw_signed_in=1; pacewise_session=forged', accept: 'text/html' },
    });
    for (const res of [alone, forged]) {
      expect(res.status).toBeGreaterThanOrEqual(300);
      expect(res.status).toBeLessThan(400);
      expect(new URL(res.headers.get('location')!, baseUrl).pathname).toBe('/sign-in');
    }
    expect.assertions(6);
  });

  it('is cleared together with the session at sign-out', async () => {
    const { email, password } = await createPerson(baseUrl, 'hint-out');
    const session = new FormSession(baseUrl, { 'x-forwarded-for': simulatedAddress() });
    expect((await signIn(session, email, password)).status).toBe(303);
    expect(session.cookies.get('pw_signed_in')).toBe('1');
    const account = await session.follow('/account');
    const out = await session.raw('/api/auth/sign-out', { form: { csrf: hiddenField(account.html, 'csrf')! } });
    expect(out.status).toBe(303);
    const cookies = setCookies(out);
    for (const name of ['pacewise_session', 'pw_signed_in']) {
      expect(cookies.get(name)?.value, name).toBe('');
      expect(attr(cookies.get(name)!, 'max-age'), name).toBe('max-age=0');
    }
    expect(session.cookies.has('pw_signed_in')).toBe(false);
  });
});
