// The one place configuration is read and validated. Everything else imports `config()`.
import { z } from 'zod';
import { isLoopbackHostname } from './loopback';

function isOrigin(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && (u.pathname === '/' || u.pathname === '') && !u.search && !u.hash;
  } catch {
    return false;
  }
}

const origin = (example: string) =>
  z
    .string()
    .trim()
    .refine(isOrigin, `must be an absolute http(s) origin without a path, such as ${example}`)
    .transform((v) => new URL(v).origin);

const secret = (name: string) => z.string().min(32, `${name} must be at least 32 characters; make one with: openssl rand -base64 48`);

const schema = z.object({
  SITE_URL: origin('https://pacewise.example').default('http://localhost:3000'),
  MCP_BASE_URL: origin('https://pacewise.example').optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a PostgreSQL URL such as postgresql://user:password@host:5432/pacewise')
    .optional(),
  DATABASE_POOL_MAX: z
    .string()
    .trim()
    .regex(/^(?:[1-9]|[1-9][0-9]|100)$/, 'must be the most PostgreSQL connections one instance opens, 1 to 100 (default 10)')
    .transform(Number)
    .default(10),
  DATABASE_PREPARED_STATEMENTS: z
    .enum(['0', '1'], {
      message:
        'must be 1 (driver reads as named prepared statements, the default) or 0 (for a pooler in transaction mode without prepared-statement support)',
    })
    .default('1'),
  PGLITE_DIR: z.string().trim().min(1).default('.data/pglite'),
  PACEWISE_SEED: z.enum(['0', '1'], { message: 'must be 0 (a new embedded database starts empty) or 1 (with the demo person)' }).optional(),
  SESSION_SECRET: secret('SESSION_SECRET').optional(),
  TOKEN_SECRET: secret('TOKEN_SECRET').optional(),
  VERCEL: z.string().optional(),
  VERCEL_ENV: z.string().optional(),
  PACEWISE_ENV: z.enum(['development', 'production'], { message: 'must be "development" or "production"' }).optional(),
  BILLING_LOCAL_CHECKOUT: z.enum(['0', '1'], { message: 'must be 0 or 1' }).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_... or sk_live_...)')
    .optional(),
  STRIPE_PRICE_ID: z
    .string()
    .regex(/^price_\w+$/, 'must be a Stripe price id (price_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_...)')
    .optional(),
  STRIPE_API_BASE: z.url().optional(),
  INTEGRATIONS_ENCRYPTION_KEY: z
    .string()
    .trim()
    .refine(
      (v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32,
      'must be 32 random bytes in base64; make one with: openssl rand -base64 32',
    )
    .optional(),
  STRAVA_CLIENT_ID: z.string().trim().regex(/^\w+$/, 'must be the Client ID from https://www.strava.com/settings/api').optional(),
  STRAVA_CLIENT_SECRET: z.string().trim().min(8, 'must be the Client Secret from https://www.strava.com/settings/api').optional(),
  STRAVA_BASE_URL: origin('https://www.strava.com').default('https://www.strava.com'),
  MCP_ALLOWED_ORIGINS: z
    .string()
    .trim()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((v) => v === '*' || isOrigin(v)),
      'must be comma-separated http(s) origins without a path, such as https://app.example,http://localhost:6274, or *',
    )
    .transform((list) => list.map((v) => (v === '*' ? v : new URL(v).origin)))
    .default([]),
  CHECKOUT_LINK_TTL_SECONDS: z
    .string()
    .trim()
    .regex(/^[1-9][0-9]*$/, 'must be a whole number of seconds (tests of expiry only; ignored in production)')
    .transform(Number)
    .optional(),
  SMTP_URL: z
    .string()
    .trim()
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'smtp:' || u.protocol === 'smtps:') && Boolean(u.hostname);
      } catch {
        return false;
      }
    }, 'must be an SMTP URL such as smtps://user:password@smtp.example.com:465 or smtp://127.0.0.1:2525')
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/, 'must be an address such as "Pacewise <no-reply@pacewise.example>"')
    .optional(),
  EMAIL_LINK_TTL_SECONDS: z
    .string()
    .trim()
    .regex(/^[1-9][0-9]*$/, 'must be a whole number of seconds (tests of expiry only; ignored in production)')
    .transform(Number)
    .optional(),
  CIMD_ALLOW_LOOPBACK: z.enum(['0', '1'], { message: 'must be 0 or 1' }).optional(),
  CIMD_FETCH_TIMEOUT_SECONDS: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'must be a number of seconds, e.g. 10 (tests on a loaded machine only; ignored in production)')
    .transform(Number)
    .optional(),
  PACEWISE_TEST_CLOCK: z.enum(['0', '1'], { message: 'must be 0 or 1' }).optional(),
  MCP_CALLS_PER_MINUTE: z
    .string()
    .trim()
    .regex(/^[1-9][0-9]*$/, 'must be a whole number of calls (tests that simulate weeks of training only; ignored in production)')
    .transform(Number)
    .optional(),
  SIGN_IN_FAILURE_LIMIT: z
    .string()
    .trim()
    .regex(
      /^(?:[1-9]|[1-9][0-9]|100)$/,
      'must be a whole number from 1 to 100: failed sign-ins allowed per account an hour and per address a quarter-hour (tests only, to lower them; ignored in production, where both are 100)',
    )
    .transform(Number)
    .optional(),
  REGISTRATIONS_PER_HOUR: z
    .string()
    .trim()
    .regex(
      /^[1-9][0-9]{0,6}$/,
      'must be the most client registrations (POST /register) the server accepts an hour from all addresses together, such as 2000',
    )
    .transform(Number)
    .default(2000),
  OAUTH_DEVICE_POLL_INTERVAL_SECONDS: z
    .string()
    .trim()
    .regex(
      /^(?:[1-9]|[1-5][0-9]|60)$/,
      'must be the whole number of seconds, 1 to 60, a device client waits between polls of /token; leave it unset for 5, the value RFC 8628 suggests',
    )
    .transform(Number)
    .default(5),
  TRUSTED_PROXY_HOPS: z
    .string()
    .trim()
    .regex(
      /^(?:[0-9]|10)$/,
      'must be the number of proxies in front of the server that append to X-Forwarded-For, 0 to 10 (0: none, the socket is the client)',
    )
    .transform(Number)
    .default(0),
});

export type Config = {
  siteUrl: string;
  /** SITE_URL was given (not the http://localhost:3000 default): a loopback default is not "really local". */
  siteUrlExplicit: boolean;
  mcpBaseUrl: string;
  /** The MCP tool URL: also the OAuth resource / audience value. */
  mcpUrl: string;
  databaseUrl: string | undefined;
  /** Most PostgreSQL connections one instance's pool opens. */
  databasePoolMax: number;
  /** Driver reads as named prepared statements (lib/database/prepared.ts). */
  databasePreparedStatements: boolean;
  pgliteDir: string;
  /** A newly created embedded database gets the demo person (PACEWISE_SEED=0 leaves it empty). */
  seedDemo: boolean;
  /** Browser origins /mcp accepts besides the site's own ('*' for any). */
  mcpAllowedOrigins: string[];
  sessionSecret: string | undefined;
  tokenSecret: string | undefined;
  /** Shared secrets must come from the environment: several instances (or Vercel) share one database. */
  secretsRequired: boolean;
  production: boolean;
  billing: {
    /**
     * The test-mode checkout page (a subscription without payment): on only where nobody else can
     * reach it unless BILLING_LOCAL_CHECKOUT says otherwise: a loopback SITE_URL that is set
     * explicitly, or the embedded database (no DATABASE_URL); never in production or on Vercel. A
     * PostgreSQL deployment that left SITE_URL unset (its default is a loopback URL) is not local:
     * it gave free subscriptions to anyone who reached it (NODE_ENV says nothing here: `next start`
     * always sets production).
     */
    localCheckout: boolean;
    /** Lifetime of a checkout link: 24 hours, or CHECKOUT_LINK_TTL_SECONDS outside production (tests of expiry). */
    checkoutLinkTtlSeconds: number | undefined;
    stripe: { secretKey: string; priceId: string; webhookSecret: string | undefined; apiBase: string | undefined } | undefined;
  };
  integrations: {
    /** Base64 of the 32-byte AES-256-GCM key for provider tokens at rest (generated in development). */
    encryptionKey: string | undefined;
    /** Strava is offered for connection only when both client credentials are set. */
    strava: { clientId: string; clientSecret: string; baseUrl: string } | undefined;
  };
  mail: {
    /** SMTP_URL; without it (development only) mail is written to the local mailbox folder. */
    smtpUrl: string | undefined;
    from: string;
    /** The development mailbox: one .eml file per message (lib/mail/transport.ts). */
    mailboxDir: string;
    /** Lifetime override of mailed links (tests of expiry only; ignored in production). */
    linkTtlSeconds: number | undefined;
  };
  /**
   * Client ID Metadata Documents on a literal loopback host (127.0.0.1, [::1], localhost) may be
   * fetched: CIMD_ALLOW_LOOPBACK=1, for local development and tests only. Ignored on Vercel, in
   * production, and whenever the site itself is not on a loopback host.
   */
  cimdAllowLoopback: boolean;
  /**
   * How long a Client ID Metadata Document may take to arrive, in seconds: 2.5 unless
   * CIMD_FETCH_TIMEOUT_SECONDS says otherwise where CIMD_ALLOW_LOOPBACK would be honoured (a test
   * process's first HTTPS fetch on a loaded machine can take longer). Production always has 2.5.
   */
  cimdFetchTimeoutSeconds: number;
  /**
   * /mcp honours the Pacewise-Test-Now header as the coaching clock (lib/clock.ts):
   * PACEWISE_TEST_CLOCK=1, for simulations in tests only. Ignored on Vercel, in production, and
   * whenever the site is not on a loopback host.
   */
  testClock: boolean;
  /**
   * The /mcp budget of one agent connection per minute (lib/mcp/call-budget.ts; a person gets twice
   * it): 240 unless MCP_CALLS_PER_MINUTE says otherwise where the test clock would be honoured
   * (simulations run weeks of training in minutes). Production always has 240.
   */
  mcpCallsPerMinute: number;
  /**
   * Failed sign-ins allowed per account an hour and per address a quarter-hour (lib/auth/rate-limit.ts):
   * 100 each (ASVS 2.2.1), lower only with SIGN_IN_FAILURE_LIMIT where the test clock would be honoured,
   * so tests prove the limits without 100 password checks per row. Production always has 100.
   */
  signInFailureLimit: number;
  /** Running on Vercel: the client address is the platform's `x-vercel-forwarded-for`. */
  onVercel: boolean;
  /** Proxies in front of a self-hosted server that append to X-Forwarded-For (lib/web/client-address.ts). */
  trustedProxyHops: number;
  /** Client registrations accepted an hour from all addresses together (besides the per-address limit). */
  registrationsPerHour: number;
  /** The device flow's `interval` (RFC 8628): seconds between polls of /token, until slow_down raises it by 5. */
  devicePollIntervalSeconds: number;
};

export class ConfigError extends Error {}

function blankToUndefined(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const v = env[key];
    out[key] = v === undefined || v.trim() === '' ? undefined : v;
  }
  return out;
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const given = blankToUndefined(env);
  const result = schema.safeParse(given);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}.`);
  }
  const e = result.data;
  const secretsRequired = Boolean(e.DATABASE_URL || e.VERCEL);
  const mcpBaseUrl = e.MCP_BASE_URL ?? e.SITE_URL;
  const production = e.PACEWISE_ENV ? e.PACEWISE_ENV === 'production' : e.VERCEL_ENV === 'production';
  const loopbackSite = isLoopbackHostname(new URL(e.SITE_URL).hostname);
  const siteUrlExplicit = given.SITE_URL !== undefined;
  const reallyLocal = loopbackSite && (siteUrlExplicit || !e.DATABASE_URL);
  return {
    siteUrl: e.SITE_URL,
    siteUrlExplicit,
    mcpBaseUrl,
    mcpUrl: `${mcpBaseUrl}/mcp`,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS === '1',
    pgliteDir: e.PGLITE_DIR,
    seedDemo: e.PACEWISE_SEED !== '0',
    mcpAllowedOrigins: e.MCP_ALLOWED_ORIGINS,
    sessionSecret: e.SESSION_SECRET,
    tokenSecret: e.TOKEN_SECRET,
    secretsRequired,
    production,
    billing: {
      localCheckout: e.BILLING_LOCAL_CHECKOUT ? e.BILLING_LOCAL_CHECKOUT === '1' : !production && !e.VERCEL && reallyLocal,
      checkoutLinkTtlSeconds: production ? undefined : e.CHECKOUT_LINK_TTL_SECONDS,
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_PRICE_ID
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              priceId: e.STRIPE_PRICE_ID,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiBase: e.STRIPE_API_BASE,
            }
          : undefined,
    },
    integrations: {
      encryptionKey: e.INTEGRATIONS_ENCRYPTION_KEY,
      strava:
        e.STRAVA_CLIENT_ID && e.STRAVA_CLIENT_SECRET
          ? { clientId: e.STRAVA_CLIENT_ID, clientSecret: e.STRAVA_CLIENT_SECRET, baseUrl: e.STRAVA_BASE_URL }
          : undefined,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Pacewise <no-reply@${new URL(e.SITE_URL).hostname}>`,
      mailboxDir: '.data/mail',
      linkTtlSeconds: production ? undefined : e.EMAIL_LINK_TTL_SECONDS,
    },
    cimdAllowLoopback: e.CIMD_ALLOW_LOOPBACK === '1' && !e.VERCEL && !production && loopbackSite,
    cimdFetchTimeoutSeconds: (!e.VERCEL && !production && loopbackSite && e.CIMD_FETCH_TIMEOUT_SECONDS) || 2.5,
    testClock: e.PACEWISE_TEST_CLOCK === '1' && !e.VERCEL && !production && loopbackSite,
    mcpCallsPerMinute: (!e.VERCEL && !production && loopbackSite && e.MCP_CALLS_PER_MINUTE) || 240,
    signInFailureLimit: (!e.VERCEL && !production && loopbackSite && e.SIGN_IN_FAILURE_LIMIT) || 100,
    onVercel: Boolean(e.VERCEL),
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    devicePollIntervalSeconds: e.OAUTH_DEVICE_POLL_INTERVAL_SECONDS,
  };
}

/**
 * Start-up check: shared secrets must come from the environment when several instances share one
 * database. (Checked at server start and where secrets are used, not during `next build`.)
 */
export function assertSecretsConfigured(c: Config): void {
  // A shared database is a deployment: its public origin must be named, not left to the loopback
  // default (links, cookies, OAuth issuer and the local checkout all depend on it).
  if (c.databaseUrl && !c.siteUrlExplicit) {
    throw new ConfigError(
      'Missing environment variable SITE_URL: required with DATABASE_URL; set it to the public origin, such as SITE_URL=https://pacewise.example (or SITE_URL=http://localhost:3000 for a PostgreSQL on your own machine).',
    );
  }
  if (!c.secretsRequired) {
    if (c.production) assertMailConfigured(c);
    return;
  }
  for (const [name, value] of [
    ['SESSION_SECRET', c.sessionSecret],
    ['TOKEN_SECRET', c.tokenSecret],
  ] as const) {
    if (!value) {
      throw new ConfigError(
        `Missing environment variable ${name}: required with DATABASE_URL or on Vercel (instances must share it); make one with: openssl rand -base64 48`,
      );
    }
  }
  if (!c.integrations.encryptionKey) {
    throw new ConfigError(
      'Missing environment variable INTEGRATIONS_ENCRYPTION_KEY: required with DATABASE_URL or on Vercel (instances must share it); make one with: openssl rand -base64 32',
    );
  }
  assertMailConfigured(c);
}

/** Deployed (several instances, or production): sign-up proof and reset links must really be mailed. */
function assertMailConfigured(c: Config): void {
  if (c.mail.smtpUrl) return;
  throw new ConfigError(
    "Missing environment variable SMTP_URL: required in production, with DATABASE_URL or on Vercel (sign-up proof and password reset links are mailed); set your provider's, such as smtps://user:password@smtp.example.com:465",
  );
}

let cached: Config | undefined;

/** The validated configuration of this process (read once). */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/**
 * Reads the environment again at the next `config()`. Only for a process that runs several test files
 * one after the other, each with a database of its own (the service tier, tests/service/support/database.ts).
 */
export function rereadConfig(): void {
  cached = undefined;
}

/** Every variable this module reads (the README's configuration table names each one). */
export const ENV_VARIABLES: readonly string[] = Object.keys(schema.shape);
