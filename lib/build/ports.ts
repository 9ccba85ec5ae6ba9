// Whether a TCP port can be listened on: the dev server, the test runner, its PostgreSQL cluster and
// the test harness each pick a port with it. Node's type stripping runs this from the .mjs scripts.
import net from 'node:net';

/** True when `port` can be listened on at `host` (null: every address, as a server without -H does). */
export function portIsFree(port: number, host: string | null = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, ...(host === null ? {} : { host }) }, () => server.close(() => resolve(true)));
  });
}
