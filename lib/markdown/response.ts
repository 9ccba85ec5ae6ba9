import { createHash } from 'node:crypto';
import { absoluteUrl } from '@/lib/content';

/** Headers of every Markdown response; `Vary: Accept` keeps it apart from the HTML in shared caches. */
export function markdownHeaders(htmlPath: string, body?: string): Record<string, string> {
  return {
    ...(body === undefined ? {} : { ETag: markdownEtag(body) }),
    'Content-Type': 'text/markdown; charset=utf-8',
    Vary: 'Accept',
    Link: `<${absoluteUrl(htmlPath)}>; rel="canonical"; type="text/html"`,
    'Cache-Control': 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400',
    'X-Content-Type-Options': 'nosniff',
  };
}

/** A strong validator of a Markdown body, so caches and clients can revalidate it with If-None-Match. */
export function markdownEtag(body: string): string {
  return `"md-${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}
