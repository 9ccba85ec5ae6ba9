// Test persons for HTTP-tier files whose subject is not sign-up, OAuth or checkout, made by the app's
// own code in this test process and written to the database the server reads: the account row (one
// argon2 hash per process, of the one password every such person shares), the subscription through
// the billing service's test-mode activation (createCheckoutLink + completeLocalCheckout), an opaque
// access token through the app's oidc-provider code (tests/service/support/tokens.ts), the profile
// through one update_profile call, and, when asked, a site session row with its cookies.
//
// What it costs (docs/performance.md, issue 33 part 8): a person over HTTP is about 0.8 s of server
// CPU; here about 40 ms of this process's CPU each, after loading the app's code once per file (about
// 0.9 s of CPU: Prisma, oidc-provider, the configuration). So it pays from the second person or extra
// sign-in of a file on: a file with one person keeps the HTTP path (pass no target).
//
// PostgreSQL only. On PGlite the server holds its database folder alone (one process may open it), so
// the test process cannot write to it: there the same helpers take the HTTP path (sign-up form,
// device flow, checkout, update_profile), which is what the engine-parity pass ran before.
// The HTTP path itself stays the subject of tests/integration/oauth, billing/checkout, cli and
// security/account-recovery, which do not use this file.
import { afterAll, inject } from 'vitest';
import crypto from 'node:crypto';
import { newPerson, signUp, type TestPerson } from '../../harness/accounts';
import { FormSession, obtainAccessToken } from '../../harness/oauth';
import { connectAgent, tool } from '../../harness/people';
import { activateSubscription } from '../../harness/subscription';

/** A server whose database the test process may write to: its origin and its database environment. */
export type DirectTarget = { baseUrl: string; env: Record<string, string> };

/** The suite's shared server, when its database can be reached from here (PostgreSQL). */
export function sharedServerTarget(): DirectTarget | undefined {
  const env = inject('serverDatabase');
  return env ? { baseUrl: inject('baseUrl'), env } : undefined;
}

/** A server of a file's own (startServerWith) on PostgreSQL; undefined on PGlite. */
export function ownServerTarget(server: { url: string; env: Record<string, string> }): DirectTarget | undefined {
  return server.env.DATABASE_URL ? { baseUrl: server.url, env: server.env } : undefined;
}

const APP_KEYS = [
  'DATABASE_URL',
  'PGLITE_DIR',
  'SESSION_SECRET',
  'TOKEN_SECRET',
  'INTEGRATIONS_ENCRYPTION_KEY',
  'SITE_URL',
  'SMTP_URL',
  'PACEWISE_SEED',
];

async function loadApp(target: DirectTarget) {
  // The app's configuration is read once per process (lib/env.ts, lib/database/secrets.ts): it is
  // read here with the server's database, secrets and origin, then the environment is put back, so
  // servers this file starts later (which inherit process.env) get only what they are given.
  const saved = Object.fromEntries(APP_KEYS.map((k) => [k, process.env[k]]));
  Object.assign(process.env, {
    DATABASE_URL: target.env.DATABASE_URL,
    SESSION_SECRET: target.env.SESSION_SECRET,
    TOKEN_SECRET: target.env.TOKEN_SECRET,
    INTEGRATIONS_ENCRYPTION_KEY: target.env.INTEGRATIONS_ENCRYPTION_KEY,
    SITE_URL: target.baseUrl,
    // Nothing here mails; a message sent by mistake fails at a closed loopback port.
    SMTP_URL: 'smtp://127.0.0.1:9',
    PACEWISE_SEED: '0',
  });
  try {
    const [{ config }, { secrets }, client, passwords, tokens] = await Promise.all([
      import('@/lib/env'),
      import('@/lib/database/secrets'),
      import('@/lib/database/client'),
      import('@/lib/auth/passwords'),
      import('../service/support/tokens'),
    ]);
    config();
    secrets();
    return { target, client, passwords, tokens };
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

let app: ReturnType<typeof loadApp> | undefined;
let appTarget: DirectTarget | undefined;
// One password per process, hashed once: argon2 is the cost the sign-up form pays, not this file's subject.
const sharedPassword = `pw-${crypto.randomBytes(9).toString('base64url')}`;
let sharedHash: Promise<string> | undefined;

function appFor(target: DirectTarget) {
  if (appTarget && (appTarget.baseUrl !== target.baseUrl || appTarget.env.DATABASE_URL !== target.env.DATABASE_URL))
    throw new Error('direct-people: one server per test file (the app configuration is read once per process)');
  appTarget = target;
  app ??= loadApp(target);
  return app;
}

afterAll(async () => {
  if (app) await (await app).client.closeDatabase();
}, 60_000);

/** UTC, novice, kg and km: what every test person starts with (as newAthlete and subscribedPerson set it). */
const DEFAULT_PROFILE = { timezone: 'UTC', experience: 'novice', units: { weight: 'kg', distance: 'km' } };

export type QuickPerson = {
  person: TestPerson;
  accessToken: string;
  /** Signed in on the site (a FormSession with the session cookie), when `session` was asked for. */
  session?: FormSession;
  /** Another agent of the same person: a token of a grant of its own (all scopes unless `scopes` says fewer). */
  anotherToken: (label: string, scopes?: readonly string[]) => Promise<string>;
};

export type QuickPersonOptions = {
  /** An active subscription (default true). */
  subscribe?: boolean;
  /** The default profile (UTC, novice, kg and km), set through the profile service (default true, needs `subscribe`). */
  profile?: boolean;
  /** Scopes of the access token (default all eight). */
  scopes?: readonly string[];
  /** Also return a signed-in site session. */
  session?: boolean;
  /** The client name the HTTP path registers (the direct path uses the first-party client). */
  clientName?: string;
};

/**
 * A person with an access token for `baseUrl`'s /mcp: made in the database when `direct` is a target
 * (PostgreSQL), else over HTTP as before. The same shape and state either way.
 */
export async function quickPerson(
  baseUrl: string,
  direct: DirectTarget | undefined,
  label: string,
  options: QuickPersonOptions = {},
): Promise<QuickPerson> {
  const subscribe = options.subscribe !== false;
  if (!direct) return httpPerson(baseUrl, label, options);
  if (direct.baseUrl !== baseUrl) throw new Error(`direct-people: target ${direct.baseUrl} is not ${baseUrl}`);
  const { client, passwords, tokens } = await appFor(direct);
  const prisma = await client.db();
  sharedHash ??= passwords.hashPassword(sharedPassword);
  const person = { email: newPerson(label).email, password: sharedPassword };
  // What lib/auth/accounts.ts signUp stores for a new e-mail: the address and the argon2 hash.
  const user = await prisma.user.create({ data: { email: person.email, passwordHash: await sharedHash }, select: { id: true } });
  if (subscribe) {
    // Loaded only when used (after the configuration above was read): each module graph costs the worker CPU.
    const checkout = await import('@/lib/billing/checkout');
    const link = await checkout.createCheckoutLink({ id: user.id, email: person.email });
    await checkout.completeLocalCheckout(new URL(link.url).pathname.split('/').pop()!, user.id);
  }
  const { token } = await tokens.issueAccessToken(user.id, options.scopes);
  // The profile through one update_profile call (about 30 ms of server CPU), as the HTTP path sets it:
  // loading the profile service into this process would cost more (about 200 ms of CPU).
  if (subscribe && options.profile !== false)
    await tool(baseUrl, options.scopes ? (await tokens.issueAccessToken(user.id)).token : token, 'update_profile', DEFAULT_PROFILE);
  let session: FormSession | undefined;
  if (options.session) {
    // What startSession stores (lib/auth/sessions.ts), and the cookie it sets.
    const sessions = await import('@/lib/auth/sessions');
    const secret = crypto.randomBytes(32).toString('base64url');
    await prisma.session.create({
      data: { tokenHash: sessions.sessionTokenHash(secret), userId: user.id, expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000) },
    });
    session = new FormSession(baseUrl);
    session.cookies.set(sessions.SESSION_COOKIE, secret);
    session.cookies.set(sessions.SIGNED_IN_HINT_COOKIE, '1');
  }
  const anotherToken = async (_label: string, scopes?: readonly string[]) => (await tokens.issueAccessToken(user.id, scopes)).token;
  return { person, accessToken: token, session, anotherToken };
}

/** The HTTP path (PGlite): sign-up form, device flow and checkout in the signed-in session, update_profile. */
async function httpPerson(baseUrl: string, label: string, options: QuickPersonOptions): Promise<QuickPerson> {
  const person = newPerson(label);
  const session = await signUp(baseUrl, person);
  const { accessToken } = await obtainAccessToken(baseUrl, {
    ...person,
    clientName: options.clientName ?? `Agent ${label}`,
    scopes: options.scopes ? [...options.scopes] : undefined,
    session,
  });
  if (options.subscribe !== false) {
    await activateSubscription(baseUrl, { ...person, accessToken, session });
    if (options.profile !== false) {
      await tool(baseUrl, accessToken, 'update_profile', DEFAULT_PROFILE);
    }
  }
  const anotherToken = async (other: string, scopes?: readonly string[]) =>
    scopes
      ? (await obtainAccessToken(baseUrl, { ...person, scopes: [...scopes], clientName: `Agent ${other}`, session })).accessToken
      : (await connectAgent(baseUrl, person, other)).accessToken;
  return { person, accessToken, session: options.session ? session : undefined, anotherToken };
}
