import Link from 'next/link';
import { getSite } from '@/lib/content';
import { LogoMark } from './logo-mark';
import { primaryNav } from './navigation';

export function SiteHeader() {
  const site = getSite();
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <Link href="/" className="brand">
          <LogoMark />
          <span>{site.name}</span>
        </Link>
        <nav aria-label="Main" className="main-nav">
          <ul>
            {primaryNav.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
