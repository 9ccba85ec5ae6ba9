/** A 303 See Other to a path on this site (the browser keeps the origin it is on). */
export function seeOther(path: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 303, headers: { Location: path, 'Cache-Control': 'no-store', ...headers } });
}

export function withQuery(path: string, params: Record<string, string | undefined>): string {
  const entries = Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined);
  if (!entries.length) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(entries).toString()}`;
}
