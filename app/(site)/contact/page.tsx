import type { Metadata } from 'next';
import { getPage, getSite, isPlaceholderAddress } from '@/lib/content';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { CopyPage } from '../_components/copy-page';

export const dynamic = 'force-static';

export function generateMetadata(): Metadata {
  return metadataForPage('contact');
}

export default function ContactPage() {
  const site = getSite();
  const { addressLocality, addressRegion, addressCountry } = site.address;
  return (
    <CopyPage
      page={getPage('contact')}
      aside={
        <aside className="card contact-card sidebar" aria-labelledby="write-title">
          <h2 id="write-title">Write to us</h2>
          <p>
            {isPlaceholderAddress(site.email) ? (
              <strong>{site.email}</strong>
            ) : (
              <a className="button button-primary" href={`mailto:${site.email}`}>
                {site.email}
              </a>
            )}
          </p>
          <address>
            {site.name}, {addressLocality}, {addressRegion}, {addressCountry}
          </address>
        </aside>
      }
    />
  );
}
