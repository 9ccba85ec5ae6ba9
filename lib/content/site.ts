import { z } from 'zod';
import { config } from '@/lib/env';
import { siteDocument } from './source';

const SiteFile = z.strictObject({
  name: z.string().min(1),
  description: z.string().min(1),
  email: z.email(),
  address: z.strictObject({ addressLocality: z.string(), addressRegion: z.string(), addressCountry: z.string() }),
  sameAs: z.array(z.url()).optional(),
  press: z.strictObject({ pressOutletA: z.url(), pressOutletB: z.url(), launchLink: z.url() }),
});

export type SiteInfo = z.infer<typeof SiteFile> & { url: string; downloadUrl: string };

const { _id, _raw, type, ...fields } = siteDocument;
void _id; void _raw; void type;
const parsed = SiteFile.parse(fields);

/**
 * Site identity and every outside address (contact e-mail, profiles, press), from content/site.yaml,
 * the one file a deployment edits (README, Deploy); `url` is SITE_URL and `downloadUrl` the web app's
 * install page on it (there is no app-store listing).
 */
export function getSite(): SiteInfo {
  return { ...parsed, url: config().siteUrl, downloadUrl: absoluteUrl('/install') };
}

/**
 * True for an address on a host reserved for documentation (RFC 2606 / RFC 6761: `.example`,
 * `.test`, `.invalid`, `example.com|net|org`): a sample value a deployment has not replaced yet.
 * Pages never link such an address; the Content API serves content/site.yaml as it is.
 */
export function isPlaceholderAddress(urlOrEmail: string): boolean {
  let host: string;
  if (urlOrEmail.includes('@') && !urlOrEmail.includes('://')) host = urlOrEmail.slice(urlOrEmail.lastIndexOf('@') + 1);
  else {
    try {
      host = new URL(urlOrEmail).hostname;
    } catch {
      return true;
    }
  }
  return /(?:^|\.)(?:example|test|invalid)\.?$|(?:^|\.)example\.(?:com|net|org)\.?$/i.test(host);
}

/** Copy names the contact address as `{{CONTACT_EMAIL}}`, so it is written once, in content/site.yaml. */
export function fillSiteFacts(text: string): string {
  return text.replaceAll('{{CONTACT_EMAIL}}', parsed.email);
}

/**
 * An absolute URL on the site for a site-relative path. The path is kept on the site even when it
 * comes from a request: leading slashes or backslashes would otherwise make it protocol-relative.
 */
export function absoluteUrl(path: string): string {
  const onSite = '/' + path.replace(/^[/\\]+/, '').replaceAll('\\', '%5C');
  return new URL(onSite, config().siteUrl + '/').toString();
}
