// Where a sign-in is kept: `credentials.json` in the config folder (owner-only, 0600) holds, per
// server, the client registration and the session's non-secret facts (scope, expiry, where the
// tokens are). The tokens themselves go to the OS keychain when there is one, otherwise into that
// same file. Every write happens under the folder's lock and replaces the file atomically.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { findKeychain, keychainNamed } from './keychain.mjs';
import { withLock } from './lock.mjs';

const Tokens = z.object({ accessToken: z.string().min(1), refreshToken: z.string().min(1) });

const Session = z.object({
  scope: z.string(),
  expiresAt: z.string(),
  obtainedAt: z.string(),
  storage: z.enum(['file', 'secret-tool', 'security']),
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
});

const Entry = z.object({
  clientId: z.string().min(1),
  registeredAt: z.string(),
  session: Session.optional(),
});

const Data = z.object({
  version: z.literal(1),
  defaultServer: z.string().optional(),
  servers: z.record(z.string(), Entry),
});

/** @typedef {z.infer<typeof Tokens>} TokenPair */
/** @typedef {z.infer<typeof Session>} StoredSession */
/** @typedef {z.infer<typeof Entry>} ServerEntry */
/** @typedef {z.infer<typeof Data>} CredentialData */

/** The config folder: $PACEWISE_HOME, else $XDG_CONFIG_HOME/pacewise, else ~/.config/pacewise. */
export function configHome() {
  if (process.env.PACEWISE_HOME) return path.resolve(process.env.PACEWISE_HOME);
  const base = process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'pacewise');
}

export class CredentialStore {
  /** @param {string} [home] */
  constructor(home = configHome()) {
    this.home = home;
    this.file = path.join(home, 'credentials.json');
    this.lockFile = path.join(home, 'credentials.lock');
  }

  /** @returns {CredentialData} */
  read() {
    let text;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch {
      return { version: 1, servers: {} };
    }
    const parsed = Data.safeParse(safeJson(text));
    if (!parsed.success) throw new Error(`${this.file} is not a pacewise credentials file; move it away and sign in again.`);
    return parsed.data;
  }

  /** @param {CredentialData} data */
  write(data) {
    fs.mkdirSync(this.home, { recursive: true, mode: 0o700 });
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
    fs.chmodSync(tmp, 0o600);
    fs.renameSync(tmp, this.file);
  }

  /**
   * Reads, lets `fn` change the data, writes it back: all under the lock, so a refresh (network
   * included) is one step for every process sharing this folder.
   * @template T
   * @param {(data: CredentialData) => Promise<T>} fn
   * @returns {Promise<T>}
   */
  async update(fn) {
    fs.mkdirSync(this.home, { recursive: true, mode: 0o700 });
    return withLock(this.lockFile, async () => {
      const data = this.read();
      const before = JSON.stringify(data);
      const result = await fn(data);
      if (JSON.stringify(data) !== before) this.write(data);
      return result;
    });
  }

  /**
   * The token pair of a stored session, from wherever it was put.
   * @param {string} server @param {StoredSession} session
   * @returns {TokenPair | undefined}
   */
  tokens(server, session) {
    if (session.storage === 'file') {
      const pair = Tokens.safeParse({ accessToken: session.accessToken, refreshToken: session.refreshToken });
      return pair.success ? pair.data : undefined;
    }
    const secret = keychainNamed(session.storage)?.get(server);
    const pair = Tokens.safeParse(secret ? safeJson(secret) : undefined);
    return pair.success ? pair.data : undefined;
  }

  /**
   * Stores a new pair in `data` (the keychain first, when there is one). Call inside update().
   * @param {CredentialData} data @param {string} server
   * @param {TokenPair} pair @param {{ scope: string, expiresIn: number }} facts
   */
  putSession(data, server, pair, facts) {
    const entry = data.servers[server];
    if (!entry) throw new Error('no registration for this server');
    const keychain = findKeychain();
    const now = Date.now();
    const base = { scope: facts.scope, expiresAt: new Date(now + facts.expiresIn * 1000).toISOString(), obtainedAt: new Date(now).toISOString() };
    const previous = entry.session?.storage;
    if (keychain && keychain.set(server, JSON.stringify(pair))) {
      entry.session = { ...base, storage: keychain.name };
    } else {
      if (process.env.PACEWISE_STORAGE === 'keychain') throw new Error('PACEWISE_STORAGE=keychain, but no working OS keychain was found (secret-tool or security).');
      entry.session = { ...base, storage: 'file', ...pair };
    }
    // A pair left behind in a keychain no longer used would be a stray secret.
    if (previous && previous !== 'file' && previous !== entry.session.storage) keychainNamed(previous)?.remove(server);
  }

  /** Forgets a session's tokens (keychain and file). Call inside update(). @param {CredentialData} data @param {string} server */
  dropSession(data, server) {
    const entry = data.servers[server];
    if (entry?.session && entry.session.storage !== 'file') keychainNamed(entry.session.storage)?.remove(server);
    if (entry) delete entry.session;
  }

  /** Where a session's tokens are, in words. @param {StoredSession} session */
  describe(session) {
    if (session.storage === 'file') return `${this.file} (readable by you only)`;
    return keychainNamed(session.storage)?.label ?? session.storage;
  }
}

/** @param {string} text */
function safeJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
