import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getPageByPath, getSite, getTagPage, getTagPages, tagPath } from '@/lib/content';
import { collectionPageJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';
import { Breadcrumbs } from '../../../_components/breadcrumbs';
import { JsonLd } from '../../../_components/json-ld';
import { PostList } from '../../../_components/post-list';
import { TopicList } from '../../../_components/post-meta';

type Props = { params: Promise<{ tag: string }> };

export const dynamicParams = false;

export function generateStaticParams(): { tag: string }[] {
  return getTagPages().map((t) => ({ tag: t.tag }));
}

/** The tag's page record (lib/content lists tag pages with the site's pages: sitemap, twins, page index). */
async function pageOf(params: Props['params']) {
  const tag = getTagPage((await params).tag);
  const page = tag && getPageByPath(tagPath(tag.tag));
  if (!tag || !page) notFound();
  return { tag, page };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { page } = await pageOf(params);
  return pageMetadata({ siteName: getSite().name, path: page.path, title: page.title, description: page.description });
}

export default async function TagPage({ params }: Props) {
  const { tag, page } = await pageOf(params);
  return (
    <article className="container page">
      <JsonLd data={collectionPageJsonLd({ name: page.title, description: page.description, url: page.url, posts: tag.posts })} />
      <header className="page-header">
        <Breadcrumbs current={{ name: tag.name, url: page.url }} />
        <h1>{tag.name}</h1>
        <p className="lead">{tag.description}</p>
      </header>
      <section aria-labelledby="tag-posts-title">
        <h2 id="tag-posts-title">
          {tag.posts.length} {tag.posts.length === 1 ? 'post' : 'posts'}, newest first
        </h2>
        <PostList posts={tag.posts} />
      </section>
      <nav aria-labelledby="other-topics-title" className="topics section">
        <h2 id="other-topics-title" className="small-heading">
          Other topics
        </h2>
        <TopicList current={tag.tag} />
      </nav>
    </article>
  );
}
