// The one place configuration is read and validated. Everything else imports `config()`.
import { z } from 'zod';

const origin = (example: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && (u.pathname === '/' || u.pathname === '') && !u.search && !u.hash;
      } catch {
        return false;
      }
    }, `must be an absolute http(s) origin without a path, such as ${example}`)
    .transform((v) => new URL(v).origin);

const secret = (name: string) =>
  z.string().min(32, `${name} must be at least 32 characters; make one with: openssl rand -base64 48`);

const schema = z.object({
  SITE_URL: origin('https://pacewise.example').default('http://localhost:3000'),
  MCP_BASE_URL: origin('https://pacewise.example').optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a PostgreSQL URL such as postgresql://user:password@host:5432/pacewise')
    .optional(),
  PGLITE_DIR: z.string().trim().min(1).default('.data/pglite'),
  SESSION_SECRET: secret('SESSION_SECRET').optional(),
  TOKEN_SECRET: secret('TOKEN_SECRET').optional(),
  VERCEL: z.string().optional(),
});

export type Config = {
  siteUrl: string;
  mcpBaseUrl: string;
  /** The MCP tool URL: also the OAuth resource / audience value. */
  mcpUrl: string;
  databaseUrl: string | undefined;
  pgliteDir: string;
  sessionSecret: string | undefined;
  tokenSecret: string | undefined;
  /** Shared secrets must come from the environment: several instances (or Vercel) share one database. */
  secretsRequired: boolean;
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
  const result = schema.safeParse(blankToUndefined(env));
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}.`);
  }
  const e = result.data;
  const secretsRequired = Boolean(e.DATABASE_URL || e.VERCEL);
  const mcpBaseUrl = e.MCP_BASE_URL ?? e.SITE_URL;
  return {
    siteUrl: e.SITE_URL,
    mcpBaseUrl,
    mcpUrl: `${mcpBaseUrl}/mcp`,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR,
    sessionSecret: e.SESSION_SECRET,
    tokenSecret: e.TOKEN_SECRET,
    secretsRequired,
  };
}

/**
 * Start-up check: shared secrets must come from the environment when several instances share one
 * database. (Checked at server start and where secrets are used, not during `next build`.)
 */
export function assertSecretsConfigured(c: Config): void {
  if (!c.secretsRequired) return;
  for (const [name, value] of [['SESSION_SECRET', c.sessionSecret], ['TOKEN_SECRET', c.tokenSecret]] as const) {
    if (!value) {
      throw new ConfigError(
        `Missing environment variable ${name}: required with DATABASE_URL or on Vercel (instances must share it); make one with: openssl rand -base64 48`,
      );
    }
  }
}

let cached: Config | undefined;

/** The validated configuration of this process (read once). */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
