import { describe, expect, it } from 'vitest';
import { absoluteUrl } from '@/lib/content/site';

describe('absoluteUrl', () => {
  it.each([
    ['/', 'http://localhost:3000/'],
    ['/blog/vdot-explained', 'http://localhost:3000/blog/vdot-explained'],
    ['//evil.example/x', 'http://localhost:3000/evil.example/x'],
    ["/\\'; DELETE", "http://localhost:3000/';%20DELETE"],
    ['/a\\b', 'http://localhost:3000/a%5Cb'],
    ['\\\\evil.example', 'http://localhost:3000/evil.example'],
  ])('%s stays on the site', (path, expected) => {
    expect(absoluteUrl(path)).toBe(expected);
  });
});
