import type { MetadataRoute } from 'next';
import { getPosts, getSitePages } from '@/lib/content';

export default function sitemap(): MetadataRoute.Sitemap {
  const posts = getPosts();
  const newestPost = posts[0]?.publishedDate;
  return [
    ...getSitePages().map((page) => {
      // Pages that list posts change whenever a post is published.
      const listsPosts = page.slug === 'home' || page.slug === 'blog';
      const lastModified = listsPosts && newestPost && newestPost > page.updated ? newestPost : page.updated;
      return { url: page.url, lastModified, changeFrequency: listsPosts ? ('weekly' as const) : ('monthly' as const), priority: page.slug === 'home' ? 1 : 0.7 };
    }),
    ...posts.map((post) => ({ url: post.url, lastModified: post.publishedDate, changeFrequency: 'yearly' as const, priority: 0.6 })),
  ];
}
