import Link from 'next/link';
import styles from './account.module.css';

/** Account, sign-in and authorization pages: a plain frame, no site navigation to wander off through. */
export default function AccountLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className={styles.shell}>
      <header>
        <Link href="/" className={styles.brand}>
          Pacewise
        </Link>
      </header>
      <main id="main">{children}</main>
    </div>
  );
}
