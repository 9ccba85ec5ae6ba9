import Link from 'next/link';
import type { Post } from '@/lib/content';
import { PostDate, readingMinutes, TagList } from './post-meta';

/** A post in a list: title link, date, reading time, summary and tags. */
export function PostCard({ post, headingLevel = 2 }: { post: Post; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="post-card">
      <Heading className="post-card-title">
        <Link href={post.path}>{post.title}</Link>
      </Heading>
      <p className="post-meta">
        <PostDate post={post} /> · {readingMinutes(post.wordCount)} min read
      </p>
      <p className="post-card-summary">{post.summary}</p>
      <TagList tags={post.tags} />
    </article>
  );
}
