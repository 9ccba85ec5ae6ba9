import type { Metadata } from 'next';
import { getFeaturedPosts, getPage, getPosts } from '@/lib/content';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { CopyPage } from '../_components/copy-page';
import { PostList } from '../_components/post-list';
import { TopicList } from '../_components/post-meta';

export const dynamic = 'force-static';

export function generateMetadata(): Metadata {
  return metadataForPage('blog');
}

// Compact: the training posts to start with, the topics once (each has its own page under
// /blog/tags/), then one line for every other post. Each post is listed once.
export default function BlogIndexPage() {
  const featured = getFeaturedPosts();
  const others = getPosts().filter((p) => !p.featured);
  return (
    <CopyPage page={getPage('blog')}>
      <section aria-labelledby="featured-title" className="section" data-testid="featured-posts">
        <h2 id="featured-title">Start with these</h2>
        <PostList posts={featured} />
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
        <h2 id="all-posts-title">Every other post, newest first</h2>
        <PostList posts={others} />
      </section>
    </CopyPage>
  );
}
