// Where a sign-in is kept: `credentials.json` in the config folder (owner-only, 0600) holds, per
// server, the client registration and the session's non-secret facts (scope, expiry, where the
// tokens are). The tokens themselves go to the OS keychain when there is one, otherwise into that
// same file. Every write happens under the folder's lock and replaces the file atomically.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { findKeychain, storedKeychain } from './keyring.js';
import { withLock } from './lock.js';

const Tokens = z.object({ accessToken: z.string().min(1), refreshToken: z.string().min(1) });

const Session = z.object({
  scope: z.string(),
  expiresAt: z.string(),
  obtainedAt: z.string(),
  // 'secret-tool' and 'security' were the keychains of the CLI before @napi-rs/keyring: their
  // entries are not readable any more, so such a session reads as gone (sign in again).
  storage: z.enum(['file', 'keyring', 'secret-tool', 'security']),
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

export type TokenPair = z.infer<typeof Tokens>;
export type StoredSession = z.infer<typeof Session>;
export type ServerEntry = z.infer<typeof Entry>;
export type CredentialData = z.infer<typeof Data>;

/**
 * The config folder, made if missing, as a real directory (not a symlink) of this user that nobody
 * else can enter: a group- or world-accessible one is tightened to 0700; one of another user, or a
 * symlink, is refused with what to do.
 */
export function ownerOnlyFolder(home: string): void {
  fs.mkdirSync(home, { recursive: true, mode: 0o700 });
  const st = fs.lstatSync(home);
  if (st.isSymbolicLink() || !st.isDirectory())
    throw new Error(`${home} is not a folder (a symlink or a file); move it away and sign in again.`);
  if (typeof process.getuid === 'function' && st.uid !== process.getuid()) {
    throw new Error(`${home} belongs to another user; set PACEWISE_HOME to a folder of your own.`);
  }
  if ((st.mode & 0o077) !== 0) fs.chmodSync(home, 0o700);
}

/** The config folder: $PACEWISE_HOME, else $XDG_CONFIG_HOME/pacewise, else ~/.config/pacewise. */
export function configHome(): string {
  if (process.env.PACEWISE_HOME) return path.resolve(process.env.PACEWISE_HOME);
  const base = process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'pacewise');
}

export class CredentialStore {
  readonly home: string;
  readonly file: string;
  readonly lockFile: string;

  constructor(home: string = configHome()) {
    this.home = home;
    this.file = path.join(home, 'credentials.json');
    this.lockFile = path.join(home, 'credentials.lock');
  }

  read(): CredentialData {
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

  write(data: CredentialData): void {
    ownerOnlyFolder(this.home);
    // A name nobody can guess, created only if nothing is there and never through a symlink: a file
    // or link planted in the folder cannot receive the tokens (issue 34: the temp name was the pid).
    const tmp = `${this.file}.${crypto.randomBytes(12).toString('hex')}.tmp`;
    const fd = fs.openSync(tmp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW, 0o600);
    try {
      fs.writeFileSync(fd, `${JSON.stringify(data, null, 2)}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.file);
  }

  /**
   * Reads, lets `fn` change the data, writes it back: all under the lock, so a refresh (network
   * included) is one step for every process sharing this folder.
   */
  async update<T>(fn: (data: CredentialData) => Promise<T>): Promise<T> {
    ownerOnlyFolder(this.home);
    return withLock(this.lockFile, async () => {
      const data = this.read();
      const before = JSON.stringify(data);
      const result = await fn(data);
      if (JSON.stringify(data) !== before) this.write(data);
      return result;
    });
  }

  /** The token pair of a stored session, from wherever it was put. */
  tokens(server: string, session: StoredSession): TokenPair | undefined {
    if (session.storage === 'file') {
      const pair = Tokens.safeParse({ accessToken: session.accessToken, refreshToken: session.refreshToken });
      return pair.success ? pair.data : undefined;
    }
    if (session.storage !== 'keyring') return undefined;
    const secret = storedKeychain()?.get(server);
    const pair = Tokens.safeParse(secret ? safeJson(secret) : undefined);
    return pair.success ? pair.data : undefined;
  }

  /** Stores a new pair in `data` (the keychain first, when there is one). Call inside update(). */
  putSession(data: CredentialData, server: string, pair: TokenPair, facts: { scope: string; expiresIn: number }): void {
    const entry = data.servers[server];
    if (!entry) throw new Error('no registration for this server');
    const keychain = findKeychain();
    const now = Date.now();
    const base = {
      scope: facts.scope,
      expiresAt: new Date(now + facts.expiresIn * 1000).toISOString(),
      obtainedAt: new Date(now).toISOString(),
    };
    const previous = entry.session?.storage;
    if (keychain && keychain.set(server, JSON.stringify(pair))) {
      entry.session = { ...base, storage: 'keyring' };
    } else {
      if (process.env.PACEWISE_STORAGE === 'keychain') {
        throw new Error(
          'PACEWISE_STORAGE=keychain, but no working OS keychain was found (the macOS Keychain, the Windows Credential Manager or a Secret Service such as GNOME Keyring or KWallet).',
        );
      }
      entry.session = { ...base, storage: 'file', ...pair };
    }
    // A pair left behind in a keychain no longer used would be a stray secret.
    if (previous === 'keyring' && entry.session.storage !== 'keyring') storedKeychain()?.remove(server);
  }

  /** Forgets a session's tokens (keychain and file). Call inside update(). */
  dropSession(data: CredentialData, server: string): void {
    const entry = data.servers[server];
    if (entry?.session?.storage === 'keyring') storedKeychain()?.remove(server);
    if (entry) delete entry.session;
  }

  /** Where a session's tokens are, in words. */
  describe(session: StoredSession): string {
    if (session.storage === 'file') return `${this.file} (readable by you only)`;
    if (session.storage === 'keyring') return storedKeychain()?.label ?? 'the OS keychain';
    return session.storage;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
