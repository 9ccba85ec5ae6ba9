import { describe, expect, it } from 'vitest';
import { buildRssFeed, escapeXml, rfc822Date } from '@/lib/seo/rss';

const channel = {
  title: 'Pacewise blog',
  link: 'https://pacewise.example/blog',
  description: 'Articles.',
  feedUrl: 'https://pacewise.example/feed.xml',
  language: 'en-us',
};

describe('rfc822Date', () => {
  it('writes a calendar day as midnight UTC in RFC 822 form', () => {
    expect(rfc822Date('2026-04-30')).toBe('Thu, 30 Apr 2026 00:00:00 GMT');
  });

  it('refuses what is not a date', () => {
    expect(() => rfc822Date('someday')).toThrow(/YYYY-MM-DD/);
  });
});

describe('escapeXml', () => {
  it('escapes markup characters and drops characters XML forbids', () => {
    expect(escapeXml(`a < b & "c" > 'd'\u0001`)).toBe('a &lt; b &amp; &quot;c&quot; &gt; &apos;d&apos;');
  });
});

describe('buildRssFeed', () => {
  const items = [
    {
      title: 'Newer & better',
      link: 'https://pacewise.example/blog/b',
      description: 'B <b>',
      publishedDate: '2026-05-02',
      author: 'Team',
      categories: ['running', 'paces'],
    },
    { title: 'Older', link: 'https://pacewise.example/blog/a', description: 'A', publishedDate: '2026-04-01', categories: [] },
  ];
  const xml = buildRssFeed(channel, items);

  it('is an RSS 2.0 document with a self link and the newest post date as lastBuildDate', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain('<atom:link href="https://pacewise.example/feed.xml" rel="self" type="application/rss+xml"/>');
    expect(xml).toContain('<lastBuildDate>Sat, 02 May 2026 00:00:00 GMT</lastBuildDate>');
    expect(xml.trimEnd().endsWith('</rss>')).toBe(true);
  });

  it('writes one escaped item per post, in the order given, with a permalink guid', () => {
    expect(xml.match(/<item>/g)).toHaveLength(2);
    expect(xml.indexOf('Newer &amp; better')).toBeLessThan(xml.indexOf('<title>Older</title>'));
    expect(xml).toContain('<description>B &lt;b&gt;</description>');
    expect(xml).toContain('<guid isPermaLink="true">https://pacewise.example/blog/b</guid>');
    expect(xml).toContain('<dc:creator>Team</dc:creator><category>running</category><category>paces</category>');
    expect(xml).not.toContain('<dc:creator></dc:creator>');
  });

  it('has no lastBuildDate when there is nothing to date it by', () => {
    expect(buildRssFeed(channel, [])).not.toContain('lastBuildDate');
  });
});
