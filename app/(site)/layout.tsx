import { SiteChrome } from './_components/site-chrome';

/** Every public page shares the header, footer and main landmark. Pages render no <main> of their own. */
export default function SiteLayout({ children }: { children: React.ReactNode }) {
  return <SiteChrome>{children}</SiteChrome>;
}
