// The lock shared by every `pacewise` process of one config folder (proper-lockfile: an atomic
// mkdir whose mtime the holder keeps fresh). It serializes refreshes (a refresh token is single-use:
// two processes must never present the same one) and writes of the credentials file. A lock whose
// holder died stops being refreshed and is taken over once it is `staleMs` old.
import lockfile from 'proper-lockfile';

export type LockOptions = {
  /** How long to wait for another holder before giving up. */
  timeoutMs?: number;
  /** Age after which a lock nobody refreshes is taken over (proper-lockfile's minimum is 2 s). */
  staleMs?: number;
};

const RETRY_MS = 100;

/** Runs `fn` while holding the lock `file` (a directory proper-lockfile creates and removes). */
export async function withLock<T>(
  file: string,
  fn: () => Promise<T>,
  { timeoutMs = 90_000, staleMs = 10_000 }: LockOptions = {},
): Promise<T> {
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(file, {
      lockfilePath: file,
      realpath: false,
      stale: staleMs,
      retries: { retries: Math.ceil(timeoutMs / RETRY_MS), factor: 1, minTimeout: RETRY_MS, maxTimeout: RETRY_MS },
      // A lost lock (its mtime could not be kept fresh) must not crash the process from a timer;
      // the work under it is one short read-modify-write, so finishing it is the lesser harm.
      onCompromised: () => undefined,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED')
      throw new Error(`Another pacewise process has held ${file} for too long; if none is running, delete that folder.`);
    throw error;
  }
  try {
    return await fn();
  } finally {
    await release().catch(() => undefined);
  }
}
