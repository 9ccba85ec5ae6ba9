// With an OS keychain on the machine, the tokens go there and the credentials file keeps no secret.
// This machine has no Secret Service, so a stand-in `secret-tool` (same arguments, same stdin/stdout
// contract, secrets kept in a temporary folder) is put first on PATH; the CLI finds it at run time.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../support/browser';
import { newPerson, signUp, type TestPerson } from '../../../harness/accounts';
import { cli, credentialsFile, forceExpiry, login, readCredentials, tempHome } from './harness';

const baseUrl = inject('baseUrl');

const FAKE_SECRET_TOOL = `#!/usr/bin/env node
// secret-tool store --label L attr value... (secret on stdin) | lookup attr value... | clear attr value...
const fs = require('node:fs'), path = require('node:path'), crypto = require('node:crypto');
const [command, ...rest] = process.argv.slice(2);
const attrs = command === 'store' ? rest.slice(2) : rest;
const file = path.join(process.env.FAKE_KEYRING, crypto.createHash('sha256').update(attrs.join('\\0')).digest('hex'));
fs.appendFileSync(path.join(process.env.FAKE_KEYRING, 'calls.log'), command + ' ' + attrs.join(' ') + '\\n');
if (command === 'store') fs.writeFileSync(file, fs.readFileSync(0));
else if (command === 'lookup') { if (!fs.existsSync(file)) process.exit(1); process.stdout.write(fs.readFileSync(file)); }
else if (command === 'clear') fs.rmSync(file, { force: true });
else process.exit(2);
`;

let browser: Browser;
let person: TestPerson;
const home = tempHome();
const bin = path.join(home, 'fake-bin');
const keyring = path.join(home, 'keyring');
const env = () => ({ PACEWISE_STORAGE: 'auto', PATH: `${bin}${path.delimiter}${process.env.PATH}`, FAKE_KEYRING: keyring });
const secretOf = () => JSON.parse(fs.readFileSync(path.join(keyring, crypto.createHash('sha256').update(['service', 'pacewise', 'server', baseUrl].join('\0')).digest('hex')), 'utf8')) as {
  accessToken: string;
  refreshToken: string;
};

beforeAll(async () => {
  fs.mkdirSync(bin, { recursive: true });
  fs.mkdirSync(keyring, { recursive: true });
  fs.writeFileSync(path.join(bin, 'secret-tool'), FAKE_SECRET_TOOL, { mode: 0o755 });
  browser = await launchBrowser();
  person = newPerson('cli-keychain');
  await signUp(baseUrl, person);
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(home, { recursive: true, force: true });
});

describe('tokens in the OS keychain', () => {
  it('login stores the pair in the keychain; the file holds no token; refresh and logout use the keychain', async () => {
    const cliHome = path.join(home, 'config');
    const result = await login(browser, person, { home: cliHome, server: baseUrl, env: env() });
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toContain('Tokens: the Secret Service keyring (secret-tool, service "pacewise")');

    const first = secretOf();
    const file = fs.readFileSync(credentialsFile(cliHome), 'utf8');
    expect(readCredentials(cliHome).servers[baseUrl]!.session!.storage).toBe('secret-tool');
    expect(file).not.toContain(first.accessToken);
    expect(file).not.toContain(first.refreshToken);
    // The secret went in on stdin, never as an argument.
    expect(fs.readFileSync(path.join(keyring, 'calls.log'), 'utf8')).not.toContain(first.accessToken);

    forceExpiry(cliHome, baseUrl);
    const who = await cli(['whoami'], { home: cliHome, env: env() });
    expect(who.code, who.output).toBe(0);
    expect(who.stdout).toContain(person.email);
    const second = secretOf();
    expect(second.refreshToken).not.toBe(first.refreshToken);

    const out = await cli(['logout'], { home: cliHome, env: env() });
    expect(out.code, out.output).toBe(0);
    expect(() => secretOf()).toThrow();
    expect(readCredentials(cliHome).servers[baseUrl]!.session).toBeUndefined();
  });
});
