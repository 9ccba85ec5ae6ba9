import type { Metadata } from 'next';
import { getPage } from '@/lib/content';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { CopyPage } from '../_components/copy-page';

export const dynamic = 'force-static';

export function generateMetadata(): Metadata {
  return metadataForPage('press');
}

// No coverage links: the press URLs in content/site.yaml are the Content API's sample values
// (placeholder hosts), not articles a reader could open. The API still serves them.
export default function PressPage() {
  return <CopyPage page={getPage('press')} />;
}
