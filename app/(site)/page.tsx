import type { Metadata } from 'next';
import Link from 'next/link';
import { getPage, getPosts, getProduct } from '@/lib/content';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { PostCard } from './_components/post-card';
import { ProductShowcase } from './_components/product-showcase';
import { Prose, splitAtFirstSection } from './_components/prose';

export const dynamic = 'force-static';

export function generateMetadata(): Metadata {
  return metadataForPage('home');
}

export default function HomePage() {
  const page = getPage('home');
  const product = getProduct();
  const { intro, sections } = splitAtFirstSection(page.html);
  const latest = getPosts().slice(0, 3);
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <h1 id="hero-title">{page.title}</h1>
          <div className="hero-body">
            <Prose html={intro} className="hero-copy" />
            <p className="actions">
              <a className="button button-primary" href={product.downloadUrl}>
                Get the app for {product.operatingSystem.replace(', ', ' and ')}
              </a>
              <Link className="button" href="/how-it-works">
                How adaptation works
              </Link>
            </p>
          </div>
        </div>
      </section>

      <ProductShowcase className="container" />

      <section className="container section" aria-labelledby="features-title">
        <h2 id="features-title">What {product.name} does</h2>
        <ul className="feature-grid">
          {product.features.map((f) => (
            <li key={f.name} className="card">
              <h3>{f.name}</h3>
              <p>{f.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="container section">
        <Prose html={sections} />
      </div>

      <section className="container section" aria-labelledby="latest-title">
        <div className="section-heading">
          <h2 id="latest-title">From the blog</h2>
          <Link href="/blog">All posts</Link>
        </div>
        <div className="post-grid">
          {latest.map((post) => (
            <PostCard key={post.slug} post={post} headingLevel={3} />
          ))}
        </div>
      </section>
    </>
  );
}
