import type { Metadata } from 'next';
import { getPage, getPosts } from '@/lib/content';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { CopyPage } from '../_components/copy-page';
import { PostList } from '../_components/post-list';
import { TopicList } from '../_components/post-meta';

export const dynamic = 'force-static';

export function generateMetadata(): Metadata {
  return metadataForPage('blog');
}

// Compact: the topics once (each has its own page under /blog/tags/), then one line per post.
export default function BlogIndexPage() {
  return (
    <CopyPage page={getPage('blog')}>
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
