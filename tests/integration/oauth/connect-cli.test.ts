// `npm run connect`: the device-flow CLI registers, shows the code and link (never the device code
// or tokens), waits for approval and stores the tokens in an owner-only file.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { createPerson } from '../../support/oauth';
import { ROOT } from '../../support/server';
import { mcpStatus } from './flows';

const baseUrl = inject('baseUrl');

function runConnect(args: string[]) {
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [path.join(ROOT, 'scripts', 'connect.ts'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const waitFor = async (pattern: RegExp, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const m = out.match(pattern);
      if (m) return m;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${pattern} in output:\n${out}`);
  };
  return { child, exited, waitFor, output: () => out };
}

describe('npm run connect', () => {
  it('connects after approval and writes the tokens to a 0600 file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-connect-'));
    const file = path.join(dir, 'nested', 'tokens.json');
    try {
      const cli = runConnect(['--server', baseUrl, '--out', file, '--scope', 'profile:read workouts:read']);
      const [, link] = await cli.waitFor(/open:\s+(\S+)/);
      const [, code] = await cli.waitFor(/shows the code (\S+)/);
      expect(link).toBe(`${baseUrl}/device?user_code=${code}`);

      const person = await createPerson(baseUrl, 'cli');
      const decided = await person.session.decideDevice(code!, 'approve');
      expect(decided.url).toContain('done=approved');

      expect(await cli.exited).toBe(0);
      expect(cli.output()).toContain(`Tokens saved to ${file}`);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      expect(stored.scope?.split(' ').sort()).toEqual(['profile:read', 'workouts:read']);
      expect(cli.output()).not.toContain(stored.access_token!);
      expect(cli.output()).not.toContain(stored.refresh_token!);
      expect(await mcpStatus(baseUrl, stored.access_token!)).toBe(200);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops with a clear message when the person declines', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-connect-'));
    try {
      const cli = runConnect(['--server', baseUrl, '--out', path.join(dir, 'tokens.json')]);
      const [, code] = await cli.waitFor(/shows the code (\S+)/);
      const person = await createPerson(baseUrl, 'cli-decline');
      await person.session.decideDevice(code!, 'decline');
      expect(await cli.exited).toBe(1);
      expect(cli.output()).toContain('declined');
      expect(fs.existsSync(path.join(dir, 'tokens.json'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
