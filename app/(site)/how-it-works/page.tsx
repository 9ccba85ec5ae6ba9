import type { Metadata } from 'next';
import { getPage } from '@/lib/content';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { CopyPage } from '../_components/copy-page';
import { ProductShowcase } from '../_components/product-showcase';

export const dynamic = 'force-static';

export function generateMetadata(): Metadata {
  return metadataForPage('how-it-works');
}

export default function HowItWorksPage() {
  return (
    <CopyPage page={getPage('how-it-works')}>
      <ProductShowcase />
    </CopyPage>
  );
}
