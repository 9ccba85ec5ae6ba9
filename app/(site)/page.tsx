import type { Metadata } from 'next';
import Link from 'next/link';
import { getFeaturedPosts, getPage, getProduct, getSite } from '@/lib/content';
import { webSiteJsonLd } from '@/lib/seo/json-ld';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { JsonLd } from './_components/json-ld';
import { GET_STARTED_PATH } from './_components/navigation';
import { PostCard } from './_components/post-card';
import { AgentConversation, ProgressShowcase } from './_components/product-showcase';
import { Prose, splitAtFirstParagraph, splitAtFirstSection } from './_components/prose';

export const dynamic = 'force-static';

export function generateMetadata(): Metadata {
  return metadataForPage('home');
}

export default function HomePage() {
  const page = getPage('home');
  const product = getProduct();
  const { intro, sections } = splitAtFirstSection(page.html);
  // The hero keeps the first paragraph (what Pacewise is), the actions and the product in a
  // conversation, so all three start on a phone's first screen.
  const { first, rest } = splitAtFirstParagraph(intro);
  return (
    <>
      <JsonLd data={webSiteJsonLd(getSite())} />
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <div className="hero-body">
            <h1 id="hero-title">{page.title}</h1>
            <Prose html={first} className="hero-copy" />
            <p className="actions">
              <a className="button button-primary" href={GET_STARTED_PATH}>
                Get started
              </a>
              <Link className="button" href="/agents">
                Connect your agent
              </Link>
            </p>
            <p className="hero-note">
              Connecting is free; coaching needs a <a href="#pricing">subscription</a>. Or <a href="/install">install the web app</a> on
              your phone.
            </p>
          </div>
          <AgentConversation />
        </div>
      </section>

      <div className="container section">
        <Prose html={rest} />
        <p>
          <Link href="/how-it-works">How adaptation works</Link>
        </p>
      </div>

      <div className="container">
        <ProgressShowcase />
      </div>

      <section className="container section below-fold" aria-labelledby="features-title">
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

      <section className="container section pricing" id="pricing" aria-label="Pricing">
        <Prose html={sections} />
        <p className="actions">
          <a className="button button-primary" href={GET_STARTED_PATH}>
            Create your account
          </a>
          <Link className="button" href="/agents">
            Connect an agent
          </Link>
        </p>
      </section>

      <section className="container section below-fold" aria-labelledby="latest-title">
        <div className="section-heading">
          <h2 id="latest-title">Training reads</h2>
          <Link href="/blog">All posts</Link>
        </div>
        <div className="post-grid">
          {getFeaturedPosts().map((post) => (
            <PostCard key={post.slug} post={post} headingLevel={3} />
          ))}
        </div>
      </section>
    </>
  );
}
