import { z } from 'zod';
import { allPosts } from './source';
import { absoluteUrl } from './site';
import { fillEngineExamples } from './engine-examples';
import { markFormulas } from './prose-html';

export type Post = {
  slug: string;
  title: string;
  summary: string;
  /** Site-relative path of the HTML page. */
  path: string;
  url: string;
  publishedDate: string; // YYYY-MM-DD
  author: string;
  tags: string[];
  /** The article body in Markdown (no front matter, no title). */
  markdown: string;
  html: string;
  wordCount: number;
  /** Led with on the home page and the blog index (content/posts front matter `featured: true`). */
  featured: boolean;
};

const slugRule = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'post file names must be lowercase kebab-case');

const posts: Post[] = allPosts
  .filter((p) => !p.draft)
  .map((p) => {
    const slug = slugRule.parse(p.slug);
    // Example reasons are the engine's own words (lib/content/engine-examples.ts).
    const markdown = fillEngineExamples(p.body.raw, 'markdown').trim() + '\n';
    return {
      slug,
      title: fillEngineExamples(p.title),
      summary: fillEngineExamples(p.summary),
      path: `/blog/${slug}`,
      url: absoluteUrl(`/blog/${slug}`),
      publishedDate: p.publishedDate.slice(0, 10),
      author: p.author,
      tags: p.tags,
      markdown,
      html: markFormulas(fillEngineExamples(p.body.html, 'html')),
      wordCount: markdown.split(/\s+/).filter(Boolean).length,
      featured: p.featured === true,
    };
  })
  .sort((a, b) => b.publishedDate.localeCompare(a.publishedDate) || a.slug.localeCompare(b.slug));

/** Published posts, newest first. Drafts never appear. */
export function getPosts(): Post[] {
  return posts;
}

/** The featured posts (training, not the product's plumbing), newest first: what home and the blog lead with. */
export function getFeaturedPosts(): Post[] {
  return posts.filter((p) => p.featured);
}

export function getPost(slug: string): Post | undefined {
  return posts.find((p) => p.slug === slug);
}

export function getTags(): string[] {
  return [...new Set(posts.flatMap((p) => p.tags))].sort();
}
