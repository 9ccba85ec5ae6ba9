// Baseline for the static-content bench: a bare node:http server answering each path with the exact
// bytes (and the content headers) that `next start` answered, read from a JSON file. A route with
// `variant: 'markdown'` answers requests whose Accept names text/markdown at that path.
// Usage: node bench/baselines/static-server.mjs <port> <routes.json>
import fs from 'node:fs';
import http from 'node:http';

const [port, file] = process.argv.slice(2);
const routes = new Map(
  JSON.parse(fs.readFileSync(file, 'utf8')).map((r) => [
    r.variant ? `${r.path} ${r.variant}` : r.path,
    { status: r.status, headers: r.headers, body: Buffer.from(r.body, 'base64') },
  ]),
);

http
  .createServer((req, res) => {
    const markdown = /text\/markdown/i.test(req.headers.accept ?? '');
    const route = (markdown && routes.get(`${req.url} markdown`)) || routes.get(req.url);
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(route.status, { ...route.headers, 'content-length': route.body.length });
    res.end(route.body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log(`ready ${port}`));
