// Every twin: absolute links and last_updated; the Content-Signal policy on pages, twins and robots.txt.
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, BROWSER, POLICY, mdPath, frontMatterOf, get, sitemap } from './agent-support';

let paths: string[] = [];
let lastmod = new Map<string, string>();

beforeAll(async () => {
  ({ paths, lastmod } = await sitemap());
});

describe('every twin: absolute links, last_updated; the Content-Signal policy', () => {
  it('no root-relative link or image; last_updated is the sitemap lastmod', async () => {
    let absoluteLinks = 0;
    for (const path of paths) {
      const body = await (await fetch(baseUrl + mdPath(path))).text();
      const fm = frontMatterOf(body);
      expect(fm.last_updated, path).toBe(lastmod.get(path));
      expect(body, path).not.toMatch(/\]\(\/(?!\/)/);
      expect(body, path).not.toMatch(/^\s{0,3}\[[^\]]+\]:\s*\/(?!\/)/m);
      expect(body, path).not.toMatch(/href="\/(?!\/)/);
      absoluteLinks += body.split(`](${baseUrl}/`).length - 1;
    }
    // The copy links within the site (150+ links that used to be root-relative).
    expect(absoluteLinks).toBeGreaterThan(150);
  });

  it.each([
    { name: 'home page', path: '/', accept: BROWSER },
    { name: 'a post', path: '/blog/vdot-explained', accept: BROWSER },
    { name: 'the sign-in page', path: '/sign-in', accept: BROWSER },
    { name: 'a negotiated twin', path: '/faq', accept: 'text/markdown' },
    { name: 'a .md twin', path: '/blog/vdot-explained.md' },
    { name: 'the Markdown 404', path: '/no-such-page', accept: 'text/markdown' },
  ])('Content-Signal header on $name', async ({ path, accept }) => {
    const { res } = await get(path, accept);
    expect(res.headers.get('content-signal')).toBe(POLICY);
  });

  it('robots.txt carries the same Content-Signal in its User-Agent: * group', async () => {
    const text = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(text).toMatch(
      new RegExp(`^User-Agent: \\*\\nContent-Signal: ${POLICY.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\nAllow: /$`, 'm'),
    );
  });
});
