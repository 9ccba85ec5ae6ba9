// Baseline for the OAuth bench: the app's own authorization-server entry (lib/oauth/oauth-http.ts:
// rate limit, resource check, slow_down pacing, oidc-provider with the Prisma adapter) mounted on a
// bare node:http server, on the same database, so the difference is Next.js's routing and Pages API.
// Usage: tsx --tsconfig bench/tsconfig.json bench/baselines/oauth-server.ts <port>   (app env: DATABASE_URL, secrets, SITE_URL)
import http from 'node:http';
import { handleOAuthRequest } from '@/lib/oauth/oauth-http';

const port = Number(process.argv[2]);

http
  .createServer((req, res) => {
    handleOAuthRequest(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  })
  .listen(port, '127.0.0.1', () => console.log(`ready ${port}`));
