import type { Metadata } from 'next';
import Link from 'next/link';
import { getPage, getProduct, getSite } from '@/lib/content';
import { integrationCatalogue } from '@/lib/content/integration-catalogue';
import { softwareApplicationJsonLd } from '@/lib/seo/json-ld';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { CopyPage } from '../_components/copy-page';
import { IntegrationList } from '../_components/integration-list';
import { JsonLd } from '../_components/json-ld';
import { ProductShowcase } from '../_components/product-showcase';

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
      <ProductShowcase />
      <section className="section" aria-labelledby="features-title">
        <h2 id="features-title">Features</h2>
        <ul className="feature-grid">
          {product.features.map((f) => (
            <li key={f.name} className="card">
              <h3>{f.name}</h3>
              <p>{f.description}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="section" aria-labelledby="integrations-title">
        <h2 id="integrations-title">Integrations</h2>
        <IntegrationList integrations={integrations} />
        <p>
          <Link href="/integrations">How integrations work</Link>
        </p>
      </section>
      <section className="section cta" aria-labelledby="download-title">
        <h2 id="download-title">Get {product.name}</h2>
        <p>
          {product.name} runs on {product.operatingSystem.replace(', ', ' and ')}. Your AI agent can connect too: see{' '}
          <Link href="/agents">connecting an agent</Link>.
        </p>
        <p className="actions">
          <a className="button button-primary" href={product.downloadUrl}>
            Download {product.name}
          </a>
        </p>
      </section>
    </CopyPage>
  );
}
