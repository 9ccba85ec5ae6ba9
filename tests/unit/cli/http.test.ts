// The CLI's outbound HTTP (undici's EnvHttpProxyAgent) honours HTTP(S)_PROXY and NO_PROXY (Node's
// fetch does not): an agent host's egress proxy is the only way out on many hosts. The HTTPS path is
// a CONNECT tunnel through a real proxy to a real TLS server (a self-signed certificate trusted
// through NODE_EXTRA_CA_CERTS); an http:// target goes to the proxy in absolute form.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('httpFetch through the proxy the environment names', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-tls-'));
  let tlsServer: https.Server;
  let proxy: http.Server;
  let tlsPort = 0;
  let proxyUrl = '';
  const tunnels: string[] = [];
  const forwarded: string[] = [];
  const sockets = new Set<net.Socket>();
  let refuse = false;

  beforeAll(async () => {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
      ],
      { stdio: 'ignore' },
    );
    tlsServer = https.createServer(
      { key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) },
      (req, res) => {
        let body = '';
        req.on('data', (d) => (body += d));
        req.on('end', () =>
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ method: req.method, path: req.url, body, auth: req.headers.authorization ?? null })),
        );
      },
    );
    await new Promise<void>((r) => tlsServer.listen(0, '127.0.0.1', r));
    tlsPort = (tlsServer.address() as AddressInfo).port;
    // An http:// target arrives here in absolute form: the proxy answers for it.
    proxy = http.createServer((req, res) => {
      forwarded.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ via: 'proxy', url: req.url }));
    });
    proxy.on('connect', (req, socket: net.Socket) => {
      tunnels.push(req.url ?? '');
      sockets.add(socket);
      if (refuse) {
        socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
        return;
      }
      const upstream = net.connect(tlsPort, '127.0.0.1', () => {
        sockets.add(upstream);
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    proxy.closeAllConnections();
    tlsServer.closeAllConnections();
    await new Promise((r) => proxy.close(r));
    await new Promise((r) => tlsServer.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** httpFetch in a fresh node process (NODE_EXTRA_CA_CERTS is read at start-up only). */
  function fetchInChild(url: string, env: Record<string, string> = { HTTPS_PROXY: proxyUrl }): Promise<{ status: number; body: string }> {
    const script = `import { httpFetch } from ${JSON.stringify(path.resolve('cli/src/http.ts'))};
      const res = await httpFetch(${JSON.stringify(url)}, { method: 'POST', headers: { authorization: 'Bearer t0ken', 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ a: '1' }) });
      process.stdout.write(JSON.stringify({ status: res.status, body: await res.text() }));`;
    return new Promise((resolve, reject) => {
      // tsx loads the TypeScript source in the child (Node 20 does not strip types).
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        env: { PATH: process.env.PATH, ...env, NODE_EXTRA_CA_CERTS: path.join(dir, 'cert.pem') } as unknown as NodeJS.ProcessEnv,
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(err))));
    });
  }

  it('tunnels to the target and speaks TLS to it end to end', async () => {
    tunnels.length = 0;
    const res = await fetchInChild(`https://localhost:${tlsPort}/token?x=1`);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ method: 'POST', path: '/token?x=1', body: 'a=1', auth: 'Bearer t0ken' });
    expect(tunnels.at(-1)).toBe(`localhost:${tlsPort}`);
  });

  it("reports the proxy's refusal as the response status", async () => {
    refuse = true;
    const res = await fetchInChild(`https://localhost:${tlsPort}/token`);
    refuse = false;
    expect(res.status).toBe(403);
  });

  it('sends an http:// target to HTTP_PROXY in absolute form', async () => {
    forwarded.length = 0;
    const res = await fetchInChild('http://pacewise.invalid:8080/token?x=1', { HTTP_PROXY: proxyUrl });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ via: 'proxy', url: 'http://pacewise.invalid:8080/token?x=1' });
    expect(forwarded).toEqual(['http://pacewise.invalid:8080/token?x=1']);
  });

  it('goes direct to hosts NO_PROXY names (exact host, domain suffix, *), through the proxy otherwise', async () => {
    const cases: [string, boolean][] = [
      ['localhost', false],
      ['.localhost', false],
      ['*', false],
      ['127.0.0.1,pacewise.example', true],
      ['localhost:1', true],
    ];
    expect.assertions(cases.length * 2);
    for (const [noProxy, viaProxy] of cases) {
      tunnels.length = 0;
      const res = await fetchInChild(`https://localhost:${tlsPort}/direct`, { HTTPS_PROXY: proxyUrl, NO_PROXY: noProxy });
      expect(res.status, noProxy).toBe(200);
      expect(tunnels, noProxy).toEqual(viaProxy ? [`localhost:${tlsPort}`] : []);
    }
  }, 30_000);
});
