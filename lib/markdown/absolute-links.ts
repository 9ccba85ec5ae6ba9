// Twins are read out of context (pasted into a prompt, saved to a file): a root-relative link there
// points nowhere, so every link and image to this site is written with the site's origin.
import { config } from '@/lib/env';

/** `](/path)` of inline links and images, and `[ref]: /path` definitions; not protocol-relative `//host`. */
const INLINE = /(\]\()(\/(?!\/)[^)\s]*)/g;
const DEFINITION = /^(\s{0,3}\[[^\]]+\]:\s*)(\/(?!\/)\S*)/gm;
/** Fenced code blocks are left as written (a path in an example is not a link). */
const FENCE = /(^|\n)(```|~~~)[^\n]*\n[\s\S]*?\n\2[^\n]*(?=\n|$)/g;

export function absoluteLinks(markdown: string): string {
  const origin = config().siteUrl.replace(/\/+$/, '');
  const rewrite = (text: string) =>
    text
      .replace(INLINE, (_, open: string, path: string) => `${open}${origin}${path}`)
      .replace(DEFINITION, (_, lead: string, path: string) => `${lead}${origin}${path}`);
  let out = '';
  let last = 0;
  for (const fence of markdown.matchAll(FENCE)) {
    out += rewrite(markdown.slice(last, fence.index)) + fence[0];
    last = fence.index + fence[0].length;
  }
  return out + rewrite(markdown.slice(last));
}
