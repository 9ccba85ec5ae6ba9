// Reads served HTML with Chromium's own parser (DOMParser, scripts never run), so the checks see the
// document the way a browser or crawler does.
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../support/browser';

export type HtmlFacts = {
  lang: string | null;
  title: string;
  description: string | null;
  canonical: string | null;
  alternates: { type: string; href: string }[];
  meta: Record<string, string>;
  jsonLdTexts: string[];
  h1: string[];
  mainCount: number;
  links: { href: string; text: string }[];
  ids: string[];
  /** Text a reader sees: the body without scripts and styles. */
  bodyText: string;
};

let browser: Browser | undefined;
let parserPage: Page | undefined;

export async function htmlParser(): Promise<(html: string) => Promise<HtmlFacts>> {
  browser ??= await launchBrowser();
  parserPage ??= await browser.newPage();
  const page = parserPage;
  return (html: string) =>
    page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'text/html');
      const meta: Record<string, string> = {};
      for (const m of Array.from(doc.querySelectorAll('meta[property], meta[name]'))) {
        const key = m.getAttribute('property') ?? m.getAttribute('name')!;
        if (!(key in meta)) meta[key] = m.getAttribute('content') ?? '';
      }
      const main = doc.querySelector('main');
      const body = doc.body.cloneNode(true) as HTMLElement;
      for (const el of Array.from(body.querySelectorAll('script, style, template'))) el.remove();
      return {
        lang: doc.documentElement.getAttribute('lang'),
        title: doc.title,
        description: doc.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
        canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
        alternates: Array.from(doc.querySelectorAll('link[rel="alternate"]')).map((l) => ({ type: l.getAttribute('type') ?? '', href: l.getAttribute('href') ?? '' })),
        meta,
        jsonLdTexts: Array.from(doc.querySelectorAll('script[type="application/ld+json"]')).map((s) => s.textContent ?? ''),
        h1: Array.from(doc.querySelectorAll('h1')).map((h) => (h.textContent ?? '').trim()),
        mainCount: doc.querySelectorAll('main').length,
        links: Array.from((main ?? doc).querySelectorAll('a[href]')).map((a) => ({ href: a.getAttribute('href')!, text: (a.textContent ?? '').trim() })),
        ids: Array.from(doc.querySelectorAll('[id]')).map((e) => e.id),
        bodyText: body.textContent ?? '',
      };
    }, html);
}

export type ElementFacts = { text: string; href: string | null; id: string; dateTime: string | null };

/** The elements of `html` matching a CSS selector, in document order. */
export async function selectAll(html: string, selector: string): Promise<ElementFacts[]> {
  await htmlParser();
  return parserPage!.evaluate(
    ([source, sel]) =>
      Array.from(new DOMParser().parseFromString(source, 'text/html').querySelectorAll(sel)).map((e) => ({
        text: (e.textContent ?? '').trim(),
        href: e.getAttribute('href'),
        id: e.id,
        dateTime: e.getAttribute('datetime'),
      })),
    [html, selector] as const,
  );
}

export async function closeHtmlParser(): Promise<void> {
  await browser?.close();
  browser = undefined;
  parserPage = undefined;
}

/** Every JSON-LD block of a page, parsed; a block that does not parse fails the caller. */
export function jsonLdOf(facts: HtmlFacts): Record<string, unknown>[] {
  return facts.jsonLdTexts.map((t) => JSON.parse(t) as Record<string, unknown>);
}
