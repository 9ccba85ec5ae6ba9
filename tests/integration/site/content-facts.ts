// What the site must show, read straight from content/ (not through lib/content), so the pages are
// checked against the source files rather than against the code that renders them.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { fillEngineExamples } from '@/lib/content/engine-examples';
import { ROOT } from '../../../harness/server';

export const SITE_PATHS = [
  '/',
  '/product',
  '/how-it-works',
  '/integrations',
  '/agents',
  '/install',
  '/developers',
  '/faq',
  '/press',
  '/blog',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
] as const;

export type PostFacts = { slug: string; title: string; publishedDate: string; tags: string[]; featured: boolean };

function frontMatter(file: string): Record<string, unknown> {
  const text = fs.readFileSync(file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---/.exec(text);
  if (!match) throw new Error(`${file} has no front matter`);
  return parse(match[1]!) as Record<string, unknown>;
}

/** Published posts, newest first. */
export function postFacts(): PostFacts[] {
  const dir = path.join(ROOT, 'content', 'posts');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => ({ slug: f.replace(/\.md$/, ''), fm: frontMatter(path.join(dir, f)) }))
    .filter(({ fm }) => fm.draft !== true)
    .map(({ slug, fm }) => ({
      slug,
      title: String(fm.title),
      publishedDate: fm.publishedDate instanceof Date ? fm.publishedDate.toISOString().slice(0, 10) : String(fm.publishedDate).slice(0, 10),
      tags: (fm.tags as string[]) ?? [],
      featured: fm.featured === true,
    }))
    .sort((a, b) => b.publishedDate.localeCompare(a.publishedDate) || a.slug.localeCompare(b.slug));
}

export function siteFacts(): {
  name: string;
  email: string;
  press: Record<'pressOutletA' | 'pressOutletB' | 'launchLink', string>;
} {
  return parse(fs.readFileSync(path.join(ROOT, 'content', 'site.yaml'), 'utf8'));
}

/** FAQ items as written; example reasons (`{{engine:...}}`) are what the coaching engine writes for them. */
export function faqFacts(): { question: string; answer: string; href?: string }[] {
  const items: { question: string; answer: string; href?: string }[] = parse(
    fs.readFileSync(path.join(ROOT, 'content', 'faq.yaml'), 'utf8'),
  ).items;
  const { email } = siteFacts();
  return items.map((i) => ({ ...i, answer: fillEngineExamples(i.answer.replaceAll('{{CONTACT_EMAIL}}', email)) }));
}

export function productFacts(): { name: string; operatingSystem: string; applicationCategory: string; features: { name: string }[] } {
  return parse(fs.readFileSync(path.join(ROOT, 'content', 'product.yaml'), 'utf8'));
}
