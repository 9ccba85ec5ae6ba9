import type { Metadata } from 'next';
import Link from 'next/link';
import { getSite } from '@/lib/content';
import { SiteChrome } from './(site)/_components/site-chrome';

export function generateMetadata(): Metadata {
  const site = getSite();
  return { title: { absolute: `Page not found · ${site.name}` }, description: `This address is not a page on the ${site.name} site.` };
}

const suggestions = [
  { href: '/', label: 'Home', text: 'what Pacewise is and how it adapts your training' },
  { href: '/blog', label: 'Blog', text: 'every article, newest first, by topic' },
  { href: '/faq', label: 'FAQ', text: 'short answers to common questions' },
  { href: '/product', label: 'Product', text: 'features, integrations and download' },
  { href: '/contact', label: 'Contact', text: 'write to us if a link brought you here' },
];

export default function NotFound() {
  return (
    <SiteChrome>
      <div className="container page not-found">
        <p className="kicker">Error 404</p>
        <h1>Page not found</h1>
        <p className="lead">There is no page at this address. It may have moved, or the link may have a typo. These pages should help:</p>
        <ul className="link-cards">
          {suggestions.map((s) => (
            <li key={s.href}>
              <Link href={s.href}>{s.label}</Link>
              <span>{s.text}</span>
            </li>
          ))}
        </ul>
      </div>
    </SiteChrome>
  );
}
