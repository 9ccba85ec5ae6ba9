// Password hashing: argon2id (the default algorithm of @node-rs/argon2, with its defaults of 19 MiB,
// t=2, p=1: OWASP's baseline). Hashes are PHC strings, so parameters can be raised later.
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A real hash of a random password: verifying against it costs the same as against a stored one, so
// the response time does not tell whether an e-mail has an account.
let dummy: Promise<string> | undefined;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hash(crypto.randomBytes(24).toString('base64url'));
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
