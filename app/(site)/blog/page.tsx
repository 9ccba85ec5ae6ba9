import type { Metadata } from 'next';
import { getFeaturedPosts, getPage, getPosts } from '@/lib/content';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { CopyPage } from '../_components/copy-page';
import { PostCard } from '../_components/post-card';
import { PostList } from '../_components/post-list';
import { TopicList } from '../_components/post-meta';

export const dynamic = 'force-static';

export function generateMetadata(): Metadata {
  return metadataForPage('blog');
}

// Compact: training posts to start with, the topics once (each has its own page under /blog/tags/),
// then one line per post.
export default function BlogIndexPage() {
  return (
    <CopyPage page={getPage('blog')}>
      <section aria-labelledby="featured-title" className="section" data-testid="featured-posts">
        <h2 id="featured-title">Start with these</h2>
        <div className="post-grid">
          {getFeaturedPosts().map((post) => (
            <PostCard key={post.slug} post={post} headingLevel={3} />
          ))}
        </div>
      </section>

      <nav aria-labelledby="topics-title" className="topics">
        <h2 id="topics-title" className="small-heading">
          Topics
        </h2>
        <TopicList />
        <p className="feed-link">
          Follow new posts with the <a href="/feed.xml">RSS feed</a>.
        </p>
      </nav>

      <section aria-labelledby="all-posts-title" className="section" id="all-posts">
        <h2 id="all-posts-title">All posts, newest first</h2>
        <PostList posts={getPosts()} />
      </section>
    </CopyPage>
  );
}
