// Small statistics and table printing for the bench and stress reports.

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Nearest-rank percentile of raw samples (p in 0..100). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const rank = Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length)));
  return s[rank - 1]!;
}

export function round(n: number, digits = 1): number {
  if (!Number.isFinite(n)) return n;
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export function ratio(value: number, baseline: number): number {
  return baseline > 0 ? round(value / baseline, 2) : NaN;
}

/** A plain-text table: the first row is the header; numbers are right-aligned. */
export function table(rows: (string | number)[][]): string {
  const cells = rows.map((r) => r.map((c) => (typeof c === 'number' ? (Number.isFinite(c) ? String(c) : '-') : c)));
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[], raw: (string | number)[]) =>
    r
      .map((c, i) => (typeof raw[i] === 'number' ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [line(cells[0]!, rows[0]!), widths.map((w) => '-'.repeat(w)).join('  ')];
  for (let i = 1; i < cells.length; i++) out.push(line(cells[i]!, rows[i]!));
  return out.join('\n');
}

export function heading(title: string): string {
  return `\n== ${title} ==`;
}
