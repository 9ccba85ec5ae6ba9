// Small marks on rendered copy so the stylesheet can set it well; the text itself is never changed.

/** A paragraph that is only a bold equation (`**e1RM = weight × (1 + reps / 30)**`) is a formula. */
const FORMULA = /<p><strong>([^<]*=[^<]*)<\/strong><\/p>/g;

export function markFormulas(html: string): string {
  return html.replace(FORMULA, '<p class="formula"><strong>$1</strong></p>');
}
