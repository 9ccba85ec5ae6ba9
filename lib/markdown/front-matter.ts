import { stringify } from 'yaml';

/** A YAML front matter block (strings quoted when needed by the YAML library, not by hand). */
export function frontMatter(fields: Record<string, string | string[] | undefined>): string {
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return `---\n${stringify(defined, { lineWidth: 0 }).trimEnd()}\n---\n`;
}
