// Types of http.mjs for the TypeScript side (tests); the module itself is plain ESM.
export function proxyFor(target: URL, env?: Record<string, string | undefined>): URL | undefined;
export function httpFetch(url: string | URL, init?: RequestInit): Promise<Response>;
