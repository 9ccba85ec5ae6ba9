import Link from 'next/link';
import { absoluteUrl, getSite } from '@/lib/content';
import { breadcrumbJsonLd } from '@/lib/seo/json-ld';
import { JsonLd } from './json-ld';

/**
 * The trail from the blog to this page, shown and as BreadcrumbList structured data, from one list so
 * the two never disagree. `current` is the page itself (its title and absolute URL).
 */
export function Breadcrumbs({ current }: { current: { name: string; url: string } }) {
  return (
    <>
      <JsonLd data={breadcrumbJsonLd(getSite(), [{ name: 'Blog', url: absoluteUrl('/blog') }, current])} />
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link href="/blog">Blog</Link>
          </li>
          <li aria-current="page">{current.name}</li>
        </ol>
      </nav>
    </>
  );
}
