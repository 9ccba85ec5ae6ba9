// Generated parts of pages (the same records the HTML pages render), written as Markdown.
import { absoluteUrl, getFaq, getPosts, getProduct, getTagPages, type Post } from '@/lib/content';
import { integrationCatalogue } from '@/lib/content/integration-catalogue';

export function markdownUrl(path: string): string {
  return absoluteUrl(path === '/' ? '/index.md' : `${path}.md`);
}

export function featuresSection(): string {
  const features = getProduct()
    .features.map((f) => `- **${f.name}**: ${f.description}`)
    .join('\n');
  return `## Features\n\n${features}\n`;
}

export function productFactsSection(): string {
  const p = getProduct();
  return [
    '## At a glance',
    '',
    `- Platforms: ${p.operatingSystem}`,
    `- Category: ${p.applicationCategory}${p.applicationSubCategory ? ` (${p.applicationSubCategory})` : ''}`,
    `- Integrations: ${p.integrations.join(', ')}`,
    `- Get started: <${absoluteUrl('/sign-up')}> (create an account), then connect an agent: <${absoluteUrl('/agents')}>`,
    '',
  ].join('\n');
}

export function integrationsSection(): string {
  const rows = integrationCatalogue.map(
    (i) =>
      `- **${i.name}** (${i.kind === 'oauth' ? 'connect from the app or through an agent' : 'connect in the mobile app'}): ${i.description} Syncs: ${i.syncs.join(', ')}.`,
  );
  return `## Available integrations\n\n${rows.join('\n')}\n`;
}

export function faqSection(): string {
  return getFaq()
    .map(
      (item) =>
        `## ${item.question}\n\n${item.answer}${item.href ? `\n\nMore: [${absoluteUrl(item.href)}](${markdownUrl(item.href)})` : ''}\n`,
    )
    .join('\n');
}

export function postListItem(post: Post): string {
  return `- [${post.title}](${markdownUrl(post.path)}) (${post.publishedDate}): ${post.summary}`;
}

export function postListSection(posts = getPosts(), heading = 'All posts, newest first'): string {
  return `## ${heading}\n\n${posts.map(postListItem).join('\n')}\n`;
}

/** The blog's topics, each linking its tag page's twin. */
export function topicsSection(): string {
  return `## Topics\n\n${getTagPages()
    .map((t) => `- [${t.name}](${markdownUrl(t.path)}) (${t.posts.length} posts)`)
    .join('\n')}\n`;
}
