// The embedded database holds e-mails, password hashes and health data: only the owner of the
// process may read it. PGlite's Node filesystem creates every file 0666 whatever the umask, so the
// folder is made 0700 (nobody else can even traverse it) and its files 0600: once at open, again as
// PGlite creates files (a recursive watch), and at close.
import fs from 'node:fs';
import path from 'node:path';

export const FOLDER_MODE = 0o700;
export const FILE_MODE = 0o600;

function restrict(target: string, isDirectory: boolean): void {
  try {
    const want = isDirectory ? FOLDER_MODE : FILE_MODE;
    if ((fs.statSync(target).mode & 0o777) !== want) fs.chmodSync(target, want);
  } catch {
    // Gone already (PostgreSQL-style temp files come and go): nothing to protect.
  }
}

/** Sets 0700 on `dir` and every folder below it, 0600 on every file. */
export function restrictTree(dir: string): void {
  restrict(dir, true);
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) restrictTree(full);
    else if (entry.isFile()) restrict(full, false);
  }
}

/**
 * Before PGlite opens `dir`: folders this process creates are 0700 (umask 077; the app writes no
 * file meant for others), the folder exists with that mode, and what is already there is restricted.
 * Returns a stop function for the watch that restricts files created later.
 */
export function guardDatabaseFolder(dir: string): () => void {
  try {
    process.umask(0o077);
  } catch {
    // Worker threads cannot change the umask; the watch and the sweeps still restrict every file.
  }
  const folder = path.resolve(dir);
  fs.mkdirSync(folder, { recursive: true, mode: FOLDER_MODE });
  restrictTree(folder);
  let watcher: fs.FSWatcher | undefined;
  try {
    watcher = fs.watch(folder, { recursive: true, persistent: false }, (_event, name) => {
      if (!name) return restrictTree(folder);
      const full = path.join(folder, String(name));
      try {
        restrict(full, fs.statSync(full).isDirectory());
      } catch {
        // removed between the event and the check
      }
    });
    watcher.on('error', () => undefined);
  } catch {
    // No recursive watch on this platform: the sweeps at open and close still apply.
  }
  return () => {
    watcher?.close();
    restrictTree(folder);
  };
}
