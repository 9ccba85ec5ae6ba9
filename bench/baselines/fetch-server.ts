// The bench baselines' one transport: a bare node:http server handing each request to a fetch-style
// handler (the SDK's stateless handler takes a web Request), without any framework in between.
import http from 'node:http';

async function body(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export function serveFetch(port: number, handle: (request: Request) => Promise<Response>): void {
  http
    .createServer(async (req, res) => {
      try {
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
        const request = new Request(`http://127.0.0.1:${port}${req.url}`, {
          method: req.method,
          headers,
          body: req.method === 'POST' ? new Uint8Array(await body(req)) : undefined,
        });
        const response = await handle(request);
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch (error) {
        res.writeHead(500).end(String(error));
      }
    })
    .listen(port, '127.0.0.1', () => console.log(`ready ${port}`));
}
