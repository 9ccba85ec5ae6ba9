// The prerendered Content API routes: `next build` calls each GET while prerendering, so a body that
// does not validate against its schema throws there and the build fails (Next stops a build on an
// error while prerendering). Here the content is made invalid and the routes must throw, not serve.
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('@/lib/content');
  vi.resetModules();
});

async function withBrokenContent(change: (content: typeof import('@/lib/content')) => Partial<typeof import('@/lib/content')>) {
  vi.resetModules();
  vi.doMock('@/lib/content', async (original) => {
    const content = await original<typeof import('@/lib/content')>();
    return { ...content, ...change(content) };
  });
}

describe('prerendered Content API routes', () => {
  it('serve the schema-checked body with its headers', async () => {
    const { GET } = await import('@/app/api/public/product/route');
    const res = GET();
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect((await res.json()).name).toBe('Pacewise');
  });

  it('fail the prerender when the product would not validate (a download URL that is no URL)', async () => {
    await withBrokenContent((c) => ({ getProduct: () => ({ ...c.getProduct(), downloadUrl: 'not a url' }) }));
    const { GET } = await import('@/app/api/public/product/route');
    expect(() => GET()).toThrow(/downloadUrl/);
  });

  it('fail the prerender of every post when one post would not validate (a bad date)', async () => {
    await withBrokenContent((c) => ({
      getPosts: () => c.getPosts().map((p, i) => (i === 3 ? { ...p, publishedDate: '2026-02-30' } : p)),
    }));
    const slug = (await import('@/lib/content')).getPosts()[0]!.slug;
    const route = await import('@/app/api/public/posts/[slug]/route');
    expect(route.generateStaticParams()).toContainEqual({ slug });
    await expect(route.GET(new Request('http://x/'), { params: Promise.resolve({ slug }) })).rejects.toThrow(/publishedDate/);
  });
});
