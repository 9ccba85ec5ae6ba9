// The CLI's file store (cli/src/credentials.ts) against a hostile config folder: a planted file or
// symlink never receives the tokens, the folder is owner-only, and a symlinked folder is refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CredentialStore, ownerOnlyFolder } from '../../../cli/src/credentials';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-store-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const DATA = { version: 1 as const, servers: { 'https://pacewise.example/mcp': { clientId: 'c1', registeredAt: '2026-11-27T00:00:00Z' } } };

describe('the credentials file', () => {
  it('is written whole and owner-only, and never through a symlink planted at a temp name', () => {
    const home = path.join(root, 'planted');
    fs.mkdirSync(home, { mode: 0o700 });
    const victim = path.join(root, 'victim.txt');
    fs.writeFileSync(victim, 'untouched');
    // The old temp names (pid-based) and a few guesses, each a link to the victim.
    for (const name of [`credentials.json.${process.pid}.tmp`, 'credentials.json.tmp', 'credentials.json.0.tmp'])
      fs.symlinkSync(victim, path.join(home, name));
    const store = new CredentialStore(home);
    store.write(DATA);
    expect(fs.readFileSync(victim, 'utf8')).toBe('untouched');
    expect(store.read()).toEqual(DATA);
    expect(fs.statSync(store.file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(home).filter((f) => f.endsWith('.tmp') && !fs.lstatSync(path.join(home, f)).isSymbolicLink())).toEqual([]);
  });

  it.each([0o755, 0o750, 0o777])('a folder with mode %o is tightened to 0700', (mode) => {
    const home = path.join(root, `open-${mode.toString(8)}`);
    fs.mkdirSync(home);
    fs.chmodSync(home, mode);
    new CredentialStore(home).write(DATA);
    expect(fs.statSync(home).mode & 0o777).toBe(0o700);
  });

  it('a config folder that is a symlink is refused, and nothing is written where it points', () => {
    const target = path.join(root, 'elsewhere');
    fs.mkdirSync(target, { mode: 0o700 });
    const home = path.join(root, 'linked');
    fs.symlinkSync(target, home);
    expect(() => new CredentialStore(home).write(DATA)).toThrow(/is not a folder \(a symlink or a file\)/);
    expect(fs.readdirSync(target)).toEqual([]);
    expect(() => ownerOnlyFolder(home)).toThrow(/move it away/);
  });
});
