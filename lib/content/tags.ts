// Blog topics: every tag a post uses, with the name and description its page shows (content/tags.yaml).
import { z } from 'zod';
import { getPosts, type Post } from './posts';
import { tagsDocument } from './source';

const TagsFile = z.record(
  z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'tags are lowercase kebab-case'),
  z.strictObject({ name: z.string().min(1).max(40), description: z.string().min(50).max(160) }),
);

export type Tag = { tag: string; name: string; description: string; path: string; posts: Post[] };

export function tagPath(tag: string): string {
  return `/blog/tags/${tag}`;
}

let tags: Tag[] | undefined;

/** Every tag used by a published post, alphabetically, with its posts newest first. */
export function getTagPages(): Tag[] {
  if (tags) return tags;
  const described = TagsFile.parse(tagsDocument.tags);
  const used = [...new Set(getPosts().flatMap((p) => p.tags))].sort();
  const missing = used.filter((t) => !(t in described));
  if (missing.length) throw new Error(`content/tags.yaml has no entry for the tag(s) ${missing.join(', ')}; add a name and description`);
  tags = used.map((tag) => ({ tag, ...described[tag]!, path: tagPath(tag), posts: getPosts().filter((p) => p.tags.includes(tag)) }));
  return tags;
}

export function getTagPage(tag: string): Tag | undefined {
  return getTagPages().find((t) => t.tag === tag);
}
