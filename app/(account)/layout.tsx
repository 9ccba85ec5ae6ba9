import Link from 'next/link';
import { currentPerson } from '@/lib/auth/sessions';
import styles from './account.module.css';

/**
 * Account, sign-in and authorization pages: a plain frame with the way back to the site. They are
 * rendered per request, so the last link is decided here from the real session (no hint cookie):
 * Account when signed in, Sign in when not.
 */
export default async function AccountLayout({ children }: { children: React.ReactNode }) {
  const signedIn = (await currentPerson()) !== null;
  return (
    <div className={styles.shell}>
      <header className={styles.top}>
        <Link href="/" className={styles.brand}>
          Pacewise
        </Link>
        <nav aria-label="Site">
          <ul className={styles.nav}>
            <li>
              <Link href="/">Home</Link>
            </li>
            <li>
              <Link href="/blog">Blog</Link>
            </li>
            <li>
              <Link href="/agents">Agents</Link>
            </li>
            <li>
              {signedIn ? (
                <Link href="/account">Account</Link>
              ) : (
                // Rendered per request: a plain link, so the router does not try to prefetch it.
                <a href="/sign-in">Sign in</a>
              )}
            </li>
          </ul>
        </nav>
      </header>
      <main id="main">{children}</main>
    </div>
  );
}
