import Link from 'next/link';
import styles from './account.module.css';

/** Account, sign-in and authorization pages: a plain frame with the way back to the site. */
export default function AccountLayout({ children }: { children: React.ReactNode }) {
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
              <Link href="/account">Account</Link>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main">{children}</main>
    </div>
  );
}
