import Link from 'next/link';
import { showcase } from '@/lib/views/showcase';
import '@/lib/views/views.css';
import styles from './product-showcase.module.css';

/**
 * The demo athlete's week, a session the engine changed with its reason, and their progress: the
 * views a person sees in their agent and on their account page, rendered when the page is built
 * (lib/views/showcase.ts; plain HTML and SVG, no script). Every value is escaped by the renderers.
 */
export function ProductShowcase({ className }: { className?: string }) {
  const views = showcase();
  return (
    <section className={[styles.showcase, className].filter(Boolean).join(' ')} aria-labelledby="showcase-title" data-testid="showcase">
      <h2 id="showcase-title">What your coach shows you</h2>
      <p className={styles.lead}>
        A demo athlete five weeks into a hybrid plan, from the same plan generator and adaptation rules your sessions go through. Your agent
        shows these views, and so does <Link href="/account">your account page</Link>.
      </p>
      <div className={styles.grid}>
        <div className={styles.panel} data-testid="showcase-week" dangerouslySetInnerHTML={{ __html: views.week }} />
        <div className={styles.panel} data-testid="showcase-reason" dangerouslySetInnerHTML={{ __html: views.reason }} />
        <div
          className={`${styles.panel} ${styles.wide}`}
          data-testid="showcase-progress"
          dangerouslySetInnerHTML={{ __html: views.progress }}
        />
      </div>
    </section>
  );
}
