// lib/web/node-server.ts, what the self-hosted server does before Next, on a real Node HTTP server;
// the lines of Next.js each step answers (when an upgrade changes one, this fails and says which step
// to revisit); and that nothing in the app replaces a method of Node's HTTP classes.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { beforeNext, refuseUnservedMethod, unionVary } from '@/lib/web/node-server';
import { CLIENT_ADDRESS_HEADER, readClientAddress, stampClientAddress } from '@/lib/web/client-address';

const next = (file: string) => fs.readFileSync(path.join(process.cwd(), 'node_modules', 'next', 'dist', file), 'utf8');

describe('unionVary', () => {
  it.each([
    [undefined, 'Accept', 'Accept'],
    ['Accept', 'rsc, next-router-state-tree', 'Accept, rsc, next-router-state-tree'],
    ['Accept', 'accept, Accept-Encoding', 'Accept, Accept-Encoding'], // case-insensitive, first spelling kept
    ['Accept, ', ' ,Origin', 'Accept, Origin'],
    ['Accept', '*', '*'],
    ['*', 'Accept', '*'],
  ])('%j + %j = %j', (existing, added, union) => {
    expect(unionVary(existing, added)).toBe(union);
  });
});

describe('refuseUnservedMethod', () => {
  const answer = (method: string) => {
    const res = {
      status: 0,
      headers: {} as Record<string, string>,
      body: '',
      writeHead(s: number, h: Record<string, string>) {
        this.status = s;
        this.headers = h;
        return this;
      },
      end(b: string) {
        this.body = b;
      },
    };
    const answered = refuseUnservedMethod({ method } as http.IncomingMessage, res as unknown as http.ServerResponse);
    return { answered, ...res };
  };
  it.each(['TRACE', 'PROPFIND', 'BREW'])('answers %s 405 with Allow', (method) => {
    const a = answer(method);
    expect(a.answered).toBe(true);
    expect(a.status).toBe(405);
    expect(a.headers.Allow).toBe('GET, HEAD, POST, OPTIONS');
    expect(a.body).toContain(method);
  });
  it.each(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('leaves %s to Next', (method) => {
    expect(answer(method).answered).toBe(false);
  });
});

describe('the Next.js behaviours worked around (next 16.4.6)', () => {
  it('the App Router page handler replaces Vary (else drop the Vary union)', () => {
    expect(next('build/templates/app-page-runtime.js')).toMatch(/res\.setHeader\('Vary', varyHeader\)/);
  });
  it('next start fills X-Forwarded-For from the socket only when the client sent none (else read the address in proxy.ts)', () => {
    expect(next('server/base-server.js')).toMatch(/req\.headers\['x-forwarded-for'\] \?\?= /);
  });
  it('undici refuses to build a Request for TRACE, which Next answers 500 (else drop the method guard)', () => {
    expect(() => new Request('http://127.0.0.1/', { method: 'TRACE' })).toThrow(TypeError);
  });
});

describe('beforeNext on a real server', () => {
  async function serve(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
    const server = http.createServer((req, res) => {
      if (beforeNext(req, res, 0)) return;
      handler(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(r)) };
  }

  it('unions a later Vary with the one set before, on that response only', async () => {
    const s = await serve((_req, res) => {
      res.setHeader('Vary', 'Accept');
      res.setHeader('Vary', 'rsc, next-router-state-tree');
      res.end('ok');
    });
    try {
      const res = await fetch(s.url);
      expect(res.headers.get('vary')).toBe('Accept, rsc, next-router-state-tree');
      // A response of another server in the same process keeps Node's own replacing setHeader.
      const plain = http.createServer((_req, r) => {
        r.setHeader('Vary', 'Accept');
        r.setHeader('Vary', 'Origin');
        r.end();
      });
      await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
      const other = await fetch(`http://127.0.0.1:${(plain.address() as AddressInfo).port}`);
      expect(other.headers.get('vary')).toBe('Origin');
      await new Promise((r) => plain.close(r));
    } finally {
      await s.close();
    }
  });

  it('replaces a client-sent internal address header with the socket address, stamped by this process', async () => {
    const s = await serve((req, res) => res.end(readClientAddress(req.headers[CLIENT_ADDRESS_HEADER] as string)));
    try {
      const res = await fetch(s.url, { headers: { [CLIENT_ADDRESS_HEADER]: '203.0.113.9' } });
      expect(await res.text()).toBe('127.0.0.1');
    } finally {
      await s.close();
    }
  });

  it('answers TRACE 405 before the handler runs', async () => {
    let reached = false;
    const s = await serve((_req, res) => {
      reached = true;
      res.end();
    });
    try {
      const status = await new Promise<number>((resolve) => {
        const req = http.request(s.url, { method: 'TRACE' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.end();
      });
      expect(status).toBe(405);
      expect(reached).toBe(false);
    } finally {
      await s.close();
    }
  });
});

describe('the internal address header', () => {
  it.each([
    ['a bare address (a client, or plain next start)', '203.0.113.9', 'unknown'],
    ['another nonce', 'AAAAAAAAAAAAAAAAAAAAAAAA 203.0.113.9', 'unknown'],
    ['nothing', undefined, 'unknown'],
    ['this process stamped it', stampClientAddress('198.51.100.7'), '198.51.100.7'],
  ])('%s reads as %s', (_name, value, address) => {
    expect(readClientAddress(value)).toBe(address);
  });
});

describe('Node HTTP classes are left alone', () => {
  const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
  const SKIP = new Set(['node_modules', '.next', '.git', '.data', '.vercel', '.contentlayer', 'dist', 'generated', 'tests']);
  function* files(dir: string): Generator<string> {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.next') || SKIP.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* files(full);
      else if (SOURCE.test(entry.name)) yield full;
    }
  }
  it('no source file assigns or redefines a method of an http class prototype', () => {
    const offenders: string[] = [];
    let scanned = 0;
    for (const file of files(process.cwd())) {
      scanned++;
      const text = fs.readFileSync(file, 'utf8');
      if (
        /(Server|ServerResponse|IncomingMessage|OutgoingMessage|ClientRequest|Agent)\.prototype(\.\w+\s*=[^=]|\s*\)|\s*,)/.test(text) ||
        /defineProperty\(\s*http\./.test(text)
      ) {
        offenders.push(path.relative(process.cwd(), file));
      }
    }
    expect(scanned).toBeGreaterThan(200);
    expect(offenders).toEqual([]);
  });
});
