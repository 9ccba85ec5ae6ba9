// RSS 2.0 document for the blog. Small enough to write out directly; every text node is escaped.
export type RssChannel = {
  title: string;
  /** Absolute URL of the site (or blog index). */
  link: string;
  description: string;
  /** Absolute URL the feed itself is served from (atom:link rel="self"). */
  feedUrl: string;
  language: string;
};

export type RssItem = {
  title: string;
  /** Absolute URL of the post; also its permalink guid. */
  link: string;
  description: string;
  /** YYYY-MM-DD */
  publishedDate: string;
  author?: string;
  categories: string[];
};

// Characters XML 1.0 forbids anywhere, even escaped.
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** RFC 822 date (what RSS 2.0 requires) for a calendar day, at midnight UTC. */
export function rfc822Date(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a YYYY-MM-DD date: ${isoDay}`);
  return date.toUTCString();
}

function element(name: string, text: string, attributes = ''): string {
  return `<${name}${attributes}>${escapeXml(text)}</${name}>`;
}

/** Items are written in the order given (callers pass newest first). */
export function buildRssFeed(channel: RssChannel, items: RssItem[]): string {
  const newest = items.reduce<string | undefined>((max, i) => (!max || i.publishedDate > max ? i.publishedDate : max), undefined);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    element('language', channel.language),
    `<atom:link href="${escapeXml(channel.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    // The newest post date, not the build time: the same content gives the same feed.
    ...(newest ? [element('lastBuildDate', rfc822Date(newest))] : []),
    ...items.map((item) =>
      [
        '<item>',
        element('title', item.title),
        element('link', item.link),
        element('guid', item.link, ' isPermaLink="true"'),
        element('pubDate', rfc822Date(item.publishedDate)),
        element('description', item.description),
        ...(item.author ? [element('dc:creator', item.author)] : []),
        ...item.categories.map((c) => element('category', c)),
        '</item>',
      ].join(''),
    ),
    '</channel>',
    '</rss>',
    '',
  ];
  return lines.join('\n');
}
