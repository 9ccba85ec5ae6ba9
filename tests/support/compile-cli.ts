// The `pacewise` CLI's bin runs its compiled dist/: compiled from the current sources before the CLI
// tests run, so none runs a stale build. tsc is incremental, but even an unchanged tree cost one tsc
// start-up and program load (about 2.5 core-s, twice a CI run: the parity and the integration pass);
// so the compile is skipped when dist/ was made by this function from the same sources, compiler
// options and TypeScript (a digest of them is written beside the output after each compile).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../harness/server';

const CLI = path.join(ROOT, 'cli');
const STAMP = path.join(CLI, 'dist', '.sources.sha256');

/** A digest of everything the compiled output depends on: cli/src, cli/tsconfig.json and the compiler's version. */
function sourcesDigest(): string {
  const hash = crypto.createHash('sha256');
  const files = fs
    .readdirSync(path.join(CLI, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(CLI, 'src', f)).isFile())
    .sort();
  for (const file of [...files.map((f) => path.join('src', f)), 'tsconfig.json']) {
    hash
      .update(`${file}\0`)
      .update(fs.readFileSync(path.join(CLI, file)))
      .update('\0');
  }
  const typescript = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'typescript', 'package.json'), 'utf8')) as {
    version: string;
  };
  return hash.update(typescript.version).digest('hex');
}

export function compileCli(): void {
  const digest = sourcesDigest();
  try {
    if (fs.readFileSync(STAMP, 'utf8') === digest && fs.existsSync(path.join(CLI, 'dist', 'main.js'))) return;
  } catch {
    // never compiled here: compile
  }
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', CLI], { stdio: 'inherit' });
  fs.writeFileSync(STAMP, digest);
}
