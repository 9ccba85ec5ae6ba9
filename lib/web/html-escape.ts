// Escaping for HTML written as a string (server-rendered pages outside React): one rule for text and
// for double- or single-quoted attribute values, so every page escapes the same way.

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `value` as HTML text or a quoted attribute value: & < > " ' escaped; null and undefined give ''. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
