import { currentPerson } from '@/lib/auth/sessions';
import styles from './account.module.css';
import { PlainLink } from './_components/plain-link';

/**
 * Account, sign-in and authorization pages: a plain frame with the way back to the site. They are
 * rendered per request, so the last link is decided here from the real session (no hint cookie):
 * Account when signed in, Sign in when not. Links here are plain <a>, not next/link: these pages are
 * plain forms, and a router link would prefetch each target's RSC payload on sight.
 */
export default async function AccountLayout({ children }: { children: React.ReactNode }) {
  const signedIn = (await currentPerson()) !== null;
  return (
    <div className={styles.shell}>
      <header className={styles.top}>
        <PlainLink href="/" className={styles.brand}>
          Pacewise
        </PlainLink>
        <nav aria-label="Site">
          <ul className={styles.nav}>
            <li>
              <PlainLink href="/">Home</PlainLink>
            </li>
            <li>
              <PlainLink href="/blog">Blog</PlainLink>
            </li>
            <li>
              <PlainLink href="/agents">Agents</PlainLink>
            </li>
            <li>{signedIn ? <PlainLink href="/account">Account</PlainLink> : <PlainLink href="/sign-in">Sign in</PlainLink>}</li>
          </ul>
        </nav>
      </header>
      <main id="main">{children}</main>
    </div>
  );
}
