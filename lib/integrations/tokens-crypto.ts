// Provider tokens at rest: AES-256-GCM with a random 96-bit nonce per value. The associated data
// binds a ciphertext to its row and field, so a value copied into another person's row (or from
// the refresh-token column into the access-token column) fails to decrypt instead of being used.
import crypto from 'node:crypto';
import { secrets } from '@/lib/database/secrets';

const VERSION = 'v1';

export class TokenDecryptionError extends Error {
  constructor() {
    super('A stored provider token could not be decrypted (the encryption key changed or the value was altered).');
    this.name = 'TokenDecryptionError';
  }
}

function keyFrom(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error('The integrations encryption key must be 32 bytes.');
  return key;
}

/** Encrypts with an explicit key (base64, 32 bytes); `context` must be given again to decrypt. */
export function encryptWithKey(plaintext: string, context: string, keyBase64: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFrom(keyBase64), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptWithKey(stored: string, context: string, keyBase64: string): string {
  const [version, iv, tag, body, ...rest] = stored.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined || rest.length > 0) throw new TokenDecryptionError();
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyFrom(keyBase64), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new TokenDecryptionError();
  }
}

/** The associated data of one stored token: which person, which integration, which field. */
export function tokenContext(userId: string, integrationId: string, field: 'access' | 'refresh'): string {
  return `pacewise:integration-token:${integrationId}:${field}:${userId}`;
}

export function encryptToken(plaintext: string, context: string): string {
  return encryptWithKey(plaintext, context, secrets().integrationsEncryptionKey);
}

export function decryptToken(stored: string, context: string): string {
  return decryptWithKey(stored, context, secrets().integrationsEncryptionKey);
}
