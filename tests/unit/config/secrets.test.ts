import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedSecrets } from '@/lib/database/secrets';

function tempFile() {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-secrets-')), 'secrets.json');
}

describe('development secrets file', () => {
  it('is created once, owner-only, and read back the same by the next caller', () => {
    const file = tempFile();
    const first = generatedSecrets(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(first.integrationsEncryptionKey, 'base64')).toHaveLength(32);
    expect(generatedSecrets(file)).toEqual(first);
  });

  it('keeps existing values and adds a key a newer version needs', () => {
    const file = tempFile();
    fs.writeFileSync(file, JSON.stringify({ sessionSecret: 's'.repeat(40), tokenSecret: 't'.repeat(40) }));
    const got = generatedSecrets(file);
    expect(got.sessionSecret).toBe('s'.repeat(40));
    expect(got.tokenSecret).toBe('t'.repeat(40));
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).integrationsEncryptionKey).toBe(got.integrationsEncryptionKey);
  });
});
