// The `pacewise` CLI's bin runs its compiled dist/: compiled from the current sources (incremental,
// so an unchanged tree costs one tsc start-up) before the CLI tests run, so none runs a stale build.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../../harness/server';

export function compileCli(): void {
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(ROOT, 'cli')], {
    stdio: 'inherit',
  });
}
