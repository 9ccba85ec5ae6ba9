// PGlite has no lock between processes: a second process on the same folder silently loses writes.
// A lock file holding the owner's pid keeps a folder to one process; a stale lock is taken over.
import fs from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireFolderLock(dir: string): () => void {
  const folder = path.resolve(dir);
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  const lockFile = `${folder}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      const release = () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (owner === process.pid) return () => undefined;
      if (Number.isInteger(owner) && owner > 0 && alive(owner)) {
        throw new Error(
          `The embedded database ${dir} is in use by process ${owner}. Stop that process (for example the running dev server) or set PGLITE_DIR to another folder.`,
        );
      }
      fs.rmSync(lockFile, { force: true }); // stale: its owner is gone
    }
  }
  throw new Error(`Could not lock the embedded database ${dir}; remove ${lockFile} if no Pacewise process is running.`);
}
