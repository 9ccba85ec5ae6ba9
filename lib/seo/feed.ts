import { absoluteUrl, getPosts, getSite } from '@/lib/content';
import { buildRssFeed } from './rss';

/** The blog as RSS 2.0 (/feed.xml). */
export function feedXml(): string {
  const site = getSite();
  return buildRssFeed(
    {
      title: `${site.name} blog`,
      link: absoluteUrl('/blog'),
      description: `Articles from ${site.name} on strength and running training, adaptive coaching, health data and AI agents.`,
      feedUrl: absoluteUrl('/feed.xml'),
      language: 'en-us',
    },
    getPosts().map((p) => ({
      title: p.title,
      link: p.url,
      description: p.summary,
      publishedDate: p.publishedDate,
      author: p.author,
      categories: p.tags,
    })),
  );
}
