// Next.js cannot build a request object for TRACE, TRACK or CONNECT and answers 500 before any
// route or proxy.ts runs. This guard answers them 405 on the Node server itself (installed once per
// process from lib/startup.ts); on Vercel the platform already refuses these methods.
import { addRequestHook } from '@/lib/web/request-hook';

const SERVED = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function installHttpMethodGuard(): void {
  addRequestHook('httpMethodGuard', (req, res) => {
    if (!req.method || SERVED.has(req.method)) return false;
    res.writeHead(405, { Allow: 'GET, HEAD, POST, OPTIONS', 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(`Method ${req.method} is not supported.`);
    return true;
  });
}
