// Generated parts of pages (the same records the HTML pages render), written as Markdown.
import { absoluteUrl, getFaq, getPosts, getProduct, getSite, type Post } from '@/lib/content';
import { integrationCatalogue } from '@/lib/content/integration-catalogue';

export function markdownUrl(path: string): string {
  return absoluteUrl(path === '/' ? '/index.md' : `${path}.md`);
}

export function featuresSection(): string {
  const features = getProduct().features.map((f) => `- **${f.name}**: ${f.description}`).join('\n');
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
    `- Download: <${p.downloadUrl}>`,
    '',
  ].join('\n');
}

export function integrationsSection(): string {
  const rows = integrationCatalogue.map(
    (i) => `- **${i.name}** (${i.kind === 'oauth' ? 'connect from the app or through an agent' : 'connect in the mobile app'}): ${i.description} Syncs: ${i.syncs.join(', ')}.`,
  );
  return `## Available integrations\n\n${rows.join('\n')}\n`;
}

export function faqSection(): string {
  return getFaq()
    .map((item) => `## ${item.question}\n\n${item.answer}${item.href ? `\n\nMore: [${absoluteUrl(item.href)}](${markdownUrl(item.href)})` : ''}\n`)
    .join('\n');
}

export function postListItem(post: Post): string {
  return `- [${post.title}](${markdownUrl(post.path)}) (${post.publishedDate}): ${post.summary}`;
}

export function postListSection(posts = getPosts(), heading = 'All posts, newest first'): string {
  return `## ${heading}\n\n${posts.map(postListItem).join('\n')}\n`;
}

export function pressLinksSection(): string {
  const { press } = getSite();
  return [
    '## Coverage and launch',
    '',
    `- [Coverage (outlet A)](${press.pressOutletA})`,
    `- [Coverage (outlet B)](${press.pressOutletB})`,
    `- [Launch page](${press.launchLink})`,
    '',
  ].join('\n');
}
