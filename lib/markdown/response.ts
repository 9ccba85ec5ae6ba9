import { createHash } from 'node:crypto';
import { absoluteUrl } from '@/lib/content';
import { CONTENT_SIGNAL } from '@/lib/web/content-signal';

/**
 * Headers of every Markdown response; `Vary: Accept` keeps it apart from the HTML in shared caches.
 * With the body: its length (so HEAD tells the size GET will send), its ETag, and an estimate of its
 * tokens (`x-markdown-tokens`) so an agent can budget its context before reading it.
 */
export function markdownHeaders(htmlPath: string, body?: string): Record<string, string> {
  return {
    ...(body === undefined
      ? {}
      : { ETag: markdownEtag(body), 'Content-Length': String(byteLength(body)), 'x-markdown-tokens': String(markdownTokens(body)) }),
    'Content-Signal': CONTENT_SIGNAL,
    'Content-Type': 'text/markdown; charset=utf-8',
    Vary: 'Accept',
    Link: `<${absoluteUrl(htmlPath)}>; rel="canonical"; type="text/html"`,
    'Cache-Control': 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400',
    'X-Content-Type-Options': 'nosniff',
  };
}

/**
 * Headers of a Markdown 404 or 406: no validator, no canonical link to the path asked for, and kept
 * by shared caches for a minute only (random paths would otherwise fill them for an hour each).
 */
export function markdownErrorHeaders(body: string): Record<string, string> {
  const { ETag: _etag, Link: _link, ...headers } = markdownHeaders('/', body);
  return { ...headers, 'Cache-Control': 'public, max-age=60, s-maxage=60' };
}

/** A strong validator of a Markdown body, so caches and clients can revalidate it with If-None-Match. */
export function markdownEtag(body: string): string {
  return `"md-${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

/**
 * Estimated tokens of a Markdown body: one token per four characters, the usual rule of thumb for
 * English text with BPE tokenizers (exact counts differ by model; this is for budgeting only).
 */
export function markdownTokens(body: string): number {
  return Math.ceil(body.length / 4);
}
