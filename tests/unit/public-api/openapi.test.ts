// The generated document and its human-readable reference agree with each other and with the content.
import { describe, expect, it } from 'vitest';
import { getPosts } from '@/lib/content';
import { openApiDocument } from '@/lib/public-api/openapi';
import { apiReference, openApiReferenceMarkdown } from '@/lib/public-api/reference';

const OPERATION_IDS = ['getSiteIdentity', 'getProduct', 'listSitePages', 'getPressLinks', 'listBlogPosts', 'getBlogPost', 'listFaqItems'];

describe('openApiDocument', () => {
  it('lists the slugs of the published posts as the slug enum', () => {
    const param = openApiDocument().paths!['/api/public/posts/{slug}']!.get!.parameters![0] as { schema: { enum: string[] } };
    expect(param.schema.enum).toEqual(getPosts().map((p) => p.slug));
  });

  it('has no empty generator leftovers', () => {
    const doc = openApiDocument();
    expect(doc.webhooks).toBeUndefined();
    expect(doc.components?.parameters).toBeUndefined();
  });
});

describe('apiReference and openApiReferenceMarkdown', () => {
  it('cover the seven operations in tag order, with their schemas and a runnable curl', () => {
    const ref = apiReference();
    const ops = ref.tags.flatMap((t) => t.operations);
    expect(ops.map((o) => o.operationId)).toEqual(OPERATION_IDS);
    const site = ops.find((o) => o.operationId === 'getSiteIdentity')!;
    expect(site.schemas.map((s) => s.name)).toEqual(['SiteIdentity', 'PostalAddress', 'DiscoveryLinks']);
    expect(site.schemas[0]!.fields.find((f) => f.name === 'sameAs')).toEqual(
      expect.objectContaining({ type: 'array of string (uri)', required: false }),
    );
    const post = ops.find((o) => o.operationId === 'getBlogPost')!;
    expect(post.curl).toBe(`curl -s ${ref.server}/api/public/posts/${getPosts()[0]!.slug}`);
    expect(post.responses.map((r) => [r.status, r.schema])).toEqual([
      ['200', 'BlogPost'],
      ['404', 'NotFound'],
    ]);
    expect(post.schemas.map((s) => s.name)).toEqual(['BlogPost', 'NotFound']);
  });

  it('render as Markdown with a heading per operation, field tables and examples', () => {
    const md = openApiReferenceMarkdown();
    expect(md.startsWith('## API reference\n')).toBe(true);
    for (const id of OPERATION_IDS) expect(md).toMatch(new RegExp(`^#### ${id}: `, 'm'));
    expect(md).toContain('| `publishedDate` | string (date) | yes |');
    expect(md.match(/^```sh$/gm)).toHaveLength(7);
    for (const p of getPosts()) expect(md).toContain(`\`${p.slug}\``);
    // Pipes inside cells would break a table row.
    for (const line of md.split('\n').filter((l) => l.startsWith('| `'))) expect(line.split(/(?<!\\)\|/).length).toBeGreaterThanOrEqual(5);
  });
});
