import type { Metadata } from 'next';
import Link from 'next/link';
import { getFaq, getPage } from '@/lib/content';
import { faqPageJsonLd } from '@/lib/seo/json-ld';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { JsonLd } from '../_components/json-ld';
import { Prose } from '../_components/prose';

export const dynamic = 'force-static';

export function generateMetadata(): Metadata {
  return metadataForPage('faq');
}

function anchorOf(question: string): string {
  return question
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export default function FaqPage() {
  const page = getPage('faq');
  const items = getFaq().map((item) => ({ ...item, id: anchorOf(item.question) }));
  return (
    <article className="container page with-sidebar">
      <JsonLd data={faqPageJsonLd(getFaq(), page.url)} />
      <header className="page-header">
        <h1>{page.title}</h1>
        <p className="lead">{page.description}</p>
      </header>
      <Prose html={page.html} />
      {/* Before the answers in reading order; beside them, and sticky, on wide screens. */}
      <nav aria-labelledby="faq-toc-title" className="toc sidebar">
        <h2 id="faq-toc-title">Questions</h2>
        <ol>
          {items.map((item) => (
            <li key={item.id}>
              <a href={`#${item.id}`}>{item.question}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="faq-list">
        {items.map((item) => (
          <section key={item.id} className="faq-item" aria-labelledby={item.id}>
            <h2 id={item.id}>{item.question}</h2>
            <p>{item.answer}</p>
            {item.href ? (
              <p>
                <Link href={item.href}>
                  Read more<span className="visually-hidden">: {item.question}</span>
                </Link>
              </p>
            ) : null}
          </section>
        ))}
      </div>
    </article>
  );
}
