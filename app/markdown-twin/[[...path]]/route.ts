// The Markdown twins as prerendered files (proxy.ts answers Accept: text/markdown itself and `.md` is
// rewritten to pages/api/markdown, from the same records, so twins also work behind a
// TLS-terminating proxy). Only known paths.
import { markdownErrorHeaders, markdownForPath, markdownHeaders, notFoundTwin, twinPaths } from '@/lib/markdown';

export const dynamic = 'force-static';
// Only the prerendered twins: another path is a 404 that renders and stores nothing (unknown twins are
// answered by proxy.ts and pages/api/markdown; this holds for direct requests to /markdown-twin too).
export const dynamicParams = false;

export function generateStaticParams() {
  return twinPaths().map((p) => ({ path: p === '/' ? [] : p.slice(1).split('/') }));
}

/** A segment that is not valid percent-encoding (e.g. `abc%` once Next has decoded `abc%25`) is kept as is: a 404, not a 500. */
function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export async function GET(_req: Request, { params }: { params: Promise<{ path?: string[] }> }) {
  const segments = (await params).path ?? [];
  const path = '/' + segments.map(decodeSegment).join('/');
  const twin = markdownForPath(path);
  if (twin) return new Response(twin, { headers: markdownHeaders(path, twin) });
  const body = notFoundTwin();
  return new Response(body, { status: 404, headers: markdownErrorHeaders(body) });
}
