import Link from 'next/link';
import type { Post } from '@/lib/content';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function formatDate(isoDay: string): string {
  return dateFormat.format(new Date(`${isoDay}T00:00:00Z`));
}

export function readingMinutes(wordCount: number): number {
  return Math.max(1, Math.round(wordCount / 220));
}

const ACRONYMS: Record<string, string> = { ai: 'AI', mcp: 'MCP', hrv: 'HRV', rpe: 'RPE' };

/** `ai-agents` reads as "AI agents". */
export function tagLabel(tag: string): string {
  const words = tag.split('-').map((w) => ACRONYMS[w] ?? w);
  const first = words[0] ?? '';
  return [first.charAt(0).toUpperCase() + first.slice(1), ...words.slice(1)].join(' ');
}

export function tagAnchor(tag: string): string {
  return `tag-${tag}`;
}

export function TagList({ tags, label = 'Tags' }: { tags: string[]; label?: string }) {
  if (!tags.length) return null;
  return (
    <ul className="tag-list" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link href={`/blog#${tagAnchor(tag)}`} className="tag">
            {tagLabel(tag)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function PostDate({ post }: { post: Pick<Post, 'publishedDate'> }) {
  return <time dateTime={post.publishedDate}>{formatDate(post.publishedDate)}</time>;
}
