import type { Post } from '@/lib/content';

/** The body of a post's Markdown twin (title and article, no front matter); also the Content API's `markdown`. */
export function postTwinBody(post: Post): string {
  return `# ${post.title}\n\n${post.markdown}`;
}
