import { describe, expect, it } from 'vitest';
import type { FaqItem, Post, Product, SiteInfo } from '@/lib/content';
import { blogPostingJsonLd, faqPageJsonLd, organizationJsonLd, serializeJsonLd, softwareApplicationJsonLd } from '@/lib/seo/json-ld';

const site: SiteInfo = {
  name: 'Pacewise',
  description: 'An adaptive coach.',
  email: 'hello@pacewise.example',
  address: { addressLocality: 'Boulder', addressRegion: 'CO', addressCountry: 'US' },
  sameAs: ['https://social.example/@pacewise'],
  downloadUrl: 'https://apps.example/pacewise',
  press: { pressOutletA: 'https://a.example/x', pressOutletB: 'https://b.example/y', launchLink: 'https://l.example/z' },
  url: 'https://pacewise.example',
};

const product: Product = {
  name: 'Pacewise',
  alternateNames: ['Pacewise app'],
  tagline: 'Adapts.',
  description: 'A coach.',
  applicationCategory: 'HealthApplication',
  operatingSystem: 'iOS, Android',
  features: [
    { name: 'Adaptive loads', description: 'e1RM.' },
    { name: 'Adaptive paces', description: 'VDOT.' },
  ],
  downloadUrl: 'https://apps.example/pacewise',
  integrations: ['Strava'],
};

const post: Post = {
  slug: 'vdot-explained',
  title: 'VDOT explained',
  summary: 'What VDOT is.',
  path: '/blog/vdot-explained',
  url: 'https://pacewise.example/blog/vdot-explained',
  publishedDate: '2026-04-30',
  author: 'Pacewise Coaching Team',
  tags: ['running'],
  markdown: 'Body\n',
  html: '<p>Body</p>',
  wordCount: 1,
};

describe('organizationJsonLd', () => {
  it('states the identity with a PostalAddress, and a logo when given', () => {
    const org = organizationJsonLd(site, { logoUrl: 'https://pacewise.example/logo.png' });
    expect(org).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': 'https://pacewise.example/#organization',
      name: 'Pacewise',
      url: 'https://pacewise.example/',
      email: 'hello@pacewise.example',
      address: { '@type': 'PostalAddress', addressLocality: 'Boulder', addressRegion: 'CO', addressCountry: 'US' },
      sameAs: ['https://social.example/@pacewise'],
      logo: 'https://pacewise.example/logo.png',
    });
  });

  it('leaves out sameAs and logo when there are none', () => {
    const org = organizationJsonLd({ ...site, sameAs: [] });
    expect(org).not.toHaveProperty('sameAs');
    expect(org).not.toHaveProperty('logo');
  });
});

describe('softwareApplicationJsonLd', () => {
  it('describes the app with its features and download link, and never offers', () => {
    const app = softwareApplicationJsonLd(product, site, 'https://pacewise.example/product');
    expect(app).toMatchObject({
      '@type': 'SoftwareApplication',
      name: 'Pacewise',
      applicationCategory: 'HealthApplication',
      operatingSystem: 'iOS, Android',
      downloadUrl: 'https://apps.example/pacewise',
      featureList: ['Adaptive loads', 'Adaptive paces'],
      url: 'https://pacewise.example/product',
      publisher: { '@id': 'https://pacewise.example/#organization' },
    });
    expect(app).not.toHaveProperty('offers');
    expect(app).not.toHaveProperty('applicationSubCategory');
  });
});

describe('blogPostingJsonLd', () => {
  it('names the headline, dates, author, URL and the page it is the main entity of', () => {
    const ld = blogPostingJsonLd(post, site);
    expect(ld).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'VDOT explained',
      description: 'What VDOT is.',
      datePublished: '2026-04-30',
      author: { '@type': 'Organization', name: 'Pacewise Coaching Team' },
      url: post.url,
      mainEntityOfPage: { '@type': 'WebPage', '@id': post.url },
      keywords: ['running'],
    });
  });
});

describe('faqPageJsonLd', () => {
  it('turns each item into a Question with an accepted Answer', () => {
    const items: FaqItem[] = [
      { question: 'What is it?', answer: 'A coach.', href: '/product' },
      { question: 'Does it change the past?', answer: 'No.' },
    ];
    const ld = faqPageJsonLd(items, 'https://pacewise.example/faq');
    expect(ld['@type']).toBe('FAQPage');
    expect(ld.mainEntity).toEqual([
      { '@type': 'Question', name: 'What is it?', acceptedAnswer: { '@type': 'Answer', text: 'A coach.' } },
      { '@type': 'Question', name: 'Does it change the past?', acceptedAnswer: { '@type': 'Answer', text: 'No.' } },
    ]);
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element or open a comment, and still parses to the same data', () => {
    const data = faqPageJsonLd([{ question: '</script><script>alert(1)</script>', answer: '<!-- a & b -> c' }], 'https://x.example/faq');
    const text = serializeJsonLd(data);
    expect(text).not.toMatch(/[<>&]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(data);
  });
});
