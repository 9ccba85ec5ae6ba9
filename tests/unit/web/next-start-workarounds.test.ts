// The pure parts of lib/web/next-start-workarounds.ts, and the lines of Next.js each workaround
// answers: when an upgrade changes one of them, this fails and says which workaround to revisit.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { refuseUnservedMethod, unionVary } from '@/lib/web/next-start-workarounds';

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
    const res = { status: 0, headers: {} as Record<string, string>, body: '', writeHead(s: number, h: Record<string, string>) { this.status = s; this.headers = h; return this; }, end(b: string) { this.body = b; } };
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
