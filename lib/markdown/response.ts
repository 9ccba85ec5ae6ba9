import { absoluteUrl } from '@/lib/content';

/** Headers of every Markdown response; `Vary: Accept` keeps it apart from the HTML in shared caches. */
export function markdownHeaders(htmlPath: string): HeadersInit {
  return {
    'Content-Type': 'text/markdown; charset=utf-8',
    Vary: 'Accept',
    Link: `<${absoluteUrl(htmlPath)}>; rel="canonical"; type="text/html"`,
    'Cache-Control': 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400',
    'X-Content-Type-Options': 'nosniff',
  };
}
