/**
 * The site-relative path of a page's Markdown twin: `/` is `/index.md`, any other path gets `.md`.
 * HTML pages advertise it with <link rel="alternate" type="text/markdown">.
 */
export function markdownTwinPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/index.md' : `${trimmed}.md`;
}
