// The HTML escape with named entities: text from data or input placed in an HTML body or a quoted
// attribute, for the views (lib/views/html.ts) and the site's engine examples (lib/content).

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `value` as text that HTML shows as written (null and undefined as empty). */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
