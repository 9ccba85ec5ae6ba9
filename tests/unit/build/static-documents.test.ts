// The post-build rewrite of prerendered pages: Next's client runtime goes, the document stays.
import { describe, expect, it } from 'vitest';
import { ENHANCE_TAG, SESSION_NAV_TAG, stripClientRuntime } from '@/lib/build/static-documents';

const head =
  '<head><meta charSet="utf-8"/><link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/b.js"/>' +
  '<link rel="modulepreload" href="/_next/static/chunks/m.js"/>' +
  '<script src="/_next/static/chunks/c.js" async=""></script><script src="/_next/static/chunks/p.js" noModule=""></script>' +
  '<link rel="canonical" href="https://pacewise.example/faq"/><link rel="preload" as="image" href="/hero.png"/></head>';
const body =
  '<body><main><h1>FAQ</h1><p>Text about self.__next_f.push and &lt;script&gt; stays.</p></main>' +
  '<script type="application/ld+json">{"@type":"FAQPage"}</script>' +
  '<script id="_R_">(globalThis["TURBOPACK"]||[]).push({})</script>' +
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>' +
  '<script>self.__next_f.push([1,"0:[\\"$\\",\\"main\\"]\\n"])</script></body>';

describe('stripClientRuntime', () => {
  const out = stripClientRuntime(`<!DOCTYPE html><html lang="en">${head}${body}</html>`);

  it('removes the runtime chunks, their preloads, the bootstrap and the inlined RSC payload', () => {
    expect(out).not.toMatch(/_next\/static\/chunks\/[^"]+\.js/);
    expect(out).not.toContain('__next_f=');
    expect(out).not.toContain('"0:[');
    expect(out).not.toContain('TURBOPACK');
    expect([...out.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual(['<script type="application/ld+json">']);
  });

  it('keeps the markup, the stylesheet, other hints and the structured data', () => {
    expect(out).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>');
    expect(out).toContain('<link rel="canonical" href="https://pacewise.example/faq"/>');
    expect(out).toContain('<link rel="preload" as="image" href="/hero.png"/>');
    expect(out).toContain('<main><h1>FAQ</h1><p>Text about self.__next_f.push and &lt;script&gt; stays.</p></main>');
    expect(out).toContain('<script type="application/ld+json">{"@type":"FAQPage"}</script>');
  });

  it('is idempotent', () => {
    expect(stripClientRuntime(out)).toBe(out);
  });

  it('refuses a page with any other executable script rather than ship it without its runtime', () => {
    expect(() => stripClientRuntime('<html><body><script>alert(1)</script></body></html>')).toThrow(/unexpected script/);
    expect(() => stripClientRuntime('<html><body><script src="https://cdn.example/x.js"></script></body></html>')).toThrow(
      /unexpected script/,
    );
  });

  it("keeps exactly the header's session script, and nothing that merely resembles it", () => {
    const page = `<html><body><header>${SESSION_NAV_TAG}</header><script type="application/ld+json">{}</script></body></html>`;
    expect(stripClientRuntime(page)).toBe(page);
    for (const lookalike of [
      '<script src="/session-nav.js"></script>', // not deferred: would block rendering
      '<script src="/session-nav.js" defer="">alert(1)</script>', // inline code riding along
      '<script src="/session-nav.js?x=1" defer=""></script>',
      '<script src="//cdn.example/session-nav.js" defer=""></script>',
      '<script src="/session-nav.js" defer="" type="module"></script>',
      `${SESSION_NAV_TAG}<script>alert(1)</script>`,
    ]) {
      expect(() => stripClientRuntime(`<html><body>${lookalike}</body></html>`), lookalike).toThrow(/unexpected script/);
    }
    expect.assertions(7);
  });

  it('keeps the copy button script beside it, and nothing that resembles it', () => {
    const page = `<html><body><header>${SESSION_NAV_TAG}</header><main>${ENHANCE_TAG}</main></body></html>`;
    expect(stripClientRuntime(page)).toBe(page);
    for (const lookalike of [
      '<script src="/enhance.js"></script>',
      '<script src="/enhance.js?v=2" defer=""></script>',
      `${ENHANCE_TAG}<script>alert(1)</script>`,
    ])
      expect(() => stripClientRuntime(`<html><body>${lookalike}</body></html>`), lookalike).toThrow(/unexpected script/);
  });
});
