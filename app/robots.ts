import type { MetadataRoute } from 'next';
import { absoluteUrl } from '@/lib/content';

export default function robots(): MetadataRoute.Robots {
  return {
    // Crawlers (AI crawlers included) are welcome on public pages; personal pages are not for indexing.
    rules: [{ userAgent: '*', allow: '/', disallow: ['/account', '/device', '/sign-in', '/sign-up', '/consent', '/checkout', '/api/oidc/'] }],
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
