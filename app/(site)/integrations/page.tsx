import type { Metadata } from 'next';
import { getPage } from '@/lib/content';
import { integrationCatalogue } from '@/lib/content/integration-catalogue';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { CopyPage } from '../_components/copy-page';
import { IntegrationList } from '../_components/integration-list';
import { Prose, splitAtFirstSection } from '../_components/prose';

export const dynamic = 'force-static';

export function generateMetadata(): Metadata {
  return metadataForPage('integrations');
}

export default function IntegrationsPage() {
  const page = getPage('integrations');
  const { intro, sections } = splitAtFirstSection(page.html);
  return (
    <CopyPage page={page} html={intro}>
      <section className="section" aria-labelledby="catalogue-title">
        <h2 id="catalogue-title">Available integrations</h2>
        <IntegrationList integrations={integrationCatalogue} />
      </section>
      <Prose html={sections} />
    </CopyPage>
  );
}
