import type { Metadata } from 'next';
import { getPage } from '@/lib/content';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { CopyPage } from '../_components/copy-page';

export const dynamic = 'force-static';

export function generateMetadata(): Metadata {
  return metadataForPage('developers');
}

/** The developer material that used to fill /agents: CLI, device flow, stdio bridges, scopes. */
export default function DevelopersPage() {
  return <CopyPage page={getPage('developers')} />;
}
