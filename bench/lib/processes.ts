// Child processes of the bench: baseline servers and workers, started and stopped by pid.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../../harness/server';

export const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
/** A checkout's bench tsconfig maps its `@/` and `contentlayer/generated` for tsx (as vitest's aliases do). */
const tsxArgsOf = (root: string) => ['--tsconfig', path.join(root, 'bench', 'tsconfig.json')];
export const TSX_ARGS = tsxArgsOf(ROOT);

export type Child = { process: ChildProcess; logs: () => string; stop: () => Promise<void> };

/** Starts a server process and waits until it prints `ready`. */
export function startChild(
  command: string,
  args: string[],
  env: Record<string, string | undefined> = {},
  timeoutMs = 60_000,
): Promise<Child> {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${path.basename(args[args.length - 3] ?? command)} did not start:\n${output}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      output += d;
      if (/^ready\b/m.test(output)) {
        clearTimeout(timer);
        resolve({ process: child, logs: () => output, stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (output += d));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

/**
 * Runs a tsx script to completion and parses the JSON it prints last on stdout. `root`: the checkout
 * whose bench tsconfig (its `@/`) and folder it runs in (this one by default; bench --against).
 */
export function runJsonWorker<T>(script: string, input: unknown, env: Record<string, string | undefined> = {}, root = ROOT): Promise<T> {
  const child = spawn(TSX, [...tsxArgsOf(root), path.join(ROOT, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  child.stdin.end(JSON.stringify(input));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(last) as T);
      } catch {
        reject(new Error(`${script} exited with ${code}: ${err.slice(-1500)}`));
      }
    });
  });
}
