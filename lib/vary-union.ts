// Next.js replaces the Vary header of App Router pages with its own list (`res.setHeader('Vary',
// 'rsc, next-router-state-tree, ...')` in its page handler), dropping the `Vary: Accept` proxy.ts
// adds to pages that also exist as Markdown. A shared cache (Varnish, nginx, Cloudflare, Fastly)
// would then store the HTML under the bare URL and hand it to Markdown clients. On the Node server
// this hook makes every later setting of Vary add to the tokens already set instead of replacing
// them; a union of Vary tokens is always safe for caches (it can only split variants further).
// Installed once per process from lib/startup.ts. On Vercel the proxy runs before the edge cache,
// which keys the Markdown rewrite separately.
import http from 'node:http';

const marker = Symbol.for('pacewise.varyUnion');

/** The union of two Vary values, keeping the first spelling of each token; `*` absorbs all. */
export function unionVary(existing: string | undefined, added: string): string {
  const tokens: string[] = [];
  const seen = new Set<string>();
  for (const token of `${existing ?? ''},${added}`.split(',')) {
    const t = token.trim();
    if (!t || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    tokens.push(t);
  }
  return seen.has('*') ? '*' : tokens.join(', ');
}

function varyValue(value: number | string | readonly string[]): string {
  return Array.isArray(value) ? value.join(', ') : String(value);
}

export function installVaryUnion(): void {
  const proto = http.ServerResponse.prototype as http.ServerResponse & { [marker]?: boolean };
  if (proto[marker]) return;
  proto[marker] = true;
  const setHeader = proto.setHeader;
  proto.setHeader = function (this: http.ServerResponse, name: string, value: number | string | readonly string[]) {
    if (name.toLowerCase() === 'vary') {
      const current = this.getHeader('vary');
      if (current !== undefined) return setHeader.call(this, name, unionVary(varyValue(current), varyValue(value)));
    }
    return setHeader.call(this, name, value);
  } as typeof proto.setHeader;
}
