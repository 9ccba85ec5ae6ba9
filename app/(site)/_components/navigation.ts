// The site's link sets, in one place so the header, footer and 404 page agree.
export type NavLink = { href: string; label: string };

export const primaryNav: NavLink[] = [
  { href: '/product', label: 'Product' },
  { href: '/how-it-works', label: 'How it works' },
  { href: '/integrations', label: 'Integrations' },
  { href: '/agents', label: 'Agents' },
  { href: '/docs', label: 'Docs' },
  { href: '/blog', label: 'Blog' },
  { href: '/faq', label: 'FAQ' },
];

export const footerNav: { title: string; links: (NavLink & { plain?: boolean })[] }[] = [
  {
    title: 'Product',
    links: [
      { href: '/product', label: 'The app' },
      { href: '/how-it-works', label: 'How it works' },
      { href: '/integrations', label: 'Integrations' },
      { href: '/agents', label: 'Connect an AI agent' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { href: '/blog', label: 'Blog' },
      { href: '/faq', label: 'FAQ' },
      { href: '/docs', label: 'Content API' },
      // Not pages: plain links, so the router does not try to prefetch them.
      { href: '/feed.xml', label: 'RSS feed', plain: true },
      { href: '/llms.txt', label: 'llms.txt', plain: true },
    ],
  },
  {
    title: 'Company',
    links: [
      { href: '/about', label: 'About' },
      { href: '/contact', label: 'Contact' },
      { href: '/press', label: 'Press' },
      { href: '/privacy', label: 'Privacy' },
      { href: '/terms', label: 'Terms' },
    ],
  },
];
