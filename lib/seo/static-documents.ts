// Validators for the site's generated documents (llms.txt, llms-full.txt, robots.txt, sitemap.xml,
// feed.xml). Their content changes only on deploy, so each has a strong ETag computed from what it
// is built from; proxy.ts sets it on the response and answers a matching If-None-Match with 304.
import { createHash } from 'node:crypto';
import { llmsFullTxt, llmsTxt } from '@/lib/markdown/llms-txt';
import { feedXml } from './feed';
import { sitemapEntries } from './sitemap';
import { robotsTxt } from '@/lib/seo/robots';

export const DOCUMENT_CACHE_CONTROL = 'public, max-age=300, s-maxage=3600';
/** The sitemap keeps what Next gives it (revalidate every time; the ETag makes that a 304). */
const SITEMAP_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

export function documentCacheControl(pathname: string): string {
  return pathname === '/sitemap.xml' ? SITEMAP_CACHE_CONTROL : DOCUMENT_CACHE_CONTROL;
}

/** What each document is built from: its body, or for the sitemap (serialized by Next) its entries. */
const SOURCES: Record<string, () => string> = {
  '/llms.txt': llmsTxt,
  '/llms-full.txt': llmsFullTxt,
  '/robots.txt': robotsTxt,
  '/feed.xml': feedXml,
  '/sitemap.xml': () => JSON.stringify(sitemapEntries()),
};

// The sources are fixed for a build, so each tag is computed once per server instance.
const tags = new Map<string, string>();

export function documentEtag(pathname: string): string | undefined {
  const source = SOURCES[pathname];
  if (!source) return undefined;
  let tag = tags.get(pathname);
  if (!tag) {
    tag = `"${createHash('sha256').update(source()).digest('base64url').slice(0, 27)}"`;
    tags.set(pathname, tag);
  }
  return tag;
}

/** A text document's response with its validator (the route handlers of llms*.txt, robots and feed). */
export function documentResponse(pathname: string, body: string, contentType: string, extra: Record<string, string> = {}): Response {
  return new Response(body, {
    headers: { 'Content-Type': contentType, 'Cache-Control': DOCUMENT_CACHE_CONTROL, ETag: documentEtag(pathname)!, ...extra },
  });
}
