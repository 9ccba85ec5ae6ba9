import type { Metadata } from 'next';
import { getPage } from '@/lib/content';
import { installLinks } from '@/lib/content/agent-install-links';
import { config } from '@/lib/env';
import { ENHANCE_SCRIPT } from '@/lib/web/enhance';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { Prose } from '../_components/prose';
import styles from './agents.module.css';

export const dynamic = 'force-static';

export function generateMetadata(): Metadata {
  return metadataForPage('agents');
}

/** The copy before its first code block (the tool URL, which the box below shows with its copy button), and after it. */
function aroundToolUrl(html: string): { intro: string; rest: string } {
  const start = html.indexOf('<pre');
  const end = html.indexOf('</pre>', start);
  return start < 0 || end < 0 ? { intro: html, rest: '' } : { intro: html.slice(0, start), rest: html.slice(end + '</pre>'.length) };
}

/**
 * The connect page for people: the tool URL with a copy button (public/enhance.js; without the script
 * the address is plain selectable text), one-click installs where a host offers them, then the copy.
 */
export default function AgentsPage() {
  const page = getPage('agents');
  const mcpUrl = config().mcpUrl;
  const { intro, rest } = aroundToolUrl(page.html);
  return (
    <article className="container page">
      <header className="page-header">
        <h1>{page.title}</h1>
      </header>
      <Prose html={intro} />
      <section className={`card ${styles.toolUrl}`} aria-labelledby="tool-url-label">
        <p id="tool-url-label" className={styles.label}>
          Pacewise tool URL
        </p>
        <p className={styles.row}>
          <code id="tool-url" data-testid="tool-url">
            {mcpUrl}
          </code>
          {/* /enhance.js shows the button once the clipboard can be written; in development Next's runtime
              hydrates the page after it, so React is told the hidden attribute may differ. */}
          <button type="button" className="button button-small" data-copy="tool-url" hidden suppressHydrationWarning>
            Copy
          </button>
          <span id="tool-url-status" role="status" />
        </p>
        <p className={styles.installs}>
          {installLinks(mcpUrl).map((link) => (
            <a key={link.host} className="button button-small" href={link.href} data-testid="install-link">
              Add to {link.host}
            </a>
          ))}
        </p>
      </section>
      <Prose html={rest} />
      <script src={ENHANCE_SCRIPT} defer />
    </article>
  );
}
