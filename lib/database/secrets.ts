// Secrets for cookies, token hashing and the encryption of integration tokens at rest. In development they are generated once and kept in the
// git-ignored data folder; with DATABASE_URL or on Vercel they must come from the environment.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assertSecretsConfigured, config } from '@/lib/env';

export type Secrets = {
  sessionSecret: string;
  tokenSecret: string;
  /** Base64 of 32 bytes: the AES-256-GCM key for provider tokens (lib/integrations/tokens-crypto.ts). */
  integrationsEncryptionKey: string;
};

let cached: Secrets | undefined;

export function secrets(): Secrets {
  if (cached) return cached;
  const c = config();
  assertSecretsConfigured(c);
  if (c.sessionSecret && c.tokenSecret && c.integrations.encryptionKey) {
    cached = { sessionSecret: c.sessionSecret, tokenSecret: c.tokenSecret, integrationsEncryptionKey: c.integrations.encryptionKey };
    return cached;
  }
  const file = path.resolve('.data', 'secrets.json');
  let stored: Partial<Secrets> = {};
  try {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
  } catch {
    // first run: generated below
  }
  const next: Secrets = {
    sessionSecret: c.sessionSecret ?? stored.sessionSecret ?? crypto.randomBytes(48).toString('base64url'),
    tokenSecret: c.tokenSecret ?? stored.tokenSecret ?? crypto.randomBytes(48).toString('base64url'),
    integrationsEncryptionKey: c.integrations.encryptionKey ?? stored.integrationsEncryptionKey ?? crypto.randomBytes(32).toString('base64'),
  };
  if (
    next.sessionSecret !== stored.sessionSecret ||
    next.tokenSecret !== stored.tokenSecret ||
    next.integrationsEncryptionKey !== stored.integrationsEncryptionKey
  ) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(next, null, 2), { mode: 0o600 });
  }
  cached = next;
  return cached;
}
