import Link from 'next/link';
import { getSite, isPlaceholderAddress } from '@/lib/content';
import { LogoMark } from './logo-mark';
import { footerNav } from './navigation';

export function SiteFooter() {
  const site = getSite();
  const { addressLocality, addressRegion, addressCountry } = site.address;
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        <div className="footer-identity">
          <p className="brand brand-footer">
            <LogoMark size={28} />
            <span>{site.name}</span>
          </p>
          <p>{site.description}</p>
          <address>
            {addressLocality}, {addressRegion}, {addressCountry}
            <br />
            {/* A sample address (content/site.yaml not yet set for this deployment) is never a link. */}
            {isPlaceholderAddress(site.email) ? <Link href="/contact">Contact</Link> : <a href={`mailto:${site.email}`}>{site.email}</a>}
          </address>
        </div>
        <nav aria-label="Footer" className="footer-nav">
          {footerNav.map((group) => (
            <div key={group.title}>
              <h2 className="footer-heading">{group.title}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.href}>{link.plain ? <a href={link.href}>{link.label}</a> : <Link href={link.href}>{link.label}</Link>}</li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="container footer-base">
        <p>
          © {new Date().getFullYear()} {site.name}. Training guidance, not medical advice.
        </p>
      </div>
    </footer>
  );
}
