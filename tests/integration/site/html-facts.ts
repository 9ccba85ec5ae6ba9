// Reads served HTML with an HTML5 parser (cheerio over parse5, the WHATWG parsing algorithm a browser
// uses; scripts never run), so the checks see the document the way a browser or crawler does,
// without starting a browser.
import { load, type CheerioAPI } from 'cheerio';

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

/** A parsed document as DOMParser gives it: a template's content is not part of the tree. */
function parse(html: string): CheerioAPI {
  const $ = load(html);
  $('template').empty();
  return $;
}

function facts(html: string): HtmlFacts {
  const $ = parse(html);
  const meta: Record<string, string> = {};
  $('meta[property], meta[name]').each((_, m) => {
    const key = $(m).attr('property') ?? $(m).attr('name')!;
    if (!(key in meta)) meta[key] = $(m).attr('content') ?? '';
  });
  const main = $('main').first();
  const anchors = main.length ? main.find('a[href]') : $('a[href]');
  const body = $('body').first().clone();
  body.find('script, style, template').remove();
  return {
    lang: $('html').attr('lang') ?? null,
    // document.title: the first <title>, ASCII whitespace stripped and collapsed.
    title: $('title')
      .first()
      .text()
      .replace(/[\t\n\f\r ]+/g, ' ')
      .trim(),
    description: $('meta[name="description"]').first().attr('content') ?? null,
    canonical: $('link[rel="canonical"]').first().attr('href') ?? null,
    alternates: $('link[rel="alternate"]')
      .toArray()
      .map((l) => ({ type: $(l).attr('type') ?? '', href: $(l).attr('href') ?? '' })),
    meta,
    jsonLdTexts: $('script[type="application/ld+json"]')
      .toArray()
      .map((s) => $(s).text()),
    h1: $('h1')
      .toArray()
      .map((h) => $(h).text().trim()),
    mainCount: $('main').length,
    links: anchors.toArray().map((a) => ({ href: $(a).attr('href')!, text: $(a).text().trim() })),
    ids: $('[id]')
      .toArray()
      .map((e) => $(e).attr('id')!),
    bodyText: body.text(),
  };
}

/** The page reader (async, as callers await it). */
export async function htmlParser(): Promise<(html: string) => Promise<HtmlFacts>> {
  return async (html: string) => facts(html);
}

export type ElementFacts = { text: string; href: string | null; id: string; dateTime: string | null };

/** The elements of `html` matching a CSS selector, in document order. */
export async function selectAll(html: string, selector: string): Promise<ElementFacts[]> {
  const $ = parse(html);
  return $(selector)
    .toArray()
    .map((e) => ({
      text: $(e).text().trim(),
      href: $(e).attr('href') ?? null,
      id: $(e).attr('id') ?? '',
      dateTime: $(e).attr('datetime') ?? null,
    }));
}

/** Kept for the callers' afterAll: nothing to close, no browser is started. */
export async function closeHtmlParser(): Promise<void> {}

/** Every JSON-LD block of a page, parsed; a block that does not parse fails the caller. */
export function jsonLdOf(facts: HtmlFacts): Record<string, unknown>[] {
  return facts.jsonLdTexts.map((t) => JSON.parse(t) as Record<string, unknown>);
}
