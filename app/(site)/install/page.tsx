import type { Metadata } from 'next';
import { getPage } from '@/lib/content';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { CopyPage } from '../_components/copy-page';

export const dynamic = 'force-static';

export function generateMetadata(): Metadata {
  return metadataForPage('install');
}

export default function InstallPage() {
  return <CopyPage page={getPage('install')} />;
}
