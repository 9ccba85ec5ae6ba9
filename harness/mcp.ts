// Raw JSON-RPC over HTTP to /mcp, for transport-level tests (the SDK clients are used elsewhere).
export const ACCEPT_BOTH = 'application/json, text/event-stream';

export type RpcReply = { status: number; headers: Headers; json: unknown; raw: string };

/** Reads a JSON body, or the first `data:` event of an SSE body. */
export async function readReply(res: Response): Promise<RpcReply> {
  const raw = await res.text();
  let json: unknown = undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.startsWith('text/event-stream')) {
    const data = raw.split('\n').find((l) => l.startsWith('data:'));
    if (data) json = JSON.parse(data.slice(5));
  } else if (raw) {
    try {
      json = JSON.parse(raw);
    } catch {
      json = undefined;
    }
  }
  return { status: res.status, headers: res.headers, json, raw };
}

export async function rpc(
  baseUrl: string,
  body: unknown,
  opts: { token?: string; accept?: string; headers?: Record<string, string>; method?: string } = {},
): Promise<RpcReply> {
  const res = await fetch(`${baseUrl}/mcp`, {
    method: opts.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      accept: opts.accept ?? ACCEPT_BOTH,
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  return readReply(res);
}

export function initializeRequest(protocolVersion: string, id = 1) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'pacewise-tests', version: '1.0.0' } },
  };
}

export function callToolRequest(name: string, args: Record<string, unknown> = {}, id = 3) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
}
