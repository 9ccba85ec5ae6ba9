// When the free test-mode checkout is on (lib/env.ts): a case table of environments.
import { describe, expect, it } from 'vitest';
import { assertSecretsConfigured, parseConfig } from '@/lib/env';

const cases: { env: Record<string, string>; on: boolean }[] = [
  { env: {}, on: true }, // the default SITE_URL is http://localhost:3000
  { env: { SITE_URL: 'http://127.0.0.1:3311' }, on: true },
  { env: { SITE_URL: 'http://[::1]:3000' }, on: true },
  { env: { SITE_URL: 'https://pacewise.example' }, on: false },
  { env: { SITE_URL: 'https://pacewise.example', PACEWISE_ENV: 'development' }, on: false },
  { env: { SITE_URL: 'http://192.168.1.20:3000' }, on: false },
  { env: { SITE_URL: 'http://localhost.evil.example' }, on: false },
  { env: { SITE_URL: 'https://pacewise.example', DATABASE_URL: 'postgresql://u@h/db', NODE_ENV: 'production' }, on: false },
  { env: { SITE_URL: 'http://localhost:3000', PACEWISE_ENV: 'production' }, on: false },
  { env: { SITE_URL: 'http://localhost:3000', VERCEL_ENV: 'production' }, on: false },
  { env: { SITE_URL: 'http://localhost:3000', VERCEL: '1', VERCEL_ENV: 'preview' }, on: false },
  { env: { SITE_URL: 'https://staging.pacewise.example', BILLING_LOCAL_CHECKOUT: '1' }, on: true },
  { env: { SITE_URL: 'http://localhost:3000', BILLING_LOCAL_CHECKOUT: '0' }, on: false },
  { env: { SITE_URL: 'https://pacewise.example', PACEWISE_ENV: 'production', BILLING_LOCAL_CHECKOUT: '1' }, on: true },
  // PostgreSQL with SITE_URL left unset: the loopback default is not "really local" (issue 34).
  { env: { DATABASE_URL: 'postgresql://u@h/db' }, on: false },
  { env: { DATABASE_URL: 'postgresql://u@h/db', NODE_ENV: 'production' }, on: false },
  { env: { DATABASE_URL: 'postgresql://u@h/db', SITE_URL: '  ' }, on: false },
  // ...but set explicitly on loopback it is (local development on PostgreSQL).
  { env: { DATABASE_URL: 'postgresql://u@127.0.0.1/db', SITE_URL: 'http://localhost:3000' }, on: true },
];

describe('a PostgreSQL deployment without SITE_URL', () => {
  it.each([
    { DATABASE_URL: 'postgresql://u@h/db' },
    { DATABASE_URL: 'postgresql://u@h/db', NODE_ENV: 'production', SESSION_SECRET: 'a'.repeat(40), TOKEN_SECRET: 'b'.repeat(40) },
  ])('%j refuses to start, naming SITE_URL', (env) => {
    expect(() => assertSecretsConfigured(parseConfig(env))).toThrow(/Missing environment variable SITE_URL: required with DATABASE_URL/);
  });
});

describe('billing.localCheckout', () => {
  it.each(cases)('$env -> $on', ({ env, on }) => {
    expect(parseConfig(env).billing.localCheckout).toBe(on);
  });
});
