import { describe, expect, it } from 'vitest';
import { markdownTwinPath } from '@/lib/seo/markdown-twin';
import { DESCRIPTION_MAX, fullTitle, metaDescription, pageMetadata, TITLE_MAX } from '@/lib/seo/metadata';
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
    const m = pageMetadata({
      ...base,
      path: '/blog/x',
      image: 'segment',
      article: { publishedTime: '2026-01-01', authors: ['Team'], tags: ['a'] },
    });
    expect(m.openGraph).not.toHaveProperty('images');
    expect(m.openGraph).toMatchObject({ type: 'article', publishedTime: '2026-01-01' });
  });

  it("names a page's own card when given one, for Open Graph (and so Twitter)", () => {
    const m = pageMetadata({
      ...base,
      path: '/blog/x',
      image: { url: '/blog/x/card.png', alt: 'Card' },
      article: { publishedTime: '2026-01-01', authors: ['Team'], tags: [] },
    });
    expect((m.openGraph as { images: unknown[] }).images).toEqual([
      { url: '/blog/x/card.png', width: 1200, height: 630, type: 'image/png', alt: 'Card' },
    ]);
  });

  it('does not repeat the site name in a title that already has it', () => {
    expect(fullTitle('Pacewise: the coach', 'Pacewise')).toBe('Pacewise: the coach');
    expect(fullTitle('Press', 'Pacewise')).toBe('Press · Pacewise');
  });

  it('keeps titles within 60 characters: the site name is left off a title it would push over', () => {
    const long = 'Resting heart rate and HRV as readiness signals, explained';
    expect(long.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(fullTitle(long, 'Pacewise')).toBe(long);
    const fits = 'A'.repeat(TITLE_MAX - ' · Pacewise'.length);
    expect(fullTitle(fits, 'Pacewise')).toBe(`${fits} · Pacewise`);
    expect(fullTitle(`${fits}B`, 'Pacewise')).toBe(`${fits}B`);
  });

  it('fits descriptions in 160 characters: whole sentences first, else words and an ellipsis', () => {
    const short = 'Answers about plans.';
    expect(metaDescription(short)).toBe(short);
    expect(metaDescription(`  ${short}\n `)).toBe(short);
    const exact = 'x'.repeat(DESCRIPTION_MAX);
    expect(metaDescription(exact)).toBe(exact);
    const twoSentences = `${'First sentence is long enough to matter here, about eighty characters in all.'} ${'Second sentence pushes the whole text well past the limit of one hundred and sixty characters.'}`;
    expect(twoSentences.length).toBeGreaterThan(DESCRIPTION_MAX);
    expect(metaDescription(twoSentences)).toBe('First sentence is long enough to matter here, about eighty characters in all.');
    // A decimal point is not the end of a sentence; sentences are taken from the start only.
    const decimal = `Riegel's formula predicts a time from a time with a ${'1.06'} power law and a long list of caveats that runners should read before trusting it on race day. Worked examples follow.`;
    expect(decimal.length).toBeGreaterThan(DESCRIPTION_MAX);
    const fitted = metaDescription(decimal);
    expect(decimal.startsWith(fitted.replace(/…$/, ''))).toBe(true);
    expect(fitted.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    const oneLong = `What VDOT is, how Daniels and Gilbert turned a race result into a single fitness number, a worked 5K example, and why Pacewise builds your running paces from it today.`;
    const cut = metaDescription(oneLong);
    expect(cut.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(cut.endsWith('…')).toBe(true);
    expect(oneLong.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut).not.toMatch(/[\s,]…$/);
    // A word is never cut in half.
    expect(oneLong.slice(cut.length - 1, cut.length)).toMatch(/^[\s,]$/);
  });

  it('puts the fitted description in the meta, Open Graph and Twitter fields alike', () => {
    const long = `${'Word '.repeat(40).trim()}.`;
    const m = pageMetadata({ ...base, path: '/x', description: long });
    expect((m.description as string).length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(m.openGraph?.description).toBe(m.description);
    expect(m.twitter?.description).toBe(m.description);
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
