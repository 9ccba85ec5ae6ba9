// The OS keychain, through the platform's own command-line tool, found at run time: `secret-tool`
// (libsecret, the Secret Service on Linux desktops) or `security` (the macOS keychain). Secrets go to
// the tool on standard input, never as arguments (other users can read a process's arguments).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SERVICE = 'pacewise';

/** @param {string} name */
function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    try {
      fs.accessSync(path.join(dir, name), fs.constants.X_OK);
      return true;
    } catch {
      // not here
    }
  }
  return false;
}

/**
 * @typedef {object} Keychain
 * @property {'secret-tool' | 'security'} name
 * @property {string} label where the person can find the secret
 * @property {(account: string) => string | undefined} get
 * @property {(account: string, secret: string) => boolean} set true when stored
 * @property {(account: string) => void} remove
 */

/** @type {Keychain} */
const secretTool = {
  name: 'secret-tool',
  label: 'the Secret Service keyring (secret-tool, service "pacewise")',
  get(account) {
    const r = spawnSync('secret-tool', ['lookup', 'service', SERVICE, 'server', account], { encoding: 'utf8', timeout: 15_000 });
    return r.status === 0 && r.stdout ? r.stdout : undefined;
  },
  set(account, secret) {
    const r = spawnSync('secret-tool', ['store', '--label', `Pacewise sign-in (${account})`, 'service', SERVICE, 'server', account], { input: secret, encoding: 'utf8', timeout: 15_000 });
    return r.status === 0 && this.get(account) === secret;
  },
  remove(account) {
    spawnSync('secret-tool', ['clear', 'service', SERVICE, 'server', account], { timeout: 15_000 });
  },
};

/** @param {string} value quoted for `security -i`, whose parser splits on spaces */
const quoted = (value) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** @type {Keychain} */
const macSecurity = {
  name: 'security',
  label: 'the macOS keychain (service "pacewise")',
  get(account) {
    const r = spawnSync('security', ['find-generic-password', '-s', SERVICE, '-a', account, '-w'], { encoding: 'utf8', timeout: 15_000 });
    return r.status === 0 && r.stdout ? r.stdout.replace(/\n$/, '') : undefined;
  },
  set(account, secret) {
    // -X takes the secret as hex; with -i the command line is read from stdin, not argv.
    const command = `add-generic-password -U -s ${SERVICE} -a ${quoted(account)} -l ${quoted('Pacewise sign-in')} -X ${Buffer.from(secret).toString('hex')}\n`;
    const r = spawnSync('security', ['-i'], { input: command, encoding: 'utf8', timeout: 15_000 });
    return r.status === 0 && this.get(account) === secret;
  },
  remove(account) {
    spawnSync('security', ['delete-generic-password', '-s', SERVICE, '-a', account], { timeout: 15_000 });
  },
};

/**
 * The keychain of this machine, or undefined. PACEWISE_STORAGE=file turns it off.
 * @returns {Keychain | undefined}
 */
export function findKeychain() {
  const choice = (process.env.PACEWISE_STORAGE ?? 'auto').toLowerCase();
  if (choice === 'file') return undefined;
  if (process.platform === 'darwin' && onPath('security')) return macSecurity;
  if (process.platform !== 'darwin' && process.platform !== 'win32' && onPath('secret-tool')) return secretTool;
  return undefined;
}

/** @param {string} name @returns {Keychain | undefined} */
export function keychainNamed(name) {
  return name === 'secret-tool' ? secretTool : name === 'security' ? macSecurity : undefined;
}
