import Link from 'next/link';
import { getTagPage, getTagPages, tagPath, type Post } from '@/lib/content';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function formatDate(isoDay: string): string {
  return dateFormat.format(new Date(`${isoDay}T00:00:00Z`));
}

export function readingMinutes(wordCount: number): number {
  return Math.max(1, Math.round(wordCount / 220));
}

export function TagList({ tags, label = 'Tags' }: { tags: string[]; label?: string }) {
  if (!tags.length) return null;
  return (
    <ul className="tag-list" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link href={tagPath(tag)} className="tag">
            {getTagPage(tag)?.name ?? tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Every blog topic once, each linking its page, with its number of posts. */
export function TopicList({ current }: { current?: string }) {
  return (
    <ul className="tag-list">
      {getTagPages().map((t) => (
        <li key={t.tag}>
          <Link className="tag" href={t.path} aria-current={t.tag === current ? 'page' : undefined}>
            {t.name} <span className="count">({t.posts.length})</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function PostDate({ post }: { post: Pick<Post, 'publishedDate'> }) {
  return <time dateTime={post.publishedDate}>{formatDate(post.publishedDate)}</time>;
}
