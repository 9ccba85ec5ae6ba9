// Secrets for cookies and token hashing. In development they are generated once and kept in the
// git-ignored data folder; with DATABASE_URL or on Vercel they must come from the environment.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assertSecretsConfigured, config } from '@/lib/env';

export type Secrets = { sessionSecret: string; tokenSecret: string };

let cached: Secrets | undefined;

export function secrets(): Secrets {
  if (cached) return cached;
  const c = config();
  assertSecretsConfigured(c);
  if (c.sessionSecret && c.tokenSecret) {
    cached = { sessionSecret: c.sessionSecret, tokenSecret: c.tokenSecret };
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
  };
  if (next.sessionSecret !== stored.sessionSecret || next.tokenSecret !== stored.tokenSecret) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(next, null, 2), { mode: 0o600 });
  }
  cached = next;
  return cached;
}
