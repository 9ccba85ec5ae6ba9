/** Copy written in content/ and rendered to HTML at build time (trusted: it is our own Markdown). */
export function Prose({ html, className }: { html: string; className?: string }) {
  if (!html.trim()) return null;
  return <div className={className ? `prose ${className}` : 'prose'} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Splits rendered copy before its first <h2>: the opening paragraphs, then the sections. */
export function splitAtFirstSection(html: string): { intro: string; sections: string } {
  const i = html.indexOf('<h2');
  return i < 0 ? { intro: html, sections: '' } : { intro: html.slice(0, i), sections: html.slice(i) };
}

/** Splits rendered copy after its first paragraph. */
export function splitAtFirstParagraph(html: string): { first: string; rest: string } {
  const i = html.indexOf('</p>');
  return i < 0 ? { first: html, rest: '' } : { first: html.slice(0, i + 4), rest: html.slice(i + 4) };
}
