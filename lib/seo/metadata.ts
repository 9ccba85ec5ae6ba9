// Per-page <head> metadata, built the same way for every page so none forgets its canonical URL,
// Markdown twin, feed link or share card.
import type { Metadata } from 'next';
import { markdownTwinPath } from './markdown-twin';

export const FEED_PATH = '/feed.xml';

/** The site-wide share card (app/opengraph-image.tsx); outside any route group, so its URL has no suffix. */
export const SITE_OG_IMAGE = { url: '/opengraph-image', width: 1200, height: 630, type: 'image/png' } as const;

export type PageMetadataInput = {
  siteName: string;
  /** Site-relative path of the page, beginning with `/`. */
  path: string;
  title: string;
  description: string;
  /**
   * 'site' names the site-wide share card; 'segment' leaves `images` unset so the route segment's own
   * opengraph-image file is used (Next only adds file images when the page does not set `images`);
   * an object names a card of the page's own (1200x630 PNG).
   */
  image?: 'site' | 'segment' | { url: string; alt: string };
  article?: { publishedTime: string; authors: string[]; tags: string[] };
};

/** Longest <title> and meta description search results show in full. */
export const TITLE_MAX = 60;
export const DESCRIPTION_MAX = 160;

/**
 * A title that already names the site stands alone; any other gets the site name appended when the
 * whole still fits in TITLE_MAX characters (a longer one would be cut off in results anyway).
 */
export function fullTitle(title: string, siteName: string): string {
  const withSite = `${title} · ${siteName}`;
  return title.includes(siteName) || withSite.length > TITLE_MAX ? title : withSite;
}

/**
 * The meta description: the text itself when it fits in DESCRIPTION_MAX characters, otherwise its
 * leading whole sentences that fit, otherwise its leading words and an ellipsis. Summaries on the
 * page and in the API stay whole; only the snippet a search result shows is shortened.
 */
export function metaDescription(text: string, max = DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  // Sentences end at . ! or ? followed by a space ("1.06" is not an end), taken from the start only.
  const sentences = clean.split(/(?<=[.!?])\s+/);
  let fit = '';
  for (const sentence of sentences) {
    if (!/[.!?]$/.test(sentence)) break;
    const next = fit ? `${fit} ${sentence}` : sentence;
    if (next.length > max) break;
    fit = next;
  }
  if (fit) return fit;
  const words = clean
    .slice(0, max - 1)
    .replace(/\s+\S*$/, '')
    .replace(/[,;:\s]+$/, '');
  return `${words}…`;
}

/** Alternate links every page carries: its Markdown twin and the blog feed. */
export function alternateTypes(path: string, siteName: string): NonNullable<Metadata['alternates']>['types'] {
  return {
    'text/markdown': markdownTwinPath(path),
    'application/rss+xml': [{ url: FEED_PATH, title: `${siteName} blog` }],
  };
}

export function pageMetadata(input: PageMetadataInput): Metadata {
  const { siteName, path, article } = input;
  const description = metaDescription(input.description);
  const title = fullTitle(input.title, siteName);
  const image = input.image ?? 'site';
  const images =
    image === 'site'
      ? { images: [{ ...SITE_OG_IMAGE, alt: `${siteName}: ${input.title}` }] }
      : image === 'segment'
        ? {}
        : { images: [{ url: image.url, width: SITE_OG_IMAGE.width, height: SITE_OG_IMAGE.height, type: 'image/png', alt: image.alt }] };
  return {
    title: { absolute: title },
    description,
    alternates: { canonical: path, types: alternateTypes(path, siteName) },
    openGraph: article
      ? { type: 'article', url: path, siteName, title, description, locale: 'en_US', ...images, ...article }
      : { type: 'website', url: path, siteName, title, description, locale: 'en_US', ...images },
    // Twitter falls back to the Open Graph images, so the card shows the same picture.
    twitter: { card: 'summary_large_image', title, description },
  };
}
