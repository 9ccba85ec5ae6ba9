// Internal links at the foot of a post: its neighbours in time and the posts closest in topic.
type Linkable = { slug: string; publishedDate: string; tags: string[] };

/** Neighbours of a post in a newest-first list: `newer` is the next post published, `older` the previous one. */
export function adjacentPosts<T extends Linkable>(posts: readonly T[], slug: string): { newer?: T; older?: T } {
  const i = posts.findIndex((p) => p.slug === slug);
  if (i < 0) return {};
  return { newer: i > 0 ? posts[i - 1] : undefined, older: posts[i + 1] };
}

/** Up to `limit` other posts sharing the most tags with this one; ties go to the newer post. */
export function relatedPosts<T extends Linkable>(posts: readonly T[], post: Linkable, limit = 3, exclude: readonly string[] = []): T[] {
  const tags = new Set(post.tags);
  const skip = new Set([post.slug, ...exclude]);
  return posts
    .filter((p) => !skip.has(p.slug))
    .map((p) => ({ p, shared: p.tags.filter((t) => tags.has(t)).length }))
    .filter((x) => x.shared > 0)
    .sort((a, b) => b.shared - a.shared || b.p.publishedDate.localeCompare(a.p.publishedDate) || a.p.slug.localeCompare(b.p.slug))
    .slice(0, limit)
    .map((x) => x.p);
}
