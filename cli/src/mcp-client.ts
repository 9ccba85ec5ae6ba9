// The CLI's connection to {server}/mcp: the official MCP client (v2) over streamable HTTP, with a
// fetch that adds the bearer token, refreshes once on a 401, and repeats an idempotent read once
// after a network failure or an empty answer (never a write).
import fs from 'node:fs';
import { Client, StreamableHTTPClientTransport, type FetchLike } from '@modelcontextprotocol/client';
import { CliError, NetworkFailure } from './errors.js';
import { httpFetch } from './http.js';
import { toolUrl } from './oauth.js';
import type { Connection } from './session.js';

// src/ and dist/ both sit one level below the package's package.json.
export const CLI_VERSION = (JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/** JSON-RPC methods that only read: safe to send twice. */
const READ_METHODS = new Set([
  'initialize',
  'ping',
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'completion/complete',
]);

type RpcMessage = { id?: string | number; method?: unknown; params?: { name?: unknown } };

/**
 * Which requests may be repeated. Tools are writes unless tools/list marked them readOnlyHint, so
 * the set is learnt from every tools/list answer that passes through.
 */
export class IdempotencyRules {
  readonly readOnlyTools = new Set<string>();

  isRead(message: unknown): boolean {
    if (!message || typeof message !== 'object' || Array.isArray(message)) return false;
    const m = message as RpcMessage;
    if (typeof m.method !== 'string') return false;
    if (READ_METHODS.has(m.method)) return true;
    return m.method === 'tools/call' && typeof m.params?.name === 'string' && this.readOnlyTools.has(m.params.name);
  }

  /** `reply`: a JSON-RPC response to tools/list. */
  learn(reply: unknown): void {
    const tools = (reply as { result?: { tools?: { name: string; annotations?: { readOnlyHint?: boolean } }[] } } | undefined)?.result
      ?.tools;
    for (const tool of tools ?? []) if (tool.annotations?.readOnlyHint === true) this.readOnlyTools.add(tool.name);
  }
}

/** The JSON-RPC messages in a JSON or SSE body. */
export function messagesIn(text: string, type: string): unknown[] {
  if (!text.trim()) return [];
  const chunks = type.startsWith('text/event-stream')
    ? text
        .split(/\r?\n/)
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim())
    : [text];
  const out: unknown[] = [];
  for (const chunk of chunks) {
    try {
      const parsed = JSON.parse(chunk) as unknown;
      out.push(...(Array.isArray(parsed) ? parsed : [parsed]));
    } catch {
      // not JSON-RPC
    }
  }
  return out;
}

export function authorizedFetch(connection: Connection, rules: IdempotencyRules): FetchLike {
  return async (url, init = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const message = typeof init.body === 'string' ? safeJson(init.body) : undefined;
    const isRequest = Boolean(message && typeof message === 'object' && 'id' in message && 'method' in message);
    const repeatable = method === 'GET' || rules.isRead(message);
    let token = await connection.accessToken();
    let refreshed = false;
    let repeated = false;
    for (;;) {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${token}`);
      let res: Response;
      try {
        res = await httpFetch(url, { ...init, headers });
      } catch (error) {
        if (init.signal?.aborted) throw error;
        if (repeatable && !repeated) {
          repeated = true;
          continue;
        }
        throw new NetworkFailure(
          repeatable
            ? `${describe(message)} failed twice: the network failed. Try again.`
            : `${describe(message)} failed: the network failed, and it is not repeated automatically because it may change data. Check its effect (for example with a read) before trying again.`,
        );
      }
      if (res.status === 401 && !refreshed) {
        // A 401 means the request was not carried out: refreshing and sending it again is safe.
        await res.body?.cancel();
        token = await connection.refresh(token);
        refreshed = true;
        continue;
      }
      if (res.status === 401) {
        await res.body?.cancel();
        throw new CliError(
          `${connection.server} refused a freshly refreshed access token (HTTP 401). Run \`pacewise login\` to sign in again.`,
        );
      }
      if (res.status === 403 && /insufficient_scope/.test(res.headers.get('www-authenticate') ?? '')) {
        // A scope challenge: the call was not carried out; name the sign-in that fixes it.
        const body = safeJson(await res.text()) as { error?: { data?: { scope?: string; tool?: string } } } | undefined;
        const missing = body?.error?.data?.scope ?? 'missing';
        const challenged = /scope="([^"]*)"/.exec(res.headers.get('www-authenticate') ?? '')?.[1] ?? '';
        const granted = (connection.stored()?.session?.scope ?? '').split(' ').filter(Boolean);
        const wanted = [...new Set([...granted, ...challenged.split(' ').filter(Boolean), missing])].sort().join(' ');
        throw new CliError(
          `${body?.error?.data?.tool ?? describe(message)} needs the "${missing}" scope, which this sign-in was not granted.\n` +
            `Sign in again and approve it: pacewise login --scope "${wanted}"`,
        );
      }
      if (method !== 'POST' || !res.ok || res.status === 202 || !isRequest) return res;
      // Stateless server: the whole answer arrives, then the stream ends; read it to spot an empty one.
      const type = res.headers.get('content-type') ?? '';
      let text;
      try {
        text = await res.text();
      } catch {
        text = '';
      }
      const replies = messagesIn(text, type);
      if (replies.length === 0) {
        if (repeatable && !repeated) {
          repeated = true;
          continue;
        }
        throw new NetworkFailure(
          repeatable
            ? `${describe(message)} got an empty answer twice. Try again.`
            : `${describe(message)} got no answer, and it is not repeated automatically because it may change data. Check its effect before trying again.`,
        );
      }
      if ((message as RpcMessage | undefined)?.method === 'tools/list') for (const r of replies) rules.learn(r);
      return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
    }
  };
}

function describe(message: unknown): string {
  const m = message as { method?: string; params?: { name?: string } } | undefined;
  if (m?.method === 'tools/call') return `The call of ${m.params?.name ?? 'a tool'}`;
  return m?.method ? `The ${m.method} request` : 'The request';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export type Tools = { client: Client; rules: IdempotencyRules; close: () => Promise<void> };

/** A connected MCP client for the CLI's own commands. */
export async function connectTools(connection: Connection): Promise<Tools> {
  const rules = new IdempotencyRules();
  const transport = new StreamableHTTPClientTransport(new URL(toolUrl(connection.server)), { fetch: authorizedFetch(connection, rules) });
  const client = new Client({ name: 'pacewise-cli', version: CLI_VERSION });
  await client.connect(transport);
  return { client, rules, close: () => client.close() };
}

/** A tool result as data: structuredContent, else the JSON in its text content, else the text. */
export function resultData(result: { isError?: boolean; structuredContent?: unknown; content?: unknown }): {
  isError: boolean;
  data: unknown;
} {
  if (result.structuredContent !== undefined) return { isError: Boolean(result.isError), data: result.structuredContent };
  const blocks = (Array.isArray(result.content) ? result.content : []) as { type?: unknown; text?: unknown }[];
  const joined = blocks
    .filter((c) => c?.type === 'text')
    .map((c) => String(c.text))
    .join('\n');
  const parsed = safeJson(joined);
  return { isError: Boolean(result.isError), data: parsed !== undefined ? parsed : joined };
}
