import Link from 'next/link';
import type { Post } from '@/lib/content';
import { PostDate, readingMinutes } from './post-meta';

/** A compact list of posts: title, date and reading time, and the one-line summary. */
export function PostList({ posts }: { posts: Post[] }) {
  return (
    <ol className="post-list">
      {posts.map((post) => (
        <li key={post.slug}>
          <article className="post-row">
            <h3 className="post-row-title">
              <Link href={post.path}>{post.title}</Link>
            </h3>
            <p className="post-meta">
              <PostDate post={post} /> · {readingMinutes(post.wordCount)} min read
            </p>
            <p className="post-row-summary">{post.summary}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}
