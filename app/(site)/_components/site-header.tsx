import Link from 'next/link';
import { getSite } from '@/lib/content';
import { LogoMark } from './logo-mark';
import { ACCOUNT_PATH, GET_STARTED_PATH, primaryNav, SESSION_NAV_SCRIPT, SIGN_IN_PATH } from './navigation';

function NavList() {
  return (
    <ul>
      {primaryNav.map((link) => (
        <li key={link.href}>
          <Link href={link.href}>{link.label}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The public pages are prerendered (no cookies, no framework script), so the HTML is the same for
 * everyone: "Sign in" (to /sign-in, which sends a signed-in visitor on to their account) and "Get
 * started" (an account, then the page on connecting an agent), plus a hidden "Account" link. One
 * small same-origin script, public/session-nav.js, swaps them when the sign-in hint cookie is there;
 * without it (no script, or signed out) the header stays as rendered. On phones the page links fold
 * into a CSS-only <details> menu so the header stays one row.
 */
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
          <NavList />
        </nav>
        <div className="header-actions">
          <a className="header-link" href={SIGN_IN_PATH} data-session="signed-out">
            Sign in
          </a>
          <a className="button button-primary button-small" href={GET_STARTED_PATH} data-session="signed-out">
            Get started
          </a>
          <a className="header-link" href={ACCOUNT_PATH} data-session="signed-in" hidden>
            Account
          </a>
          <details className="menu">
            <summary>
              <svg className="menu-icon" width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
                <path d="M2 4h14M2 9h14M2 14h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
              <span className="menu-label">Menu</span>
            </summary>
            <nav aria-label="Menu" className="menu-panel">
              <NavList />
            </nav>
          </details>
        </div>
      </div>
      <script src={SESSION_NAV_SCRIPT} defer />
    </header>
  );
}
