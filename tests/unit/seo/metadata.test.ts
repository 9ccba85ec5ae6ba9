import { describe, expect, it } from 'vitest';
import { markdownTwinPath } from '@/lib/seo/markdown-twin';
import { fullTitle, pageMetadata } from '@/lib/seo/metadata';
import { adjacentPosts, relatedPosts } from '@/lib/seo/related';

describe('markdownTwinPath', () => {
  it.each([
    ['/', '/index.md'],
    ['/product', '/product.md'],
    ['/blog/vdot-explained', '/blog/vdot-explained.md'],
    ['/faq/', '/faq.md'],
  ])('%s -> %s', (path, twin) => expect(markdownTwinPath(path)).toBe(twin));
});

describe('pageMetadata', () => {
  const base = { siteName: 'Pacewise', title: 'Frequently asked questions', description: 'Answers.' };

  it('gives every page a canonical URL, its Markdown twin, the feed and cards', () => {
    const m = pageMetadata({ ...base, path: '/faq' });
    expect(m.title).toEqual({ absolute: 'Frequently asked questions · Pacewise' });
    expect(m.alternates?.canonical).toBe('/faq');
    expect(m.alternates?.types?.['text/markdown']).toBe('/faq.md');
    expect(m.alternates?.types?.['application/rss+xml']).toEqual([{ url: '/feed.xml', title: 'Pacewise blog' }]);
    expect(m.openGraph).toMatchObject({ type: 'website', url: '/faq', title: 'Frequently asked questions · Pacewise' });
    expect((m.openGraph as { images: { url: string }[] }).images[0]!.url).toBe('/opengraph-image');
    expect(m.twitter).toMatchObject({ card: 'summary_large_image' });
  });

  it('leaves images unset for segment cards, so the route segment supplies its own', () => {
    const m = pageMetadata({ ...base, path: '/blog/x', image: 'segment', article: { publishedTime: '2026-01-01', authors: ['Team'], tags: ['a'] } });
    expect(m.openGraph).not.toHaveProperty('images');
    expect(m.openGraph).toMatchObject({ type: 'article', publishedTime: '2026-01-01' });
  });

  it('does not repeat the site name in a title that already has it', () => {
    expect(fullTitle('Pacewise: the coach', 'Pacewise')).toBe('Pacewise: the coach');
    expect(fullTitle('Press', 'Pacewise')).toBe('Press · Pacewise');
  });
});

describe('adjacentPosts and relatedPosts', () => {
  const posts = [
    { slug: 'e', publishedDate: '2026-05-01', tags: ['running'] },
    { slug: 'd', publishedDate: '2026-04-01', tags: ['running', 'paces'] },
    { slug: 'c', publishedDate: '2026-03-01', tags: ['strength'] },
    { slug: 'b', publishedDate: '2026-02-01', tags: ['running', 'paces'] },
    { slug: 'a', publishedDate: '2026-01-01', tags: ['paces'] },
  ];

  it('finds the newer and older neighbours in a newest-first list', () => {
    expect(adjacentPosts(posts, 'c')).toEqual({ newer: posts[1], older: posts[3] });
    expect(adjacentPosts(posts, 'e').newer).toBeUndefined();
    expect(adjacentPosts(posts, 'a').older).toBeUndefined();
    expect(adjacentPosts(posts, 'zzz')).toEqual({});
  });

  it('ranks by shared tags, then recency, skipping the post itself and excluded ones', () => {
    expect(relatedPosts(posts, posts[1]!).map((p) => p.slug)).toEqual(['b', 'e', 'a']);
    expect(relatedPosts(posts, posts[1]!, 3, ['b']).map((p) => p.slug)).toEqual(['e', 'a']);
    expect(relatedPosts(posts, posts[2]!)).toEqual([]);
  });
});
