// Metadata for the site's pages, read from lib/content (kept apart from metadata.ts, which stays pure).
import type { Metadata } from 'next';
import { getPage, getSite, type Post } from '@/lib/content';
import { pageMetadata } from './metadata';

export function metadataForPage(slug: string): Metadata {
  const page = getPage(slug);
  return pageMetadata({ siteName: getSite().name, path: page.path, title: page.title, description: page.description });
}

/** A post's own card (app/(site)/blog/[slug]/card.png): its share card and its BlogPosting image. */
export function postCardPath(post: Pick<Post, 'path'>): string {
  return `${post.path}/card.png`;
}

/** Posts use their own share card. */
export function metadataForPost(post: Post): Metadata {
  return pageMetadata({
    siteName: getSite().name,
    path: post.path,
    title: post.title,
    description: post.summary,
    image: { url: postCardPath(post), alt: `Title card of the post "${post.title}"` },
    article: { publishedTime: post.publishedDate, authors: [post.author], tags: post.tags },
  });
}
