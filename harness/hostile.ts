// Hostile inputs for the fuzzers (fast-check arbitraries) and a raw HTTP client for what fetch refuses
// to send (CR/LF in headers, bytes that are not UTF-8, broken request lines).
import fc from 'fast-check';
import net from 'node:net';

/** Payloads an attacker tries in every string field. */
export const PAYLOADS = [
  "' OR '1'='1",
  '\'; DROP TABLE "User"; --',
  '1; SELECT pg_sleep(5)--',
  '" OR ""="',
  "\\'; DELETE FROM \"Workout\" WHERE ''='",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '..\\..\\windows\\win.ini',
  '%00',
  '\u0000',
  '\r\nSet-Cookie: pwned=1',
  '%0d%0aSet-Cookie:%20pwned=1',
  '\u202e\u200b\ufeff',
  '\ud800',
  '😀'.repeat(50),
  'A'.repeat(10_000),
  '__proto__',
  'constructor',
  '{"$gt": ""}',
  'null',
  'NaN',
  '-1',
  '1e309',
  '0x7fffffff',
  '',
  ' ',
] as const;

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PAYLOADS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...PAYLOADS), fc.string({ maxLength: 20 })).map(([a, b]) => a + b) },
);

/** Any JSON value, biased towards the wrong type for whatever field it lands in. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.constantFrom(0, -1, 2 ** 53, -(2 ** 31), 1e308, true, false, null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A path segment for a slug/id: traversal, encodings and payloads, percent-encoded or not. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  // At most 2000 characters, for the reason given at hostileQueryValue (redirects echo the path).
  hostileString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '').slice(0, 2000))),
  fc.constantFrom(
    '..',
    '%2e%2e',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '..%2f..%2fpackage.json',
    '%',
    '%zz',
    '%c0%ae%c0%ae',
    '%ff%fe',
    'a%00b',
    '.md',
    'index.md',
    '~',
    '%20',
    'CON',
    '%252e%252e',
  ),
);

/**
 * A query-string value: no lone surrogates (not encodable) and at most 2000 characters: Next's
 * redirects (trailing slash, `..`) echo the query in two headers, and a 10 kB one overflows the
 * client's 16 kB header limit, which is not a server fault.
 */
export const hostileQueryValue: fc.Arbitrary<string> = hostileString.map((s) => s.replace(/[\ud800-\udfff]/g, '').slice(0, 2000));

/** Content types a client might (wrongly) send. */
export const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'application/json, text/html',
  '',
  'application/json; charset=no-such-charset',
);

/** Bodies: broken JSON, JSON of the wrong shape, forms with payloads, odd encodings. */
/** A request body: text or raw bytes. */
export type Body = string | Uint8Array<ArrayBuffer>;

export const hostileBody: fc.Arbitrary<Body> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[',
    '"',
    'nul',
    '{"jsonrpc":"2.0"',
    '\u0000',
    '{}}',
    '{"a":1,"a":2}',
    '1',
    '[]',
    'null',
    'true',
    '{"__proto__":{"admin":true}}',
  ),
  hostileJson.map((v) => JSON.stringify(v) ?? 'null'),
  fc
    .dictionary(
      fc.constantFrom(
        'grant_type',
        'client_id',
        'refresh_token',
        'device_code',
        'resource',
        'scope',
        'token',
        'email',
        'password',
        'csrf',
        'user_code',
        'next',
        'decision',
      ),
      hostileString,
      { maxKeys: 6 },
    )
    .map((d) => new URLSearchParams(d).toString()),
  fc.uint8Array({ maxLength: 200 }).map((u) => new Uint8Array(u)),
  hostileString,
);

/** Methods undici (and so Next.js's App Router) cannot represent as a Request. */
export const UNREPRESENTABLE_METHODS = ['TRACE', 'TRACK', 'CONNECT'] as const;

export type RawReply = { status: number; head: string };

/**
 * Sends raw bytes as an HTTP request and reads the status line. A server that closes the connection
 * without answering (Node's parser does, for some broken requests) gives status 0; a crash shows as
 * the health check failing afterwards.
 */
export function rawRequest(port: number, bytes: Buffer | string, timeoutMs = 15_000): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(String(bytes).slice(0, 120))}`));
    }, timeoutMs);
    socket.on('data', (d) => {
      data += d.toString('latin1');
      if (data.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const status = Number(data.match(/^HTTP\/1\.[01] (\d{3})/)?.[1] ?? 0);
      resolve({ status, head: data.split('\r\n\r\n')[0] ?? '' });
    });
    // Half-close after the request: a server waiting for a body that never comes sees the end.
    socket.end(bytes);
  });
}

/** Raw requests fetch would refuse to make: header injection, bad bytes, odd framing. */
export const rawHostileRequest: fc.Arbitrary<Buffer> = fc
  .record({
    // TRACE, TRACK and CONNECT are left out: Next.js 16 answers them 500 on every App Router route
    // (undici refuses to build a Request with them); `npm run stress` reports that defect on its own.
    method: fc.constantFrom('GET', 'POST', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'G\u00e9T', 'PROPFIND'),
    path: fc.constantFrom(
      '/',
      '/blog/x',
      '/api/public/posts',
      '/api/public/posts/',
      '/mcp',
      '/token',
      '/register',
      '/faq.md',
      '/sign-in',
      '/api/health',
    ),
    suffix: fc.oneof(
      hostileSegment.map((s) => s),
      fc.constantFrom('/../../etc/passwd', '/%2e%2e/%2e%2e/', '?a=%ff', '?x=\u00ff\u00fe', '/\u00e9', '/\x7f', '//evil.example/'),
    ),
    header: fc.constantFrom(
      'X-Test: a\r\nSet-Cookie: pwned=1',
      'Accept: text/markdown\r\nX-Injected: 1',
      'Accept: \u00ff\u00fe',
      'Host: evil.example',
      'Host: 127.0.0.1\r\nHost: evil.example',
      'Content-Length: -1',
      'Content-Length: 99999999999999999999',
      'Transfer-Encoding: chunked\r\nContent-Length: 5',
      'Transfer-Encoding: gzip, chunked',
      'Accept-Encoding: \u0000',
      'X-Forwarded-For: ' + '\'; DROP TABLE "RateLimit"; --',
      'Authorization: Bearer ' + 'A'.repeat(9000),
      'Cookie: pacewise_session=' + "' OR '1'='1",
      'Origin: null',
    ),
    body: fc.oneof(fc.constant(''), fc.string({ unit: 'binary', maxLength: 64 })),
  })
  .map(({ method, path, suffix, header, body }) => {
    const head = `${method} ${path}${suffix} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${header}\r\n`;
    const framed = /Content-Length|Transfer-Encoding/i.test(header) ? '' : `Content-Length: ${Buffer.byteLength(body, 'latin1')}\r\n`;
    return Buffer.concat([Buffer.from(head + framed + '\r\n', 'latin1'), Buffer.from(body, 'latin1')]);
  });

/** Fails unless the server still answers its health check (no crash, no wedged database). */
export async function expectHealthy(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/health`);
  if (res.status !== 200) throw new Error(`health check answered ${res.status}: ${await res.text()}`);
}

/** Runs counter shared by the fuzz files: each prints how many inputs it sent. */
export class InputCounter {
  total = 0;
  readonly byEndpoint = new Map<string, number>();
  count(endpoint: string, n = 1): void {
    this.total += n;
    this.byEndpoint.set(endpoint, (this.byEndpoint.get(endpoint) ?? 0) + n);
  }
  report(label: string): string {
    return `fuzz ${label}: ${this.total} inputs over ${this.byEndpoint.size} endpoints`;
  }
}

/** FUZZ_SCALE multiplies every run count (npm run stress uses a large one). */
export function runs(base: number): number {
  const scale = Number(process.env.FUZZ_SCALE ?? 1);
  return Math.max(1, Math.round(base * (Number.isFinite(scale) && scale > 0 ? scale : 1)));
}
