import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { absoluteUrl, getPost, getPosts, getSite } from '@/lib/content';
import { blogPostingJsonLd } from '@/lib/seo/json-ld';
import { metadataForPost, postCardPath } from '@/lib/seo/page-metadata';
import { adjacentPosts, relatedPosts } from '@/lib/seo/related';
import { Breadcrumbs } from '../../_components/breadcrumbs';
import { JsonLd } from '../../_components/json-ld';
import { PostDate, readingMinutes, TagList } from '../../_components/post-meta';
import { Prose } from '../../_components/prose';
import { WayIn } from '../../_components/way-in';

type Props = { params: Promise<{ slug: string }> };

export const dynamicParams = false;

export function generateStaticParams(): { slug: string }[] {
  return getPosts().map((p) => ({ slug: p.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const post = getPost((await params).slug);
  if (!post) notFound();
  return metadataForPost(post);
}

export default async function PostPage({ params }: Props) {
  const post = getPost((await params).slug);
  if (!post) notFound();
  const posts = getPosts();
  const { newer, older } = adjacentPosts(posts, post.slug);
  const related = relatedPosts(
    posts,
    post,
    3,
    [newer?.slug, older?.slug].filter((s): s is string => Boolean(s)),
  );
  return (
    <article className="container page post">
      <JsonLd data={blogPostingJsonLd(post, getSite(), { imageUrl: absoluteUrl(postCardPath(post)) })} />
      <header className="page-header">
        <Breadcrumbs current={{ name: post.title, url: post.url }} />
        <h1>{post.title}</h1>
        <p className="post-meta">
          By {post.author} · <PostDate post={post} /> · {readingMinutes(post.wordCount)} min read
        </p>
        <TagList tags={post.tags} label="Topics" />
      </header>

      <Prose html={post.html} />

      <WayIn />

      <footer className="post-footer">
        {newer || older ? (
          <nav aria-label="Newer and older posts" className="pager">
            {older ? (
              <Link href={older.path} className="pager-link pager-older" rel="prev">
                <span className="pager-label">Older post</span>
                <span>{older.title}</span>
              </Link>
            ) : null}
            {newer ? (
              <Link href={newer.path} className="pager-link pager-newer" rel="next">
                <span className="pager-label">Newer post</span>
                <span>{newer.title}</span>
              </Link>
            ) : null}
          </nav>
        ) : null}
        {related.length ? (
          <section aria-labelledby="related-title" className="related">
            <h2 id="related-title">Related posts</h2>
            <ul>
              {related.map((p) => (
                <li key={p.slug}>
                  <Link href={p.path}>{p.title}</Link> <PostDate post={p} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <p>
          <Link href="/blog">All posts</Link>
        </p>
      </footer>
    </article>
  );
}
