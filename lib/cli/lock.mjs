// A lock shared by every `pacewise` process of one config folder: a file created with O_EXCL that
// holds the owner's pid. It serializes refreshes (a refresh token is single-use: two processes must
// never present the same one) and writes of the credentials file. A lock left by a process that
// died is taken over: its pid is gone, or it is older than any refresh can take.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

const STALE_MS = 60_000;

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * @param {string} file
 * @returns {{ stale: boolean, content: string } | undefined} undefined when the lock vanished meanwhile
 */
function inspect(file) {
  let content;
  let mtime;
  try {
    content = fs.readFileSync(file, 'utf8');
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
  if (Date.now() - mtime > STALE_MS) return { stale: true, content };
  try {
    const owner = JSON.parse(content);
    if (owner.host === os.hostname() && typeof owner.pid === 'number' && !alive(owner.pid)) return { stale: true, content };
  } catch {
    // Being written right now (created, not yet filled): young, so not stale.
  }
  return { stale: false, content };
}

/** Moves a stale lock aside, but only if it is still the one judged stale (another process may have replaced it). */
function takeOver(file, judged) {
  const aside = `${file}.stale-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(file, aside);
  } catch {
    return;
  }
  if (fs.readFileSync(aside, 'utf8') !== judged) {
    // We moved a fresh lock: put it back unless someone already holds a new one.
    try {
      fs.linkSync(aside, file);
    } catch {
      // a newer lock exists; the moved one's owner will find its lock replaced and keep going
    }
  }
  fs.rmSync(aside, { force: true });
}

/**
 * Runs `fn` while holding the lock file `file`.
 * @template T
 * @param {string} file
 * @param {() => Promise<T>} fn
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<T>}
 */
export async function withLock(file, fn, { timeoutMs = 90_000 } = {}) {
  const nonce = crypto.randomBytes(8).toString('hex');
  const content = JSON.stringify({ pid: process.pid, host: os.hostname(), nonce, at: new Date().toISOString() });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const fd = fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY, 0o600);
      fs.writeSync(fd, content);
      fs.closeSync(fd);
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
    const state = inspect(file);
    if (state?.stale) {
      takeOver(file, state.content);
      continue;
    }
    if (Date.now() > deadline) throw new Error(`Another pacewise process has held ${file} for too long; if none is running, delete that file.`);
    await sleep(40 + Math.random() * 60);
  }
  try {
    return await fn();
  } finally {
    try {
      if (fs.readFileSync(file, 'utf8') === content) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  }
}
