// The CLI's outbound HTTP (undici's EnvHttpProxyAgent) honours HTTP(S)_PROXY and NO_PROXY (Node's
// fetch does not): an agent host's egress proxy is the only way out on many hosts. The HTTPS path is
// a CONNECT tunnel through a real proxy to a real TLS server (a self-signed certificate trusted
// through NODE_EXTRA_CA_CERTS); an http:// target goes to the proxy in absolute form. Loopback
// never goes through the proxy: the TLS server is reached as pacewise.test (a name only the proxy
// resolves: it tunnels every CONNECT to the server) when the proxy is the subject.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../../cli/src/http';

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
        '/CN=pacewise.test',
        '-addext',
        'subjectAltName=DNS:pacewise.test,DNS:localhost,IP:127.0.0.1',
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
  function fetchInChild(
    url: string,
    env: Record<string, string> = { HTTPS_PROXY: proxyUrl },
  ): Promise<{ status: number; body: string } | { error: string }> {
    // A failed request (a name nothing resolves) is an answer too: { error }.
    const script = `import { httpFetch } from ${JSON.stringify(path.resolve('cli/src/http.ts'))};
      try {
        const res = await httpFetch(${JSON.stringify(url)}, { method: 'POST', headers: { authorization: 'Bearer t0ken', 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ a: '1' }) });
        process.stdout.write(JSON.stringify({ status: res.status, body: await res.text() }));
      } catch (error) {
        process.stdout.write(JSON.stringify({ error: String(error.cause?.code ?? error.message) }));
      }`;
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
    const res = await fetchInChild(`https://pacewise.test:${tlsPort}/token?x=1`);
    expect(res).toMatchObject({ status: 200 });
    expect(JSON.parse((res as { body: string }).body)).toEqual({ method: 'POST', path: '/token?x=1', body: 'a=1', auth: 'Bearer t0ken' });
    expect(tunnels.at(-1)).toBe(`pacewise.test:${tlsPort}`);
  });

  it("reports the proxy's refusal as the response status", async () => {
    refuse = true;
    const res = await fetchInChild(`https://pacewise.test:${tlsPort}/token`);
    refuse = false;
    expect(res).toMatchObject({ status: 403 });
  });

  it('sends an http:// target to HTTP_PROXY in absolute form', async () => {
    forwarded.length = 0;
    const res = await fetchInChild('http://pacewise.invalid:8080/token?x=1', { HTTP_PROXY: proxyUrl });
    expect(res).toMatchObject({ status: 200 });
    expect(JSON.parse((res as { body: string }).body)).toEqual({ via: 'proxy', url: 'http://pacewise.invalid:8080/token?x=1' });
    expect(forwarded).toEqual(['http://pacewise.invalid:8080/token?x=1']);
  });

  it('goes direct to hosts NO_PROXY names (exact host, domain suffix, *), through the proxy otherwise', async () => {
    // Direct, pacewise.test does not resolve: the request fails without the proxy seeing it.
    const cases: [string, boolean][] = [
      ['pacewise.test', false],
      ['.test', false],
      ['*', false],
      ['127.0.0.1,pacewise.example', true],
      ['pacewise.test:1', true],
    ];
    expect.assertions(cases.length * 2);
    for (const [noProxy, viaProxy] of cases) {
      tunnels.length = 0;
      const res = await fetchInChild(`https://pacewise.test:${tlsPort}/direct`, { HTTPS_PROXY: proxyUrl, NO_PROXY: noProxy });
      expect(res, noProxy).toMatchObject(viaProxy ? { status: 200 } : { error: expect.stringMatching(/ENOTFOUND|EAI_AGAIN/) });
      expect(tunnels, noProxy).toEqual(viaProxy ? [`pacewise.test:${tlsPort}`] : []);
    }
  }, 60_000);

  it('never sends loopback through a proxy, whichever variable names it; the answer comes straight from the server', async () => {
    const every = { HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl, ALL_PROXY: proxyUrl, NO_PROXY: 'pacewise.example' };
    const proxyPort = new URL(proxyUrl).port;
    // http:// targets: the proxy server itself, reached directly, sees an origin-form request line.
    const cases: [string, unknown][] = [
      [`https://localhost:${tlsPort}/cb`, { method: 'POST', path: '/cb', body: 'a=1', auth: 'Bearer t0ken' }],
      [`https://127.0.0.1:${tlsPort}/register`, { method: 'POST', path: '/register', body: 'a=1', auth: 'Bearer t0ken' }],
      [`http://127.0.0.1:${proxyPort}/token`, { via: 'proxy', url: '/token' }],
      [`http://localhost:${proxyPort}/token`, { via: 'proxy', url: '/token' }],
    ];
    expect.assertions(cases.length * 3);
    for (const [url, body] of cases) {
      tunnels.length = 0;
      forwarded.length = 0;
      const res = await fetchInChild(url, every);
      expect(JSON.parse((res as { body: string }).body), url).toEqual(body);
      expect(tunnels, url).toEqual([]);
      expect(
        forwarded.filter((u) => /^https?:/.test(u)),
        url,
      ).toEqual([]);
    }
  }, 60_000);

  it('knows loopback hosts however they are written, and nothing else', () => {
    const cases: [string, boolean][] = [
      ['http://127.0.0.1/', true],
      ['http://127.8.9.10:3000/', true],
      ['http://2130706433/', true], // 127.0.0.1 as one number (URL normalizes it)
      ['http://0x7f.1/', true],
      ['http://[::1]:8080/', true],
      ['http://[0:0:0:0:0:0:0:1]/', true],
      ['http://[::ffff:127.0.0.1]/', true],
      ['http://localhost/', true],
      ['http://LOCALHOST./', true],
      ['http://app.localhost:3000/', true],
      ['http://0.0.0.0:3000/', true],
      ['http://[::]:3000/', true],
      ['http://128.0.0.1/', false],
      ['http://10.0.0.1/', false],
      ['http://[::2]/', false],
      ['http://[::ffff:10.0.0.1]/', false],
      ['http://localhost.example.com/', false],
      ['http://evil-localhost/', false],
      ['http://127.0.0.1.nip.io/', false],
      ['https://pacewise.example/', false],
    ];
    expect.assertions(cases.length);
    for (const [url, loopback] of cases) expect(isLoopbackHost(new URL(url).hostname), url).toBe(loopback);
  });
});
