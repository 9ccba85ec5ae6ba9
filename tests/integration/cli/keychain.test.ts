// Where the tokens go (@napi-rs/keyring). With a Secret Service on the session bus (GNOME Keyring,
// started here under its own `dbus-run-session` when the machine has it), the pair goes to the
// keyring and the credentials file keeps no secret; refresh and logout use the keyring. Without
// one (a headless host), `auto` falls back to the owner-only file and `keychain` refuses to.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPerson, signUp, type TestPerson } from '../../../harness/accounts';
import { cli, credentialsFile, forceExpiry, login, readCredentials, tempHome } from './harness';

const baseUrl = inject('baseUrl');

let person: TestPerson;
const home = tempHome();

function onPath(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const canRunKeyring = onPath('gnome-keyring-daemon') && onPath('dbus-daemon');

beforeAll(async () => {
  person = newPerson('cli-keychain');
  await signUp(baseUrl, person);
});
afterAll(async () => {
  fs.rmSync(home, { recursive: true, force: true });
});

/** No session bus, so no Secret Service: what a server or CI host looks like. */
const headless = { PACEWISE_STORAGE: 'auto', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };

describe('tokens without an OS keychain', () => {
  it('auto: login stores the pair in the owner-only file and says so', async () => {
    const cliHome = path.join(home, 'headless');
    const result = await login(person, { home: cliHome, server: baseUrl, env: headless });
    expect(result.code, result.output).toBe(0);
    const file = credentialsFile(cliHome);
    expect(result.stdout).toContain(`Tokens: ${file} (readable by you only)`);
    expect(readCredentials(cliHome).servers[baseUrl]!.session!.storage).toBe('file');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keychain: the sign-in is refused rather than written to a file', async () => {
    const cliHome = path.join(home, 'required');
    const result = await login(person, { home: cliHome, server: baseUrl, env: { ...headless, PACEWISE_STORAGE: 'keychain' } });
    expect(result.code).toBe(1);
    expect(result.output).toContain('PACEWISE_STORAGE=keychain, but no working OS keychain was found');
    expect(readCredentials(cliHome).servers[baseUrl]?.session).toBeUndefined();
  });
});

// On CI the keyring must be there (the test fails rather than skips); elsewhere it runs where it can.
describe.runIf(canRunKeyring || Boolean(process.env.CI))('tokens in a real Secret Service (GNOME Keyring)', () => {
  let bus: ChildProcess | undefined;
  let address = '';
  const runtime = path.join(home, 'runtime');

  beforeAll(async () => {
    fs.mkdirSync(runtime, { recursive: true, mode: 0o700 });
    // A private session bus, then GNOME Keyring on it with a new login keyring (created and
    // unlocked by --login, made the default collection), as a desktop session starts it.
    bus = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], { stdio: ['ignore', 'pipe', 'inherit'] });
    address = await new Promise<string>((resolve) => bus!.stdout!.once('data', (d: Buffer) => resolve(String(d).trim())));
    execFileSync(
      'sh',
      [
        '-c',
        'printf pacewise-test | gnome-keyring-daemon --login >/dev/null && gnome-keyring-daemon --start --components=secrets >/dev/null',
      ],
      {
        env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: address, XDG_RUNTIME_DIR: runtime, HOME: home },
        stdio: 'ignore',
      },
    );
  });
  // The keyring daemon leaves with its session bus.
  afterAll(() => {
    bus?.kill();
  });

  it('login stores the pair in the keyring; the file holds no token; refresh and logout use the keyring', async () => {
    const env = { PACEWISE_STORAGE: 'auto', DBUS_SESSION_BUS_ADDRESS: address, XDG_RUNTIME_DIR: runtime, HOME: home };
    const cliHome = path.join(home, 'desktop');
    const result = await login(person, { home: cliHome, server: baseUrl, env });
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toContain('Tokens: the Secret Service keyring (service "pacewise")');
    const stored = readCredentials(cliHome).servers[baseUrl]!.session!;
    expect(stored.storage).toBe('keyring');
    expect(stored.accessToken).toBeUndefined();
    expect(stored.refreshToken).toBeUndefined();
    expect(fs.readFileSync(credentialsFile(cliHome), 'utf8')).not.toMatch(/"(access|refresh)Token"/);

    forceExpiry(cliHome, baseUrl);
    const who = await cli(['whoami'], { home: cliHome, env });
    expect(who.code, who.output).toBe(0);
    expect(who.stdout).toContain(person.email);

    const out = await cli(['logout'], { home: cliHome, env });
    expect(out.code, out.output).toBe(0);
    expect(out.stdout).toContain('the tokens were revoked and deleted');
    expect(readCredentials(cliHome).servers[baseUrl]!.session).toBeUndefined();
    // The keyring no longer has the pair: a later command needs a new sign-in.
    const after = await cli(['whoami'], { home: cliHome, env });
    expect(after.code).toBe(1);
    expect(after.output).toContain('Not signed in');
  });
});
