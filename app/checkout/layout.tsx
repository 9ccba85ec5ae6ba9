import { SiteChrome } from '../(site)/_components/site-chrome';

/** Checkout wears the site: its header, footer and main landmark, like every public page. */
export default function CheckoutLayout({ children }: { children: React.ReactNode }) {
  return <SiteChrome>{children}</SiteChrome>;
}
