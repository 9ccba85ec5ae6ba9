/**
 * A plain link to a page of this site, where next/link is not wanted: the account pages are plain
 * forms rendered per request, and a router link prefetches its target's RSC payload on sight.
 */
export function PlainLink(props: React.AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a {...props} />;
}
