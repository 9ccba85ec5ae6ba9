// Which scopes a request to /mcp lacks, decided before the request reaches the MCP handler, so the
// answer can be an HTTP 403 with an RFC 6750 `insufficient_scope` challenge that a client turns into
// a step-up authorization (a tool error inside an HTTP 200 gives a client nothing to act on).
// The needed scope is the tool's own declaration (lib/mcp/tools/*): declared once, read here, by the
// in-tool guard and by tools/list.
//
// What the challenge's `scope` names depends on the revision the client speaks:
// - 2026-07-28 (SEP-2350, RFC 6750 §3.1): only the scopes this operation needs; the client requests
//   the union of what it holds and what the challenge names.
// - 2025-11-25 and older: clients (the TypeScript SDK v1 among them) request exactly the challenge's
//   scope, so it names the token's scopes plus the missing one, or the client would lose the others.
import type { AnyTool } from './define-tool';

export type ScopeChallengeResult = { scopes: string[]; tool: string; missing: string; description: string };

const UNION_BY_CLIENT = '2026-07-28';

type JsonRpcMessage = { method?: unknown; params?: { name?: unknown; _meta?: Record<string, unknown> } };

/** The protocol revision of a request: the MCP-Protocol-Version header, else the 2026-07-28 envelope's _meta. */
export function protocolRevision(header: string | null, message: JsonRpcMessage): string | null {
  if (header) return header;
  const meta = message.params?._meta?.['io.modelcontextprotocol/protocolVersion'];
  return typeof meta === 'string' ? meta : null;
}

/** The challenge for one JSON-RPC body (a message or a batch), or null when the token's scopes suffice. */
export function scopeChallengeFor(
  body: unknown,
  granted: readonly string[],
  tools: readonly AnyTool[],
  protocolHeader: string | null,
): ScopeChallengeResult | null {
  const messages = (Array.isArray(body) ? body : [body]) as JsonRpcMessage[];
  for (const message of messages) {
    if (!message || typeof message !== 'object' || message.method !== 'tools/call') continue;
    const tool = tools.find((t) => t.name === message.params?.name);
    if (!tool?.scope || granted.includes(tool.scope)) continue;
    // ISO dates compare as strings; unknown or absent revisions get the older, inclusive answer.
    const revision = protocolRevision(protocolHeader, message);
    const perOperation = revision !== null && /^\d{4}-\d{2}-\d{2}$/.test(revision) && revision >= UNION_BY_CLIENT;
    const scopes = perOperation ? [tool.scope] : [...new Set([...granted, tool.scope])];
    return {
      scopes,
      tool: tool.name,
      missing: tool.scope,
      description: `${tool.name} needs the "${tool.scope}" scope, which this connection was not granted. Reconnect Pacewise in your agent and approve "${tool.scope}" on the consent screen.`,
    };
  }
  return null;
}

/** RFC 6750 quoted-string value: no double quotes or backslashes inside. */
export function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, "'")}"`;
}
