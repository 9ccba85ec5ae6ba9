import { describe, expect, it } from 'vitest';
import { prefersMarkdown } from '@/lib/markdown/accept';

describe('prefersMarkdown', () => {
  it.each([
    ['a browser', 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', false],
    ['curl default', '*/*', false],
    ['no header', undefined, false],
    ['empty header', '', false],
    ['text/markdown', 'text/markdown', true],
    ['text/x-markdown', 'text/x-markdown', true],
    ['markdown preferred by q', 'text/html;q=0.5, text/markdown', true],
    ['html preferred by q', 'text/markdown;q=0.5, text/html;q=0.9', false],
    ['markdown excluded by q=0', 'text/markdown;q=0, text/html', false],
    ['markdown with charset', 'text/markdown; charset=utf-8', true],
    ['markdown then anything', 'text/markdown, */*;q=0.1', true],
    ['only unrelated types', 'application/json', false],
    ['text wildcard', 'text/*', false],
    ["equal q: the client's order decides", 'text/markdown, text/html', true],
    ['equal q, html listed first', 'text/html, text/markdown', false],
  ])('%s -> markdown=%s', (_name, accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });
});
