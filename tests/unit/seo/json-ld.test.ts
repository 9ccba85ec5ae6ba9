import { describe, expect, it } from 'vitest';
import type { FaqItem, Post, Product, SiteInfo } from '@/lib/content';
import {
  blogPostingJsonLd,
  breadcrumbJsonLd,
  collectionPageJsonLd,
  faqPageJsonLd,
  isRealDestination,
  organizationJsonLd,
  serializeJsonLd,
  softwareApplicationJsonLd,
  webSiteJsonLd,
} from '@/lib/seo/json-ld';

const site: SiteInfo = {
  name: 'Pacewise',
  description: 'An adaptive coach.',
  email: 'hello@pacewise.example',
  address: { addressLocality: 'Boulder', addressRegion: 'CO', addressCountry: 'US' },
  sameAs: ['https://social.example/@pacewise'],
  downloadUrl: 'https://pacewise.example/install',
  press: { pressOutletA: 'https://a.example/x', pressOutletB: 'https://b.example/y', launchLink: 'https://l.example/z' },
  url: 'https://pacewise.example',
};

const product: Product = {
  name: 'Pacewise',
  alternateNames: ['Pacewise app'],
  tagline: 'Adapts.',
  description: 'A coach.',
  applicationCategory: 'HealthApplication',
  operatingSystem: 'Web (installable on Android and iOS)',
  features: [
    { name: 'Adaptive loads', description: 'e1RM.' },
    { name: 'Adaptive paces', description: 'VDOT.' },
  ],
  downloadUrl: 'https://pacewise.example/install',
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
  featured: false,
  html: '<p>Body</p>',
  wordCount: 1,
};

describe('organizationJsonLd', () => {
  it('states the identity with a PostalAddress, and a logo when given', () => {
    const org = organizationJsonLd({ ...site, email: 'hello@pacewise.coach' }, { logoUrl: 'https://pacewise.example/logo.png' });
    expect(org).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': 'https://pacewise.example/#organization',
      name: 'Pacewise',
      url: 'https://pacewise.example/',
      email: 'hello@pacewise.coach',
      address: { '@type': 'PostalAddress', addressLocality: 'Boulder', addressRegion: 'CO', addressCountry: 'US' },
      logo: 'https://pacewise.example/logo.png',
    });
  });

  it('names only real profiles in sameAs: a reserved .example host is a placeholder', () => {
    expect(organizationJsonLd(site)).not.toHaveProperty('sameAs');
    const mixed = organizationJsonLd({ ...site, sameAs: ['https://social.example/@pacewise', 'https://www.youtube.com/@pacewise'] });
    expect(mixed.sameAs).toEqual(['https://www.youtube.com/@pacewise']);
  });

  it.each(['hello@pacewise.example', 'hello@example.com', 'a@b.test', 'x@y.invalid'])(
    'leaves out the sample contact address %s',
    (email) => {
      expect(organizationJsonLd({ ...site, email })).not.toHaveProperty('email');
    },
  );

  it('leaves out sameAs and logo when there are none', () => {
    const org = organizationJsonLd({ ...site, sameAs: [] });
    expect(org).not.toHaveProperty('sameAs');
    expect(org).not.toHaveProperty('logo');
  });
});

describe('softwareApplicationJsonLd', () => {
  it('describes the app with its features and its install page on a real origin only, and never offers', () => {
    const app = softwareApplicationJsonLd(product, site, 'https://pacewise.example/product');
    expect(app).not.toHaveProperty('downloadUrl');
    const real = softwareApplicationJsonLd(
      { ...product, downloadUrl: 'https://pacewise.coach/install' },
      site,
      'https://pacewise.example/product',
    );
    expect(real.downloadUrl).toBe('https://pacewise.coach/install');
    expect(app).toMatchObject({
      '@type': 'SoftwareApplication',
      name: 'Pacewise',
      applicationCategory: 'HealthApplication',
      operatingSystem: 'Web (installable on Android and iOS)',
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
      author: { '@type': 'Organization', name: 'Pacewise Coaching Team', url: 'https://pacewise.example/about' },
      url: post.url,
      mainEntityOfPage: { '@type': 'WebPage', '@id': post.url },
      keywords: ['running'],
    });
    expect(ld).not.toHaveProperty('image');
    expect(blogPostingJsonLd(post, site, { imageUrl: `${post.url}/opengraph-image` }).image).toBe(`${post.url}/opengraph-image`);
  });
});

describe('webSiteJsonLd, breadcrumbJsonLd, collectionPageJsonLd', () => {
  it('names the site with its home URL, published by the organisation node', () => {
    expect(webSiteJsonLd(site)).toMatchObject({
      '@type': 'WebSite',
      name: 'Pacewise',
      url: 'https://pacewise.example/',
      publisher: { '@id': 'https://pacewise.example/#organization' },
    });
  });

  it('numbers a breadcrumb trail from the home page down', () => {
    const ld = breadcrumbJsonLd(site, [
      { name: 'Blog', url: 'https://pacewise.example/blog' },
      { name: 'Running', url: 'https://pacewise.example/blog/tags/running' },
    ]);
    expect(ld['@type']).toBe('BreadcrumbList');
    expect(ld.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Pacewise', item: 'https://pacewise.example/' },
      { '@type': 'ListItem', position: 2, name: 'Blog', item: 'https://pacewise.example/blog' },
      { '@type': 'ListItem', position: 3, name: 'Running', item: 'https://pacewise.example/blog/tags/running' },
    ]);
  });

  it('lists the posts of a tag page in order', () => {
    const ld = collectionPageJsonLd({
      name: 'Blog: Running',
      description: 'Runs.',
      url: 'https://pacewise.example/blog/tags/running',
      posts: [post, { ...post, title: 'B', url: 'https://pacewise.example/blog/b' }],
    });
    expect(ld).toMatchObject({ '@type': 'CollectionPage', name: 'Blog: Running', url: 'https://pacewise.example/blog/tags/running' });
    expect(
      (ld.mainEntity as { itemListElement: { position: number; url: string }[] }).itemListElement.map((i) => [i.position, i.url]),
    ).toEqual([
      [1, post.url],
      [2, 'https://pacewise.example/blog/b'],
    ]);
  });
});

describe('isRealDestination', () => {
  it.each([
    ['https://apps.example/pacewise', false],
    ['https://news-outlet-a.example/2026/x', false],
    ['https://EXAMPLE/x', false],
    ['https://pacewise.example./x', false],
    ['not a url', false],
    // RFC 2606 reserves example.com/.net/.org and the .test and .invalid names too.
    ['https://example.com/x', false],
    ['https://www.example.org/x', false],
    ['https://shop.test/', false],
    ['https://a.invalid/', false],
    ['https://notexample.com/x', true],
    ['https://apps.apple.com/app/id1', true],
    ['https://www.examples.org/', true],
  ])('%s -> %s', (url, real) => expect(isRealDestination(url)).toBe(real));
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
