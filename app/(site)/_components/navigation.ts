// The site's link sets, in one place so the header, footer and 404 page agree.
export type NavLink = { href: string; label: string };

/** Sign-in page; a visitor who is already signed in is sent on to /account (its default `next`). */
export const SIGN_IN_PATH = '/sign-in';
/** Where the header's "Account" link goes once the visitor is signed in. */
export const ACCOUNT_PATH = '/account';
/**
 * The one script the prerendered pages carry (see site-header.tsx); lib/build/static-documents.ts
 * lets exactly this tag through.
 */
export const SESSION_NAV_SCRIPT = '/session-nav.js';
/**
 * The way in: create an account; its mailed proof link signs in and continues to the plan and price
 * (/checkout), which leads on to the page that connects an agent.
 */
export const GET_STARTED_PATH = '/sign-up?next=%2Fcheckout';

export const primaryNav: NavLink[] = [
  { href: '/product', label: 'Product' },
  { href: '/how-it-works', label: 'How it works' },
  { href: '/integrations', label: 'Integrations' },
  { href: '/agents', label: 'Agents' },
  // The Content API (read-only JSON for programs), named for what it is.
  { href: '/docs', label: 'Content API' },
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
      { href: '/developers', label: 'Agents for developers' },
      { href: '/#pricing', label: 'Pricing' },
      // Rendered per request: plain links.
      { href: GET_STARTED_PATH, label: 'Create an account', plain: true },
      { href: SIGN_IN_PATH, label: 'Sign in', plain: true },
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
