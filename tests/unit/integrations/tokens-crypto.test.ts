import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptWithKey, encryptWithKey, TokenDecryptionError } from '@/lib/integrations/tokens-crypto';

const key = crypto.randomBytes(32).toString('base64');
const token = 'a1b2c3d4e5f6-strava-access-token';

describe('provider tokens at rest (AES-256-GCM)', () => {
  it('round-trips, and the ciphertext does not contain the token', () => {
    const stored = encryptWithKey(token, 'ctx', key);
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain(token);
    expect(decryptWithKey(stored, 'ctx', key)).toBe(token);
  });

  it('uses a fresh nonce each time', () => {
    expect(encryptWithKey(token, 'ctx', key)).not.toBe(encryptWithKey(token, 'ctx', key));
  });

  it('refuses another row or field (associated data), another key, and any alteration', () => {
    const stored = encryptWithKey(token, 'user-a:access', key);
    expect(() => decryptWithKey(stored, 'user-b:access', key)).toThrow(TokenDecryptionError);
    expect(() => decryptWithKey(stored, 'user-a:access', crypto.randomBytes(32).toString('base64'))).toThrow(TokenDecryptionError);
    const parts = stored.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => decryptWithKey([parts[0], parts[1], parts[2], body.toString('base64url')].join('.'), 'user-a:access', key)).toThrow(
      TokenDecryptionError,
    );
    expect(() => decryptWithKey('plaintext-token', 'user-a:access', key)).toThrow(TokenDecryptionError);
  });

  it('needs a 32-byte key', () => {
    expect(() => encryptWithKey(token, 'ctx', crypto.randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
