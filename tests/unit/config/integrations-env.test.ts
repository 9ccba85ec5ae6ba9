import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assertSecretsConfigured, ConfigError, parseConfig } from '@/lib/env';

const s = 'x'.repeat(40);
const shared = {
  DATABASE_URL: 'postgresql://u:p@db.example:5432/pacewise',
  SITE_URL: 'https://pacewise.example',
  SESSION_SECRET: s,
  TOKEN_SECRET: s,
};

describe('integration settings', () => {
  it('Strava is offered only with both client credentials; the base URL defaults to Strava', () => {
    expect(parseConfig({}).integrations.strava).toBeUndefined();
    expect(parseConfig({ STRAVA_CLIENT_ID: '12345' }).integrations.strava).toBeUndefined();
    expect(parseConfig({ STRAVA_CLIENT_ID: '12345', STRAVA_CLIENT_SECRET: 'abcdef0123456789' }).integrations.strava).toEqual({
      clientId: '12345',
      clientSecret: 'abcdef0123456789',
      baseUrl: 'https://www.strava.com',
    });
    expect(
      parseConfig({ STRAVA_CLIENT_ID: '1', STRAVA_CLIENT_SECRET: 'abcdef0123456789', STRAVA_BASE_URL: 'http://127.0.0.1:4010/' })
        .integrations.strava?.baseUrl,
    ).toBe('http://127.0.0.1:4010');
  });

  it.each([
    ['INTEGRATIONS_ENCRYPTION_KEY', crypto.randomBytes(16).toString('base64')],
    ['INTEGRATIONS_ENCRYPTION_KEY', 'not base64 at all!'],
    ['STRAVA_BASE_URL', 'https://www.strava.com/api/v3'],
  ])('rejects a malformed %s, naming it', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrowError(new RegExp(`^Invalid environment variable ${name}: `));
  });

  it('the encryption key is required with DATABASE_URL or on Vercel, and optional in development', () => {
    expect(() => assertSecretsConfigured(parseConfig(shared))).toThrowError(ConfigError);
    expect(() => assertSecretsConfigured(parseConfig(shared))).toThrowError(/INTEGRATIONS_ENCRYPTION_KEY: .*openssl rand -base64 32/);
    expect(() =>
      assertSecretsConfigured(
        parseConfig({
          ...shared,
          INTEGRATIONS_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
          SMTP_URL: 'smtp://mail.example:587',
        }),
      ),
    ).not.toThrow();
    expect(() => assertSecretsConfigured(parseConfig({}))).not.toThrow();
  });
});
