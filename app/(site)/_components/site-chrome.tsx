import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Skip link, header, the one <main> landmark and footer around a page's content. */
export function SiteChrome({ children }: { children: React.ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
