// Drives the `pacewise` CLI as a subprocess (each test with its own config folder), a person who
// approves device codes on the device page (its forms over HTTP), and a forward proxy (HTTP_PROXY) that sees, and may alter,
// every request the CLI sends: the stand-in for an agent host's outbound proxy.
// The CLI never sends loopback traffic through a proxy, so tests that watch the proxy give the CLI
// the test server under a name that is not loopback (NAMED_ORIGIN): only the proxy resolves it, to
// the test server, and it rewrites that origin both ways, so the CLI sees one consistent server
// (issuer, endpoints, resource) and the server sees its own origin.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { FormSession, hiddenField } from '../../../harness/oauth';
import { ROOT } from '../../../harness/server';

/** The `pacewise` command of the workspace package cli (its `bin`). */
export const BIN = path.join(ROOT, 'cli', 'bin', 'pacewise.js');

// The bin runs the compiled dist/: the integration project's global setup compiles it from the
// current sources before any file starts (tests/support/compile-cli.ts), so no test runs a stale build.

export type CliRun = {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
  stdout: () => string;
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
};

/** A temporary config folder for one test's `pacewise` processes. */
export function tempHome(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-cli-'));
}

/** Starts `node cli/bin/pacewise.js ...args`, with the file store (tests read and edit it). */
export function runCli(args: string[], options: { home: string; proxy?: string; env?: Record<string, string> }): CliRun {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !/^(https?_proxy|no_proxy|all_proxy|pacewise_.*|mcp_base_url|site_url)$/i.test(k)) env[k] = v;
  }
  Object.assign(
    env,
    { PACEWISE_HOME: options.home, PACEWISE_STORAGE: 'file' },
    options.proxy ? { HTTP_PROXY: options.proxy } : {},
    options.env,
  );
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: os.tmpdir(),
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let stdout = '';
  child.stdout!.on('data', (d) => {
    out += d;
    stdout += d;
  });
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const m = out.match(pattern);
      if (m) return m;
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const m = out.match(pattern);
    if (m) return m;
    throw new Error(`no ${pattern} in the CLI output:\n${out}`);
  };
  return { child, exited, output: () => out, stdout: () => stdout, waitFor };
}

/** Runs a command to its end. */
export async function cli(args: string[], options: { home: string; proxy?: string; env?: Record<string, string> }) {
  const run = runCli(args, options);
  const code = await run.exited;
  return { code, output: run.output(), stdout: run.stdout() };
}

export type StoredSession = { scope: string; expiresAt: string; storage: string; accessToken: string; refreshToken: string };
export type Credentials = { version: 1; defaultServer?: string; servers: Record<string, { clientId: string; session?: StoredSession }> };

export function credentialsFile(home: string): string {
  return path.join(home, 'credentials.json');
}

export function readCredentials(home: string): Credentials {
  return JSON.parse(fs.readFileSync(credentialsFile(home), 'utf8')) as Credentials;
}

/** Edits the stored record of `server` (as a test's way to force expiry or corrupt a token). */
export function editSession(home: string, server: string, change: (session: StoredSession, entry: { clientId: string }) => void): void {
  const data = readCredentials(home);
  const entry = data.servers[server];
  if (!entry?.session) throw new Error(`no stored session for ${server}`);
  change(entry.session, entry);
  fs.writeFileSync(credentialsFile(home), JSON.stringify(data, null, 2), { mode: 0o600 });
}

export function forceExpiry(home: string, server: string): void {
  editSession(home, server, (s) => (s.expiresAt = new Date(Date.now() - 60_000).toISOString()));
}

/** The test server's name for the CLI when the proxy is watched: `.test` is reserved (RFC 2606), never loopback. */
export const NAMED_ORIGIN = 'http://pacewise.test';

/** The test server's own origin for a URL on NAMED_ORIGIN (what the person's browser opens: it has no proxy). */
export function realUrl(url: string): string {
  return url.startsWith(`${NAMED_ORIGIN}/`) ? inject('baseUrl') + url.slice(NAMED_ORIGIN.length) : url;
}

/**
 * The person's signed-in browser after their first sign-in in this file, per server and e-mail: later
 * approvals open the link already signed in, as the same person's browser would (one argon2 sign-in
 * and a sign-in page per file, not per `pacewise login`). The sign-in step itself runs on the first one.
 */
const signedInSessions = new Map<string, FormSession>();

/**
 * The person opens the link the CLI showed, signs in (the first time in this file), checks the code
 * and approves (or declines): the same pages and forms a browser gets, over HTTP (FormSession). The
 * device page in Chromium is the subject of tests/e2e/oauth/device.test.ts; here it is the CLI's
 * counterpart, and a Chromium context per approval cost about 1.4 core-s (issue 33).
 */
export async function decideOnDevicePage(
  link: string,
  userCode: string,
  person: { email: string; password: string },
  decision: 'approve' | 'decline' = 'approve',
): Promise<void> {
  const url = new URL(realUrl(link));
  const key = `${url.origin} ${person.email}`;
  const session = signedInSessions.get(key) ?? new FormSession(url.origin);
  let page = await session.follow(url.pathname + url.search);
  const landed = new URL(page.url);
  if (landed.pathname === '/sign-in') {
    const csrf = hiddenField(page.html, 'csrf');
    const next = hiddenField(page.html, 'next');
    if (!csrf || !next) throw new Error(`the sign-in page has no form (status ${page.res.status})`);
    page = await session.follow('/api/auth/sign-in', { form: { email: person.email, password: person.password, csrf, next } });
    if (!/\/device\?user_code=/.test(page.url)) throw new Error(`sign-in did not lead back to the device page: ${page.url}`);
  }
  const shown = page.html.match(/data-testid="user-code"[^>]*>([^<]*)</)?.[1];
  if (shown !== userCode) throw new Error(`the device page shows ${shown}, the CLI showed ${userCode}`);
  const csrf = hiddenField(page.html, 'csrf');
  const code = hiddenField(page.html, 'user_code');
  if (!csrf || !code) throw new Error(`the device page shows no decision form (status ${page.res.status})`);
  // Where the decision sends the browser says whether it went through (that notice page is not fetched).
  const done = await session.raw('/api/auth/device', { form: { csrf, user_code: code, decision } });
  const sentTo = done.headers.get('location') ?? '';
  await done.arrayBuffer();
  if (!sentTo.includes(`done=${decision}d`)) throw new Error(`the ${decision} did not go through: ${done.status} ${sentTo}`);
  signedInSessions.set(key, session);
}

/** Reads the link and code a `pacewise` sign-in shows. */
export async function devicePrompt(run: CliRun): Promise<{ link: string; userCode: string }> {
  const [, link] = await run.waitFor(/open this link in a browser on any device:\s+(\S+)/);
  const [, userCode] = await run.waitFor(/shows the code (\S+)/);
  return { link: link!, userCode: userCode! };
}

/** `pacewise login` with the person approving on the device page; resolves with the finished run. */
export async function login(
  person: { email: string; password: string },
  options: { home: string; server: string; scope?: string; proxy?: string; env?: Record<string, string> },
) {
  const run = runCli(['login', '--server', options.server, ...(options.scope ? ['--scope', options.scope] : [])], options);
  const prompt = await devicePrompt(run);
  await decideOnDevicePage(prompt.link, prompt.userCode, person);
  const code = await run.exited;
  return { code, output: run.output(), stdout: run.stdout(), prompt };
}

export type Seen = {
  at: number;
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
  status?: number;
  responseBody?: string;
};
export type ProxyAction =
  { respond: { status: number; body?: string; headers?: Record<string, string> } } | { drop: true } | { delayMs: number } | undefined;

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

/** `text` with every spelling of origin `from` (plain and URL-encoded) replaced by `to`. */
function swapOrigin(text: string, from: string, to: string): string {
  return text.split(from).join(to).split(encodeURIComponent(from)).join(encodeURIComponent(to));
}

/**
 * A forward HTTP proxy on loopback that records every request and can answer or drop some. It
 * serves NAMED_ORIGIN as the test server: requests to it go to `target`, with the origin swapped in
 * request bodies and back in answers (headers and bodies); `seen` holds what the CLI sent and got.
 */
export class LoopbackProxy {
  readonly seen: Seen[] = [];
  rule: (req: Seen) => ProxyAction = () => undefined;
  private server = http.createServer((req, res) => void this.handle(req, res));

  constructor(private readonly target: string = inject('baseUrl')) {}

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Requests to `path` (optionally with a JSON-RPC method or a form grant_type). */
  matching(pathname: string, filter: (s: Seen) => boolean = () => true): Seen[] {
    return this.seen.filter((s) => s.url.pathname === pathname && filter(s));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const at = Date.now();
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const seen: Seen = {
      at,
      method: req.method ?? 'GET',
      url: new URL(req.url ?? '/'),
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    };
    this.seen.push(seen);
    const action = this.rule(seen);
    if (action && 'drop' in action) {
      req.socket.destroy();
      return;
    }
    if (action && 'respond' in action) {
      seen.status = action.respond.status;
      res.writeHead(action.respond.status, action.respond.headers ?? { 'content-type': 'application/json' });
      res.end(action.respond.body ?? '');
      return;
    }
    if (action && 'delayMs' in action) await new Promise((r) => setTimeout(r, action.delayMs));
    const named = seen.url.origin === NAMED_ORIGIN;
    const inward = (text: string) => (named ? swapOrigin(text, NAMED_ORIGIN, this.target) : text);
    const outward = (text: string) => (named ? swapOrigin(text, this.target, NAMED_ORIGIN) : text);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(k) && typeof v === 'string') headers[k] = inward(v);
    try {
      const upstream = await fetch(inward(seen.url.href), {
        method: seen.method,
        headers,
        body: ['GET', 'HEAD'].includes(seen.method) ? undefined : inward(seen.body),
        redirect: 'manual',
      });
      const text = outward(await upstream.text());
      seen.status = upstream.status;
      seen.responseBody = text;
      const out: Record<string, string> = {};
      upstream.headers.forEach((v, k) => {
        if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(k)) out[k] = outward(v);
      });
      res.writeHead(upstream.status, out);
      res.end(text);
    } catch {
      res.writeHead(502).end();
    }
  }
}

/** The form fields of a request the proxy saw. */
export function form(seen: Seen): URLSearchParams {
  return new URLSearchParams(seen.body);
}

/** The JSON-RPC method of a request the proxy saw (and the tool name of a tools/call). */
export function rpcOf(seen: Seen): { method?: string; tool?: string } {
  try {
    const m = JSON.parse(seen.body) as { method?: string; params?: { name?: string } };
    return { method: m.method, tool: m.params?.name };
  } catch {
    return {};
  }
}

/** The JSON-RPC messages of a /mcp answer, sent as JSON or as server-sent events. */
export function messagesInBody(body: string): unknown[] {
  const data = body.split(/\r?\n/).filter((l) => l.startsWith('data:'));
  if (data.length) return data.map((l) => JSON.parse(l.slice(5)) as unknown);
  return body.trim() ? [JSON.parse(body) as unknown] : [];
}
