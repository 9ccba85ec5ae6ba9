// Next.js cannot build a request object for TRACE, TRACK or CONNECT and answers 500 before any
// route or proxy.ts runs. This guard answers them 405 on the Node server itself. It patches the
// server's 'request' event once per process (from instrumentation.ts); on Vercel the platform
// already refuses these methods.
import http from 'node:http';

const SERVED = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const marker = Symbol.for('pacewise.httpMethodGuard');

export function installHttpMethodGuard(): void {
  const proto = http.Server.prototype as http.Server & { [marker]?: boolean };
  if (proto[marker]) return;
  proto[marker] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      if (req.method && !SERVED.has(req.method)) {
        res.writeHead(405, { Allow: 'GET, HEAD, POST, OPTIONS', 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`Method ${req.method} is not supported.`);
        return true;
      }
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof proto.emit;
}
