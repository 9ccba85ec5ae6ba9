// Whether a TCP port can be listened on, for the scripts that choose a port (npm run dev, npm test,
// the throwaway PostgreSQL cluster) and the test harness. Plain Node, no path aliases: the scripts
// load it with Node's own type stripping.
import net from 'node:net';

/**
 * True when nothing listens on `port` at `host`: it binds and closes at once. `host` defaults to
 * loopback; `null` tries every interface, as `next dev` without `-H` listens.
 */
export function portIsFree(port: number, host: string | null = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: host ?? undefined }, () => server.close(() => resolve(true)));
  });
}
