// What `npm run dev` serves and where it says it is, kept pure so a unit test can hold it to the
// rules: the port comes from `-p`/`--port`/`PORT` (3000 by default); SITE_URL and MCP_BASE_URL
// default to the origin really served; a value that names another port or scheme on this machine
// stops the start with the fix (the 401's discovery URLs would otherwise send every client to a
// port nobody listens on).

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const WILDCARD = new Set(['0.0.0.0', '::', '[::]']);

export type DevArgs = { port: number; portGiven: boolean; hostname: string | undefined; https: boolean; rest: string[] };
type Env = Record<string, string | undefined>;

/** Splits `next dev` arguments into the port and hostname we decide on and the rest, passed through. */
export function parseDevArgs(argv: readonly string[], env: Env): DevArgs | { error: string } {
  let port: string | undefined;
  let hostname: string | undefined;
  let https = false;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const inline = /^(--port|--hostname|-p|-H)=(.*)$/.exec(arg);
    const name = inline ? inline[1]! : arg;
    if (['-p', '--port', '-H', '--hostname'].includes(name)) {
      const value = inline ? inline[2] : argv[++i];
      if (value === undefined || value === '')
        return {
          error: `${name} needs a value, e.g. npm run dev -- ${name.startsWith('-p') || name === '--port' ? `${name} 4103` : `${name} 127.0.0.1`}`,
        };
      if (name === '-p' || name === '--port') port = value;
      else hostname = value;
      continue;
    }
    if (arg === '--experimental-https') https = true;
    rest.push(arg);
  }
  const portGiven = port !== undefined || Boolean(env.PORT);
  const raw = port ?? env.PORT ?? '3000';
  const n = Number(raw);
  if (!/^\d+$/.test(String(raw)) || n < 1 || n > 65535)
    return { error: `The port must be a number from 1 to 65535 (got ${JSON.stringify(raw)}), e.g. npm run dev -- -p 4103` };
  return { port: n, portGiven, hostname, https, rest };
}

/** The origin a browser on this machine uses for the dev server. */
export function servedOrigin(port: number, hostname: string | undefined, https: boolean): string {
  const host =
    !hostname || WILDCARD.has(hostname) ? 'localhost' : hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
  return `${https ? 'https' : 'http'}://${host}:${port}`;
}

function effectivePort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/**
 * SITE_URL and MCP_BASE_URL for the dev server: the served origin unless set; a set value must be
 * that origin (any loopback name for this machine at the same port and scheme), or, with
 * PACEWISE_DEV_TUNNEL=1, a public origin that forwards to it (a tunnel for a cloud host).
 */
export function devOrigins(env: Env, served: string): { siteUrl: string; mcpBaseUrl: string; notes: string[] } | { error: string } {
  const servedUrl = new URL(served);
  const notes: string[] = [];
  const check = (name: string, value: string): { value: string } | { error: string } => {
    let url: URL | null;
    try {
      url = new URL(value.trim());
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      return {
        error: `${name}=${JSON.stringify(value)} is not an http(s) URL. Unset it (npm run dev then uses ${served}) or set it to ${served}.`,
      };
    }
    if (LOOPBACK.has(url.hostname)) {
      if (url.protocol === servedUrl.protocol && effectivePort(url) === effectivePort(servedUrl)) return { value: url.origin };
      return {
        error:
          `${name}=${value} disagrees with the server npm run dev starts, ${served}: OAuth discovery would send every client to ${url.origin}, where nothing answers. ` +
          `Unset ${name} (it then follows the port), set it to ${served}, or start on its port: npm run dev -- -p ${effectivePort(url)}.`,
      };
    }
    if (env.PACEWISE_DEV_TUNNEL === '1') {
      notes.push(`${name}=${url.origin} (PACEWISE_DEV_TUNNEL=1): it must forward to ${served}.`);
      return { value: url.origin };
    }
    return {
      error:
        `${name}=${value} is not this machine, and npm run dev serves ${served}. Unset ${name} (it then follows the port), ` +
        `or, when ${url.origin} is a tunnel that forwards to ${served}, also set PACEWISE_DEV_TUNNEL=1.`,
    };
  };
  const site = env.SITE_URL ? check('SITE_URL', env.SITE_URL) : { value: served };
  if ('error' in site) return site;
  const mcp = env.MCP_BASE_URL ? check('MCP_BASE_URL', env.MCP_BASE_URL) : { value: site.value };
  if ('error' in mcp) return mcp;
  return { siteUrl: site.value, mcpBaseUrl: mcp.value, notes };
}

/**
 * What to paste into a host to connect it to this server.
 */
export function devBanner(siteUrl: string, mcpBaseUrl: string, { demo }: { demo: boolean }): string {
  const tool = `${mcpBaseUrl}/mcp`;
  return [
    '',
    `Pacewise is running at ${siteUrl}`,
    ...(demo ? ['  Demo sign-in: demo@pacewise.example / pacewise-demo-2026 (development only; an active test subscription)'] : []),
    '',
    `  MCP tool URL:  ${tool}`,
    `  Claude Code:   claude mcp add --transport http pacewise ${tool}`,
    `  mcp.json:      ${JSON.stringify({ mcpServers: { pacewise: { url: tool } } })}`,
    `  VS Code:       ${JSON.stringify({ servers: { pacewise: { type: 'http', url: tool } } })}`,
    `  stdio hosts:   npx -y mcp-remote ${tool}`,
    `  pacewise CLI:  npm run connect -- --server ${tool}`,
    '',
  ].join('\n');
}
