// Client ID Metadata Documents for the tests: a self-signed certificate for the loopback hosts (made
// once per run by global-setup, trusted by `next start` through NODE_EXTRA_CA_CERTS) and a small HTTPS
// server whose answers each test sets per path: status, headers, body, delay; it counts requests.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type TlsFiles = { dir: string; cert: string; key: string };

/** A certificate valid for 127.0.0.1, 127.0.0.2 and localhost, usable as its own CA. */
export function makeLoopbackCertificate(): TlsFiles {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-cimd-tls-'));
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=pacewise-test-documents',
      '-keyout',
      key,
      '-out',
      cert,
      '-addext',
      'subjectAltName=IP:127.0.0.1,IP:127.0.0.2,DNS:localhost',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
    ],
    { stdio: 'ignore' },
  );
  return { dir, cert, key };
}

export type DocumentAnswer = { status?: number; headers?: Record<string, string>; body?: string | Buffer; delayMs?: number };

export type DocumentServer = {
  origin: string;
  /** The answer for a path, replacing the previous one. */
  set(pathname: string, answer: DocumentAnswer): void;
  /** A JSON document with the given metadata (Content-Type application/json, max-age as given). */
  setDocument(pathname: string, metadata: Record<string, unknown>, maxAge?: number): void;
  requests(pathname: string): number;
  close(): Promise<void>;
};

export async function startDocumentServer(tls: TlsFiles, host = '127.0.0.1', port = 0): Promise<DocumentServer> {
  const answers = new Map<string, DocumentAnswer>();
  const counts = new Map<string, number>();
  const server = https.createServer({ cert: fs.readFileSync(tls.cert), key: fs.readFileSync(tls.key) }, (req, res) => {
    const pathname = new URL(req.url ?? '/', 'https://x').pathname;
    counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
    const answer = answers.get(pathname) ?? { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' };
    const reply = () => {
      if (res.destroyed) return;
      res.writeHead(answer.status ?? 200, answer.headers ?? {});
      res.end(answer.body ?? '');
    };
    if (answer.delayMs) setTimeout(reply, answer.delayMs).unref();
    else reply();
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const origin = `https://${host}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    set: (pathname, answer) => answers.set(pathname, answer),
    setDocument: (pathname, metadata, maxAge = 3600) =>
      answers.set(pathname, {
        status: 200,
        headers: { 'content-type': 'application/json', 'cache-control': `public, max-age=${maxAge}` },
        body: JSON.stringify(metadata),
      }),
    requests: (pathname) => counts.get(pathname) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The metadata of a browser-flow agent whose client_id is its document's URL. */
export function agentDocument(clientId: string, redirectUri: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    client_id: clientId,
    client_name: 'Metadata Agent',
    client_uri: 'https://agent.example',
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    ...extra,
  };
}
