import type { Metadata } from 'next';
import { getPage, getSite } from '@/lib/content';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { CopyPage } from '../_components/copy-page';

export const dynamic = 'force-static';

export function generateMetadata(): Metadata {
  return metadataForPage('press');
}

export default function PressPage() {
  const site = getSite();
  const links = [
    { label: 'Coverage (outlet A)', href: site.press.pressOutletA },
    { label: 'Coverage (outlet B)', href: site.press.pressOutletB },
    { label: 'Launch page', href: site.press.launchLink },
  ];
  return (
    <CopyPage page={getPage('press')}>
      <section className="section" aria-labelledby="press-links-title">
        <h2 id="press-links-title">Coverage and launch</h2>
        <ul className="link-cards">
          {links.map((l) => (
            <li key={l.href}>
              <a href={l.href}>{l.label}</a>
              <span>{new URL(l.href).host}</span>
            </li>
          ))}
        </ul>
      </section>
    </CopyPage>
  );
}
