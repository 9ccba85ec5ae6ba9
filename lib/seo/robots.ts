// /robots.txt: crawlers (AI crawlers included) are welcome on public pages; pages where a person
// signs in, approves an agent, pays or reads their own data, and the OAuth, MCP and private API
// endpoints, are not for crawling.
import { absoluteUrl } from '@/lib/content';
import { CONTENT_SIGNAL } from '@/lib/web/content-signal';

/** Paths that exist and are private (prefixes; a trailing slash keeps /accounting-like pages allowed). */
export const PRIVATE_PATHS = [
  '/account',
  '/sign-in',
  '/sign-up',
  '/device',
  '/interaction/',
  '/checkout/',
  '/api/auth/',
  '/api/billing/',
  '/authorize',
  '/token',
  '/register',
  '/device_authorization',
  '/revoke',
  '/mcp',
] as const;

export function robotsTxt(): string {
  return [
    "# Content signals (https://contentsignals.org/): what automated use of this site's content is allowed.",
    '# search=yes: building a search index and showing links and short excerpts is allowed.',
    "# ai-input=yes: reading pages to answer a person's question (retrieval, agents) is allowed.",
    '# ai-train=no: training or fine-tuning AI models on this content is not allowed.',
    'User-Agent: *',
    `Content-Signal: ${CONTENT_SIGNAL}`,
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml')}`,
    '',
  ].join('\n');
}
