// The one page that shows a new calendar feed address (after Create or Rotate on /account): the
// address is the feed's only key, stored nowhere in readable form, so this page is the one moment
// it is shown. No script, never cached, never framed, no referrer.
import crypto from 'node:crypto';
import { escapeHtml } from './html';

const STYLE =
  ':root{color-scheme:light dark}body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.6}' +
  'code{display:block;padding:.5em;border:1px solid #8886;border-radius:.3em;overflow-wrap:anywhere;user-select:all}li{margin:.4em 0}';
const STYLE_HASH = `'sha256-${crypto.createHash('sha256').update(STYLE).digest('base64')}'`;

export const FEED_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
};

export function calendarFeedPage(urls: { https: string; webcal: string }, rotated: boolean): string {
  const e = escapeHtml;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Your calendar feed · Pacewise</title>
<style>${STYLE}</style></head><body><main>
<h1>Your calendar feed</h1>
${rotated ? '<p><strong>The previous address no longer works.</strong> Replace it in every calendar that subscribed to it.</p>' : ''}
<p>Copy this address now: it is shown only once. Anyone who has it can read your sessions; rotate it on your account page if it gets out.</p>
<p><label for="feed-https">Feed address (Google Calendar, Outlook)</label></p>
<code id="feed-https" data-testid="feed-url">${e(urls.https)}</code>
<ul>
<li><strong>Google Calendar</strong> (on a computer): Other calendars, +, From URL; paste the address. Google refreshes subscribed calendars every few hours.</li>
<li><strong>Outlook</strong>: Add calendar, Subscribe from web; paste the address.</li>
<li><strong>Apple Calendar</strong> (iPhone, iPad, Mac): <a href="${e(urls.webcal)}" data-testid="feed-webcal">open the webcal:// address</a>, or File, New Calendar Subscription with the address above.</li>
</ul>
<p><a href="/account">Back to your account</a></p>
</main></body></html>`;
}
