import { ImageResponse } from 'next/og';
import { getPost, getPosts, getSite } from '@/lib/content';
import { formatDate } from '../../../_components/post-meta';
import { OG_SIZE, OgCard } from '../../../_components/og-card';

export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams(): { slug: string }[] {
  return getPosts().map((p) => ({ slug: p.slug }));
}

/**
 * A post's card: its title and summary, drawn at build time. A route of its own (not an
 * opengraph-image file, whose URL Next suffixes with a build hash) so the post's share card and its
 * BlogPosting `image` name one stable URL.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const post = getPost((await params).slug);
  if (!post) return new Response('No such post.', { status: 404 });
  const site = getSite();
  const { addressLocality, addressRegion } = site.address;
  return new ImageResponse(
    <OgCard
      siteName={site.name}
      kicker={`Blog · ${formatDate(post.publishedDate)}`}
      title={post.title}
      subtitle={post.summary}
      host={new URL(site.url).host}
      place={`${addressLocality}, ${addressRegion}`}
    />,
    OG_SIZE,
  );
}
