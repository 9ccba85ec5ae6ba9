// Strava connect bound to the person (issue 24, item 1): the agent of person A asks for a connect
// link; whoever opens it must be signed in to Pacewise as A when Strava sends the browser back.
// Signed in as B: refused and the link is spent. Signed out: asked to sign in first; signing in as
// B is refused the same way, signing in as A connects. The suite's server talks to this file's Strava
// stub behind the suite's Strava address (tests/support/strava-router.ts); the stub's consent form is
// posted as a browser signed in at Strava would.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPerson, signUp, type TestPerson } from '../../harness/accounts';
import { connectV1, type ToolCaller } from '../support/mcp-clients';
import { FormSession, hiddenField, obtainAccessToken } from '../../harness/oauth';
import { startStravaStub, type StravaStub } from '../support/strava-stub';
import { activateSubscription } from '../../harness/subscription';

let stub: StravaStub;
const server = { url: inject('baseUrl') };
const owner = newPerson('strava-owner');
const other = newPerson('strava-other');
let agent: ToolCaller;

async function connectLink(): Promise<string> {
  const r = await agent.call('connect_integration', { integrationId: 'strava' });
  expect(r.isError, JSON.stringify(r.structured)).toBe(false);
  return String(r.structured.authorizationUrl);
}

async function stravaStatus(): Promise<string> {
  const r = await agent.call('list_integrations');
  return (r.structured.integrations as { id: string; status: string }[]).find((i) => i.id === 'strava')!.status;
}

/** Presses Authorize on the stub's consent page; returns the callback path and query Strava sends back. */
async function authorizeAtStrava(link: string): Promise<string> {
  const q = new URL(link).searchParams;
  const res = await fetch(`${stub.url}/oauth/accept`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: stub.cookieHeader },
    body: new URLSearchParams({
      client_id: q.get('client_id')!,
      redirect_uri: q.get('redirect_uri')!,
      state: q.get('state')!,
      scope: q.get('scope')!,
      decision: 'authorize',
      activity: '1',
    }),
  });
  const back = new URL(res.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(`${server.url}/integrations/strava/callback`);
  return back.pathname + back.search;
}

async function signedIn(person: TestPerson): Promise<FormSession> {
  const session = new FormSession(server.url);
  expect(new URL((await session.signIn(person.email, person.password)).url).pathname).toBe('/account');
  return session;
}

/** Follows the callback's redirect to sign-in, signs in there as `person`, and returns the answer of the callback it goes back to. */
async function signInFromCallback(session: FormSession, callback: string, person: TestPerson): Promise<Response> {
  const first = await session.raw(callback);
  expect(first.status).toBe(303);
  const signIn = new URL(first.headers.get('location')!, server.url);
  expect(signIn.pathname).toBe('/sign-in');
  expect(signIn.searchParams.get('next')).toBe(callback);
  const page = await session.follow(signIn.pathname + signIn.search);
  expect(page.html).toContain('Sign in to finish connecting Strava');
  const csrf = hiddenField(page.html, 'csrf')!;
  const posted = await session.raw('/api/auth/sign-in', {
    form: { email: person.email, password: person.password, csrf, next: hiddenField(page.html, 'next')! },
  });
  expect(posted.status).toBe(303);
  expect(posted.headers.get('location')).toBe(callback);
  return session.raw(callback);
}

const exchanges = () => stub.requests.filter((r) => r.path === '/oauth/token' && r.grantType === 'authorization_code').length;

beforeAll(async () => {
  stub = await startStravaStub({ behind: inject('stravaUrl') });
  await signUp(server.url, owner);
  await signUp(server.url, other);
  const token = (await obtainAccessToken(server.url, owner)).accessToken;
  await activateSubscription(server.url, { ...owner, accessToken: token });
  agent = await connectV1(server.url, token);
}, 240_000);

afterAll(async () => {
  await agent?.close().catch(() => undefined);
  await stub?.close();
});

describe("a connect link made for one person cannot link someone else's Strava", () => {
  it.each([
    ['signed in as another person', async (callback: string) => (await signedIn(other)).raw(callback)],
    ['signed out, then signs in as another person', (callback: string) => signInFromCallback(new FormSession(server.url), callback, other)],
  ])('%s: refused, nothing exchanged or connected, and the link is spent', async (_name, open) => {
    const before = exchanges();
    const callback = await authorizeAtStrava(await connectLink());
    const res = await open(callback);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('this link was made for a different Pacewise account');
    expect(exchanges()).toBe(before);
    expect(await stravaStatus()).toBe('available');
    // The owner cannot use the spent link either: a new one is needed.
    const replay = await (await signedIn(owner)).raw(callback);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('already used');
    expect(await stravaStatus()).toBe('available');
  });

  it.each([
    ['no state', (cb: string) => cb.replace(/state=[^&]+&?/, '')],
    ['a made-up state', (cb: string) => cb.replace(/state=[^&]+/, `state=${crypto.randomBytes(32).toString('base64url')}`)],
  ])('signed out with %s: refused without a detour through sign-in', async (_name, tamper) => {
    const callback = tamper(await authorizeAtStrava(await connectLink()));
    const res = await new FormSession(server.url).raw(callback);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('signed out, then signs in as the person the link was made for: connected', async () => {
    const before = exchanges();
    const callback = await authorizeAtStrava(await connectLink());
    const res = await signInFromCallback(new FormSession(server.url), callback, owner);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${server.url}/integrations/strava/connected`);
    expect(exchanges()).toBe(before + 1);
    expect(await stravaStatus()).toBe('connected');
  });

  it('already signed in as the person: connected directly', async () => {
    const callback = await authorizeAtStrava(await connectLink());
    const res = await (await signedIn(owner)).raw(callback);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${server.url}/integrations/strava/connected`);
    expect(await stravaStatus()).toBe('connected');
  });
});
