// The Content API schemas refuse what the contract forbids, and the content passes them.
import { describe, expect, it } from 'vitest';
import { getPosts } from '@/lib/content';
import { BlogPost, BlogPostWithMarkdown, FaqItem, NotFound, Press, SitePage } from '@/lib/public-api/schemas';
import { blogPost, faqList, pageList, postList, postMarkdownBody, pressLinks, product, siteIdentity } from '@/lib/public-api/resources';

const post = { slug: 's', title: 't', summary: 's', url: 'https://pacewise.example/blog/s', publishedDate: '2026-04-30' };

describe('schemas', () => {
  it('reject unknown fields (strict objects)', () => {
    expect(NotFound.safeParse({ error: 'x', hint: 'y' }).success).toBe(false);
    expect(BlogPost.safeParse({ ...post, price: 0 }).success).toBe(false);
  });

  it.each(['/blog/s', 'blog/s', 'javascript:alert(1)', 'mailto:a@b.example', ''])('reject %j as a uri', (url) => {
    expect(BlogPost.safeParse({ ...post, url }).success).toBe(false);
    expect(Press.safeParse({ pressOutletA: url, pressOutletB: url, launchLink: url }).success).toBe(false);
  });

  it.each(['2026-4-30', '2026-02-30', '30/04/2026', '2026-04-30T00:00:00Z'])('reject %j as a date', (publishedDate) => {
    expect(BlogPost.safeParse({ ...post, publishedDate }).success).toBe(false);
  });

  it('require markdown on a single post, and only there', () => {
    expect(BlogPost.safeParse(post).success).toBe(true);
    expect(BlogPostWithMarkdown.safeParse(post).success).toBe(false);
    expect(BlogPostWithMarkdown.safeParse({ ...post, markdown: 'Body.' }).success).toBe(true);
  });

  it('keep paths and FAQ links site-relative', () => {
    expect(SitePage.safeParse({ path: 'about', url: 'https://pacewise.example/about', title: 't', description: 'd' }).success).toBe(false);
    expect(FaqItem.safeParse({ question: 'q', answer: 'a', href: 'https://elsewhere.example/' }).success).toBe(false);
  });
});

describe('resources built from the content', () => {
  it('all parse (a content error fails here before it can ship)', () => {
    expect(() => [siteIdentity(), product(), pressLinks(), pageList(), postList(), faqList()]).not.toThrow();
  });

  it('give every post its Markdown body, without front matter', () => {
    const posts = getPosts();
    expect.assertions(1 + 3 * posts.length);
    expect(posts.length).toBeGreaterThan(0);
    for (const p of posts) {
      const result = blogPost(p.slug);
      expect(result.found).toBe(true);
      const body = result.body as { markdown: string };
      expect(body.markdown).toBe(postMarkdownBody(p));
      expect(body.markdown.startsWith('---')).toBe(false);
    }
  });

  it('answer an unknown slug with a bounded NotFound message', () => {
    const result = blogPost('x'.repeat(10_000));
    expect(result.found).toBe(false);
    expect((result.body as { error: string }).error.length).toBeLessThan(250);
    expect(blogPost('__proto__').found).toBe(false);
  });

  it('publish no price anywhere in the product', () => {
    expect(JSON.stringify(product())).not.toMatch(/price/i);
  });
});
