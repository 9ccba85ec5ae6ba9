// Shared HTTP behaviour of the Content API routes, on plain Request objects.
import { describe, expect, it } from 'vitest';
import { fixedJsonRoute, jsonBody, jsonResponse } from '@/lib/public-api/http';

const url = 'https://pacewise.example/api/public/site';
const route = fixedJsonRoute(() => ({ name: 'Pacewise' }));

describe('fixedJsonRoute', () => {
  it('GET: the body as JSON with CORS, cache and ETag headers', async () => {
    const res = await route.GET(new Request(url));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'Pacewise' });
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+, s-maxage=\d+/);
    expect(res.headers.get('etag')).toBe(jsonBody({ name: 'Pacewise' }).etag);
  });

  it.each([
    [(etag: string) => etag, 304],
    [(etag: string) => `W/${etag}`, 304],
    [(etag: string) => `"a", ${etag} ,"b"`, 304],
    [() => '*', 304],
    [() => '"something-else"', 200],
    [(etag: string) => etag.slice(0, -2) + '"', 200],
  ])('If-None-Match variant %# gives %i', async (header, status) => {
    const { etag } = jsonBody({ name: 'Pacewise' });
    const res = await route.GET(new Request(url, { headers: { 'If-None-Match': header(etag) } }));
    expect(res.status).toBe(status);
    if (status === 304) expect(await res.text()).toBe('');
  });

  it('never turns an error status into 304', async () => {
    const body = jsonBody({ error: 'x' });
    const res = jsonResponse(new Request(url, { headers: { 'If-None-Match': body.etag } }), body, 404);
    expect(res.status).toBe(404);
  });

  it('OPTIONS: a 204 CORS preflight', () => {
    const res = route.OPTIONS();
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s: 405 with Allow and a JSON error naming the method', async (method) => {
    const res = route[method](new Request(url, { method }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await res.json()).error).toContain(method);
  });

  it('builds the body once, when the route is created', async () => {
    let calls = 0;
    const counted = fixedJsonRoute(() => ({ n: ++calls }));
    await counted.GET(new Request(url));
    await counted.GET(new Request(url));
    expect(calls).toBe(1);
  });
});
