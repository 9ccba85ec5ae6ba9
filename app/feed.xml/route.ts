import { absoluteUrl, getPosts, getSite } from '@/lib/content';
import { buildRssFeed } from '@/lib/seo/rss';

export const dynamic = 'force-static';

export function GET() {
  const site = getSite();
  const xml = buildRssFeed(
    {
      title: `${site.name} blog`,
      link: absoluteUrl('/blog'),
      description: `Articles from ${site.name} on strength and running training, adaptive coaching, health data and AI agents.`,
      feedUrl: absoluteUrl('/feed.xml'),
      language: 'en-us',
    },
    getPosts().map((p) => ({ title: p.title, link: p.url, description: p.summary, publishedDate: p.publishedDate, author: p.author, categories: p.tags })),
  );
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
}
