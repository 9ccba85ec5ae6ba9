import type { MetadataRoute } from 'next';
import { getPosts, getSitePages, pageLastUpdated } from '@/lib/content';

/** Every HTML page and post with its last change (app/sitemap.ts serves it as /sitemap.xml). */
export function sitemapEntries(): MetadataRoute.Sitemap {
  return [
    ...getSitePages().map((page) => {
      // Pages that list posts change whenever a post is published.
      const listsPosts = page.slug === 'home' || page.slug === 'blog';
      return {
        url: page.url,
        lastModified: pageLastUpdated(page),
        changeFrequency: listsPosts ? ('weekly' as const) : ('monthly' as const),
        priority: page.slug === 'home' ? 1 : 0.7,
      };
    }),
    ...getPosts().map((post) => ({ url: post.url, lastModified: post.publishedDate, changeFrequency: 'yearly' as const, priority: 0.6 })),
  ];
}
