import type { Metadata } from 'next';
import Link from 'next/link';
import { getPage, getPosts, getTags } from '@/lib/content';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { CopyPage } from '../_components/copy-page';
import { PostCard } from '../_components/post-card';
import { tagAnchor, tagLabel } from '../_components/post-meta';

export const dynamic = 'force-static';

export function generateMetadata(): Metadata {
  return metadataForPage('blog');
}

// Topics are sections of this page (anchors), not pages of their own: the sitemap and the
// Content API's page list stay exactly the pages lib/content knows.
export default function BlogIndexPage() {
  const posts = getPosts();
  const topics = getTags().map((tag) => ({ tag, posts: posts.filter((p) => p.tags.includes(tag)) }));
  return (
    <CopyPage page={getPage('blog')}>
      <nav aria-labelledby="topics-title" className="topics">
        <h2 id="topics-title" className="small-heading">
          Browse by topic
        </h2>
        <ul className="tag-list">
          {topics.map(({ tag, posts: tagged }) => (
            <li key={tag}>
              <a className="tag" href={`#${tagAnchor(tag)}`}>
                {tagLabel(tag)} <span className="count">({tagged.length})</span>
              </a>
            </li>
          ))}
        </ul>
        <p className="feed-link">
          Follow new posts with the <a href="/feed.xml">RSS feed</a>.
        </p>
      </nav>

      <section aria-labelledby="all-posts-title" className="section" id="all-posts">
        <h2 id="all-posts-title">All posts, newest first</h2>
        <ol className="post-list">
          {posts.map((post) => (
            <li key={post.slug}>
              <PostCard post={post} headingLevel={3} />
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="by-topic-title" className="section">
        <h2 id="by-topic-title">Posts by topic</h2>
        <div className="topic-grid">
          {topics.map(({ tag, posts: tagged }) => (
            <section key={tag} aria-labelledby={tagAnchor(tag)} className="topic">
              <h3 id={tagAnchor(tag)}>{tagLabel(tag)}</h3>
              <ul>
                {tagged.map((p) => (
                  <li key={p.slug}>
                    <Link href={p.path}>{p.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </section>
    </CopyPage>
  );
}
