// A small standalone HTML page for responses that are not React pages (OAuth errors shown to a
// person's browser, rejected or throttled form posts).
import crypto from 'node:crypto';
import { escapeHtml as esc } from '@/lib/web/html-escape';
import { PERMISSIONS_POLICY } from '@/lib/web/security-headers';

const STYLE =
  ':root{color-scheme:light dark}body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.6}code{padding:.1em .3em;border:1px solid #8886;border-radius:.3em}';
const STYLE_HASH = `'sha256-${crypto.createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * The headers of every message page, wherever it is answered (the proxy only sees endpoints there):
 * no script at all, its one inline style by hash, never framed, never cached.
 */
export const MESSAGE_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': `default-src 'none'; style-src ${STYLE_HASH}; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cache-Control': 'no-store',
};

export function messagePage(options: { heading: string; message: string; code?: string; link?: { href: string; text: string } }): string {
  const { heading, message, code, link } = options;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${esc(heading)} · Pacewise</title>
<style>${STYLE}</style></head>
<body><main><h1>${esc(heading)}</h1><p>${esc(message)}</p>${code ? `<p>Error code: <code>${esc(code)}</code></p>` : ''}<p><a href="${esc(link?.href ?? '/')}">${esc(link?.text ?? 'Pacewise home')}</a></p></main></body></html>`;
}
