export function parseDevArgs(
  argv: string[],
  env: Record<string, string | undefined>,
): { port: number; portGiven: boolean; hostname: string | undefined; https: boolean; rest: string[] } | { error: string };
export function servedOrigin(port: number, hostname: string | undefined, https: boolean): string;
export function devOrigins(env: Record<string, string | undefined>, served: string): { siteUrl: string; mcpBaseUrl: string; notes: string[] } | { error: string };
export function devBanner(siteUrl: string, mcpBaseUrl: string, options: { demo: boolean }): string;
