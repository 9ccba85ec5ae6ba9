// The generated documents carry a strong ETag and answer a current If-None-Match with 304.
import { describe, expect, it } from 'vitest';
import { get } from './agent-support';

describe('validators on generated documents', () => {
  const DOCUMENTS = ['/llms.txt', '/llms-full.txt', '/sitemap.xml', '/robots.txt', '/feed.xml'];

  it.each(DOCUMENTS)('%s: a strong ETag; 304 on a matching If-None-Match (also weak or in a list), 200 on a stale one', async (path) => {
    const first = await get(path);
    expect(first.res.status).toBe(200);
    const etag = first.res.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get(path);
    expect(again.res.headers.get('etag')).toBe(etag);
    const cases: { inm: string; status: number }[] = [
      { inm: etag!, status: 304 },
      { inm: `W/${etag}`, status: 304 },
      { inm: `"stale", ${etag}`, status: 304 },
      { inm: '*', status: 304 },
      { inm: '"stale"', status: 200 },
      { inm: etag!.slice(0, -2) + '"', status: 200 },
    ];
    for (const c of cases) {
      const { res, body } = await get(path, undefined, { headers: { 'if-none-match': c.inm } });
      expect(res.status, c.inm).toBe(c.status);
      expect(res.headers.get('etag'), c.inm).toBe(etag);
      expect(body.length === 0, c.inm).toBe(c.status === 304);
    }
    const head = await get(path, undefined, { method: 'HEAD' });
    expect(head.res.headers.get('etag')).toBe(etag);
  });
});
