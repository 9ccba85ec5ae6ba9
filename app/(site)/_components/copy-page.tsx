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

/** A page made of its copy: title, description as the lead, the rendered body, then any extra sections. */
export function CopyPage({ page, html, aside, children }: CopyPageProps) {
  return (
    <article className={aside ? 'container page with-sidebar' : 'container page'}>
      <header className="page-header">
        <h1>{page.title}</h1>
        <p className="lead">{page.description}</p>
      </header>
      {aside}
      <Prose html={html ?? page.html} />
      {children}
    </article>
  );
}
