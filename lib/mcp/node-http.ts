// /mcp on Node's own request and response (a Pages Router API route): the App Router route handler
// turned each call's body into a web stream and piped the answer back through another, about a
// seventh of a tool call's CPU (`npm run profile`). The request is handed to lib/mcp/http.ts as a
// body-less web Request with a reader of the body; the answer is written with one write unless it
// is a stream (SSE from the 2026-07-28 path).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseTestNow, TEST_NOW_HEADER, withClock } from '@/lib/clock';
import { config } from '@/lib/env';
import { handleMcpRequest, MAX_BODY_BYTES } from './http';

/** The body as text, or null past `limit` bytes (read to the end so the answer can still be sent). */
function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function serveMcpNode(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const testNow = config().testClock ? req.headers[TEST_NOW_HEADER] : undefined;
  if (typeof testNow === 'string') {
    const at = parseTestNow(testNow);
    if (!at) {
      res.statusCode = 400;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32600, message: `${TEST_NOW_HEADER} must be an RFC 3339 instant with a zone, such as 2026-12-01T07:30:00Z` },
        }),
      );
      return;
    }
    return withClock(at, () => serve(req, res));
  }
  return serve(req, res);
}

async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const aborted = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) aborted.abort();
  });
  const method = req.method ?? 'GET';
  const request = new Request(config().mcpUrl, { method, headers, signal: aborted.signal });
  const response = await handleMcpRequest(request, () => readBody(req, MAX_BODY_BYTES));
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (!response.body) {
    res.end();
    return;
  }
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream') && !response.headers.has('content-length')) {
    // Possibly long-lived (subscriptions/listen): pass each event on as it comes.
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        res.write(value);
      }
    } finally {
      res.end();
    }
    return;
  }
  res.end(Buffer.from(await response.arrayBuffer()));
}
