import { ImageResponse } from 'next/og';
import { getProduct, getSite } from '@/lib/content';
import { OG_SIZE, OgCard } from './(site)/_components/og-card';

export const alt = 'Pacewise, the adaptive strength-and-running coach';
export const size = OG_SIZE;
export const contentType = 'image/png';
export const dynamic = 'force-static';

/** The site-wide share card: tagline and the first features, all from content/. */
export default function Image() {
  const site = getSite();
  const product = getProduct();
  const { addressLocality, addressRegion } = site.address;
  return new ImageResponse(
    <OgCard
      siteName={site.name}
      kicker={`${product.applicationSubCategory ?? 'Coaching'} for ${product.operatingSystem.replace(', ', ' and ')}`}
      title={product.tagline}
      subtitle={product.features
        .slice(0, 3)
        .map((f) => f.name)
        .join(' · ')}
      host={new URL(site.url).host}
      place={`${addressLocality}, ${addressRegion}`}
    />,
    size,
  );
}
