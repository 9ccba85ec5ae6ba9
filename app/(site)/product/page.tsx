import type { Metadata } from 'next';
import Link from 'next/link';
import { getPage, getProduct, getSite } from '@/lib/content';
import { integrationCatalogue } from '@/lib/content/integration-catalogue';
import { softwareApplicationJsonLd } from '@/lib/seo/json-ld';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { CopyPage } from '../_components/copy-page';
import { IntegrationList } from '../_components/integration-list';
import { JsonLd } from '../_components/json-ld';
import { GET_STARTED_PATH } from '../_components/navigation';

export const dynamic = 'force-static';

export function generateMetadata(): Metadata {
  return metadataForPage('product');
}

export default function ProductPage() {
  const page = getPage('product');
  const product = getProduct();
  // The product record lists integrations by name; the catalogue says what each one syncs.
  const integrations = integrationCatalogue.filter((i) => product.integrations.includes(i.name));
  return (
    <CopyPage page={page}>
      <JsonLd data={softwareApplicationJsonLd(product, getSite(), page.url)} />
      <p>
        See it working: <Link href="/#hero-title">a demo athlete&rsquo;s week in an agent</Link>, with the reason a session changed, and{' '}
        <Link href="/#progress">five weeks of progress</Link>.
      </p>
      <section className="section" aria-labelledby="integrations-title">
        <h2 id="integrations-title">Integrations</h2>
        <IntegrationList integrations={integrations} />
        <p>
          <Link href="/integrations">How integrations work</Link>
        </p>
      </section>
      <section className="section cta" aria-labelledby="start-title">
        <h2 id="start-title">Start with {product.name}</h2>
        <p>
          Create an account, then <Link href="/agents">connect your AI agent</Link>: it sets up your profile and your first plan with you.
          On a phone, you can also <a href="/install">install the web app</a> from the browser; there is no App Store or Google Play app.
          Connecting is free; the coaching needs a <Link href="/#pricing">subscription</Link>. The full feature list is on the{' '}
          <Link href="/">home page</Link>.
        </p>
        <p className="actions">
          <a className="button button-primary" href={GET_STARTED_PATH}>
            Get started
          </a>
        </p>
      </section>
    </CopyPage>
  );
}
