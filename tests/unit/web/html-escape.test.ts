import { describe, expect, it } from 'vitest';
import { escapeHtml } from '@/lib/web/html-escape';

describe('escapeHtml: one rule for HTML text and quoted attribute values', () => {
  const CASES: [unknown, string][] = [
    ['plain text', 'plain text'],
    ['<script>alert("x")</script>', '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'],
    [`" onmouseover='x'`, '&quot; onmouseover=&#39;x&#39;'],
    ['&amp; already escaped', '&amp;amp; already escaped'],
    ['https://app.example/cb?a=1&b=2', 'https://app.example/cb?a=1&amp;b=2'],
    [null, ''],
    [undefined, ''],
    [42, '42'],
  ];
  it.each(CASES)('escapeHtml(%j) is %j', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });
});
