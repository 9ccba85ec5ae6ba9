import { describe, expect, it } from 'vitest';
import { assertSecretsConfigured, parseConfig } from '@/lib/env';

const s = 'x'.repeat(40);
const deployed = {
  DATABASE_URL: 'postgresql://u:p@db.example:5432/pacewise',
  // A PostgreSQL deployment names its origin (lib/env.ts refuses one without SITE_URL first).
  SITE_URL: 'https://pacewise.example',
  SESSION_SECRET: s,
  TOKEN_SECRET: s,
  INTEGRATIONS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

describe('SMTP_URL', () => {
  it.each([
    ['PostgreSQL deployment', deployed],
    ['production on PGlite', { PACEWISE_ENV: 'production' }],
    ['Vercel', { ...deployed, DATABASE_URL: undefined, VERCEL: '1' }],
  ])('is required for a %s, with the one-line fix', (_name, env) => {
    expect(() => assertSecretsConfigured(parseConfig(env))).toThrowError(
      /^Missing environment variable SMTP_URL: .*smtps:\/\/user:password@smtp\.example\.com:465$/,
    );
    expect(() => assertSecretsConfigured(parseConfig({ ...env, SMTP_URL: 'smtps://u:p@smtp.example.com:465' }))).not.toThrow();
  });

  it('is optional in development, where mail goes to the local mailbox', () => {
    const c = parseConfig({});
    expect(() => assertSecretsConfigured(c)).not.toThrow();
    expect(c.mail).toMatchObject({ smtpUrl: undefined, mailboxDir: '.data/mail', from: 'Pacewise <no-reply@localhost>' });
  });

  it.each(['http://mail.example', 'mail.example:25', 'smtp://', 'not a url'])('rejects %s, naming the variable', (value) => {
    expect(() => parseConfig({ SMTP_URL: value })).toThrowError(/^Invalid environment variable SMTP_URL: must be an SMTP URL/);
  });

  it('ignores the link lifetime override in production', () => {
    expect(parseConfig({ EMAIL_LINK_TTL_SECONDS: '2' }).mail.linkTtlSeconds).toBe(2);
    expect(
      parseConfig({ EMAIL_LINK_TTL_SECONDS: '2', PACEWISE_ENV: 'production', SMTP_URL: 'smtp://a.example' }).mail.linkTtlSeconds,
    ).toBeUndefined();
  });
});
