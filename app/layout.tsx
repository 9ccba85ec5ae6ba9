import type { Metadata, Viewport } from 'next';
import { absoluteUrl, getSite } from '@/lib/content';
import { organizationJsonLd } from '@/lib/seo/json-ld';
import { FEED_PATH } from '@/lib/seo/metadata';
import { JsonLd } from './(site)/_components/json-ld';
import './globals.css';

export function generateMetadata(): Metadata {
  const site = getSite();
  return {
    metadataBase: new URL(site.url),
    title: { default: site.name, template: `%s · ${site.name}` },
    description: site.description,
    applicationName: site.name,
    // Pages replace `alternates` with their own (lib/seo/metadata.ts repeats the feed link there).
    alternates: { types: { 'application/rss+xml': [{ url: FEED_PATH, title: `${site.name} blog` }] } },
    openGraph: { type: 'website', siteName: site.name, locale: 'en_US' },
    twitter: { card: 'summary_large_image' },
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#0f1419' },
  ],
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        {children}
        <JsonLd data={organizationJsonLd(getSite(), { logoUrl: absoluteUrl('/logo.png') })} />
      </body>
    </html>
  );
}
