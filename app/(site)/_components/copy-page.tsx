import type { SitePage } from '@/lib/content';
import { Prose } from './prose';

type CopyPageProps = {
  page: SitePage;
  /** Rendered copy to show instead of the whole body (when the page places part of it elsewhere). */
  html?: string;
  /** Shown right after the header; beside the copy on wide screens. Give it the class `sidebar`. */
  aside?: React.ReactNode;
  children?: React.ReactNode;
};

/**
 * A page made of its copy: title, the rendered body, then any extra sections. The description is not
 * shown as well: it is the page's meta description, and the copy's opening paragraph already says it.
 */
export function CopyPage({ page, html, aside, children }: CopyPageProps) {
  return (
    <article className={aside ? 'container page with-sidebar' : 'container page'}>
      <header className="page-header">
        <h1>{page.title}</h1>
      </header>
      {aside}
      <Prose html={html ?? page.html} />
      {children}
    </article>
  );
}
