// Shared HTTP behaviour of the Content API responses, on plain Request objects.
import { describe, expect, it } from 'vitest';
import { jsonBody, jsonResponse, methodNotAllowed, preflight } from '@/lib/public-api/http';

const url = 'https://pacewise.example/api/public/site';
const body = jsonBody({ name: 'Pacewise' });

describe('jsonResponse', () => {
  it('GET: the body as JSON with CORS, cache and ETag headers', async () => {
    const res = jsonResponse(new Request(url), body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'Pacewise' });
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+, s-maxage=\d+/);
    expect(res.headers.get('etag')).toBe(body.etag);
  });

  it.each([
    [(etag: string) => etag, 304],
    [(etag: string) => `W/${etag}`, 304],
    [(etag: string) => `"a", ${etag} ,"b"`, 304],
    [() => '*', 304],
    [() => '"something-else"', 200],
    [(etag: string) => etag.slice(0, -2) + '"', 200],
  ])('If-None-Match variant %# gives %i', async (header, status) => {
    const res = jsonResponse(new Request(url, { headers: { 'If-None-Match': header(body.etag) } }), body);
    expect(res.status).toBe(status);
    if (status === 304) expect(await res.text()).toBe('');
  });

  it('never turns an error status into 304', async () => {
    const error = jsonBody({ error: 'x' });
    const res = jsonResponse(new Request(url, { headers: { 'If-None-Match': error.etag } }), error, 404);
    expect(res.status).toBe(404);
  });
});

describe('preflight and methodNotAllowed', () => {
  it('OPTIONS: a 204 CORS preflight', () => {
    const res = preflight();
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s: 405 with Allow and a JSON error naming the method', async (method) => {
    const res = methodNotAllowed(method);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await res.json()).error).toContain(method);
  });
});
