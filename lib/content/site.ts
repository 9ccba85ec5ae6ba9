import { z } from 'zod';
import { config } from '@/lib/env';
import { siteDocument } from './source';

const SiteFile = z.strictObject({
  name: z.string().min(1),
  description: z.string().min(1),
  email: z.email(),
  address: z.strictObject({ addressLocality: z.string(), addressRegion: z.string(), addressCountry: z.string() }),
  sameAs: z.array(z.url()).optional(),
  downloadUrl: z.url(),
  press: z.strictObject({ pressOutletA: z.url(), pressOutletB: z.url(), launchLink: z.url() }),
});

export type SiteInfo = z.infer<typeof SiteFile> & { url: string };

const { _id, _raw, type, ...fields } = siteDocument;
void _id; void _raw; void type;
const parsed = SiteFile.parse(fields);

/** Site identity and every third-party URL, from content/site.yaml; `url` is SITE_URL. */
export function getSite(): SiteInfo {
  return { ...parsed, url: config().siteUrl };
}

/**
 * An absolute URL on the site for a site-relative path. The path is kept on the site even when it
 * comes from a request: leading slashes or backslashes would otherwise make it protocol-relative.
 */
export function absoluteUrl(path: string): string {
  const onSite = '/' + path.replace(/^[/\\]+/, '').replaceAll('\\', '%5C');
  return new URL(onSite, config().siteUrl + '/').toString();
}
