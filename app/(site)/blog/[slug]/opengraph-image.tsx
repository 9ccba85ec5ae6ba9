import { ImageResponse } from 'next/og';
import { notFound } from 'next/navigation';
import { getPost, getPosts, getSite } from '@/lib/content';
import { formatDate } from '../../_components/post-meta';
import { OG_SIZE, OgCard } from '../../_components/og-card';

export const alt = 'Title card of a Pacewise blog post';
export const size = OG_SIZE;
export const contentType = 'image/png';
export const dynamicParams = false;

export function generateStaticParams(): { slug: string }[] {
  return getPosts().map((p) => ({ slug: p.slug }));
}

/** A post's share card: its title and summary, drawn at build time. */
export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const post = getPost((await params).slug);
  if (!post) notFound();
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
    size,
  );
}
