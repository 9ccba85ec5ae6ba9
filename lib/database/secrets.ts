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
  // Only generated values live in the file; a value from the environment always wins and is never written.
  const generated = generatedSecrets(path.resolve('.data', 'secrets.json'));
  const next: Secrets = {
    sessionSecret: c.sessionSecret ?? generated.sessionSecret,
    tokenSecret: c.tokenSecret ?? generated.tokenSecret,
    integrationsEncryptionKey: c.integrations.encryptionKey ?? generated.integrationsEncryptionKey,
  };
  cached = next;
  return cached;
}

function randomSecrets(): Secrets {
  return {
    sessionSecret: crypto.randomBytes(48).toString('base64url'),
    tokenSecret: crypto.randomBytes(48).toString('base64url'),
    integrationsEncryptionKey: crypto.randomBytes(32).toString('base64'),
  };
}

function readSecrets(file: string): Partial<Secrets> | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
  } catch {
    return undefined;
  }
}

/**
 * The development secrets file, created once. Several processes (dev server, test servers) start
 * at once on one checkout: the file is created exclusively and every process uses what is in it,
 * so they never disagree on a key.
 */
export function generatedSecrets(file: string): Secrets {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let stored = readSecrets(file);
  if (!stored) {
    try {
      fs.writeFileSync(file, JSON.stringify(randomSecrets(), null, 2), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    stored = readSecrets(file) ?? {};
  }
  const complete = { ...randomSecrets(), ...stored };
  if (Object.keys(complete).some((k) => !stored[k as keyof Secrets])) {
    // A key added by a newer version: write the whole file atomically, then use what landed.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(complete, null, 2), { mode: 0o600 });
    fs.renameSync(tmp, file);
    return { ...complete, ...readSecrets(file) };
  }
  return complete;
}
