import { ImageResponse } from 'next/og';
import { OgLogo } from '../_components/og-card';

export const dynamic = 'force-static';

/** The square logo named by the Organization structured data. */
export function GET() {
  return new ImageResponse(<OgLogo size={512} />, { width: 512, height: 512 });
}
