// A shared cache inside the `next start` process. Every request Next answers passes its router and
// proxy.ts, about 1 ms of CPU even for a prerendered page whose bytes cannot change until the next
// build (README, "The public site"): that caps one instance near 1,100 pages/s where a CDN is not in
// front. This cache stores what Next answered, by the rules a CDN applies (lib/web/cache-rules.ts):
// only GET/HEAD answers a shared cache may store, keyed by method, scheme, host, URL and every
// request header the answer's Vary names, reused until its s-maxage ends. Everything else (no-store
// pages, conditional requests, writes, MCP, OAuth) goes to Next untouched. Responses are Next's own
// bytes, so no rule of the site is written twice. Off on Vercel, where the CDN serves prerendered
// responses before any function runs; ORIGIN_CACHE=0 turns it off elsewhere.
import http from 'node:http';
import { requestMayUseCache, sharedFreshnessSeconds, varyNames } from './cache-rules';
import { addRequestHook } from './request-hook';

type OutgoingHeaders = Record<string, number | string | readonly string[]>;

export type StoredResponse = {
  status: number;
  headers: OutgoingHeaders;
  body: Buffer;
  /** Lower-cased request header names from the answer's Vary, and the request's values for them. */
  vary: string[];
  varyValues: (string | undefined)[];
  expiresAt: number;
};

export type OriginCacheLimits = { maxBytes: number; maxEntries: number; maxBodyBytes: number; maxVariants: number };

const DEFAULT_LIMITS: OriginCacheLimits = { maxBytes: 32 * 1024 * 1024, maxEntries: 4096, maxBodyBytes: 1024 * 1024, maxVariants: 16 };

/** Headers about this connection or this moment, which Node writes afresh for every response. */
const NOT_STORED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'x-origin-cache']);

type RequestHeaders = http.IncomingHttpHeaders;

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Method, scheme, host and URL: what a CDN keys on before Vary. */
function primaryKey(req: http.IncomingMessage): string {
  const h = req.headers;
  const scheme = headerText(h['x-forwarded-proto']) ?? ((req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http');
  return `${req.method} ${scheme} ${headerText(h['x-forwarded-host']) ?? ''} ${h.host ?? ''} ${req.url}`;
}

/** Stored answers, least recently used first (a Map keeps insertion order). */
export class OriginCache {
  private readonly entries = new Map<string, StoredResponse[]>();
  private readonly weights = new WeakMap<StoredResponse, number>();
  private bytes = 0;
  private count = 0;

  constructor(private readonly limits: OriginCacheLimits = DEFAULT_LIMITS) {}

  get size(): { entries: number; bytes: number } {
    return { entries: this.count, bytes: this.bytes };
  }

  get maxBodyBytes(): number {
    return this.limits.maxBodyBytes;
  }

  lookup(key: string, headers: RequestHeaders, now: number): StoredResponse | undefined {
    const variants = this.entries.get(key);
    if (!variants) return undefined;
    const at = variants.findIndex((v) => v.vary.every((name, i) => headerText(headers[name]) === v.varyValues[i]));
    if (at < 0) return undefined;
    const found = variants[at]!;
    this.entries.delete(key);
    if (found.expiresAt <= now) {
      this.account(variants.splice(at, 1)[0]!, -1);
      if (variants.length > 0) this.entries.set(key, variants);
      return undefined;
    }
    // The most recently used key moves to the end.
    this.entries.set(key, variants);
    return found;
  }

  store(key: string, entry: StoredResponse): void {
    // Everything a request chose (URL, header values) counts, so hostile keys cannot outgrow the budget.
    this.weights.set(entry, entry.body.length + key.length + entry.varyValues.reduce((n, v) => n + (v?.length ?? 0), 0) + headerBytes(entry.headers));
    const variants = (this.entries.get(key) ?? []).filter((v) => {
      const replaced = v.vary.join() === entry.vary.join() && v.varyValues.every((value, i) => value === entry.varyValues[i]);
      if (replaced) this.account(v, -1);
      return !replaced;
    });
    while (variants.length >= this.limits.maxVariants) this.account(variants.shift()!, -1);
    variants.push(entry);
    this.account(entry, 1);
    this.entries.delete(key);
    this.entries.set(key, variants);
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes <= this.limits.maxBytes && this.count <= this.limits.maxEntries) break;
      while (oldest.length > 0 && (this.bytes > this.limits.maxBytes || this.count > this.limits.maxEntries)) this.account(oldest.shift()!, -1);
      if (oldest.length === 0) this.entries.delete(oldestKey);
    }
  }

  private account(entry: StoredResponse, sign: 1 | -1): void {
    this.bytes += sign * this.weights.get(entry)!;
    this.count += sign;
  }
}

function headerBytes(headers: OutgoingHeaders): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(headers)) bytes += name.length + String(value).length + 4;
  return bytes;
}

function lowerCased(headers: object): OutgoingHeaders {
  const out: OutgoingHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name.toLowerCase()] = value as string;
  return out;
}

/** Answers from a stored response: Node adds Date and the connection headers. */
function replay(req: http.IncomingMessage, res: http.ServerResponse, entry: StoredResponse): void {
  const headers: OutgoingHeaders = { ...entry.headers, 'x-origin-cache': 'HIT' };
  if (req.method === 'GET') headers['content-length'] = entry.body.length;
  res.writeHead(entry.status, headers as http.OutgoingHttpHeaders);
  res.end(req.method === 'GET' ? entry.body : undefined);
}

/**
 * Watches what Next writes to `res` and stores a storable answer once it has been sent whole.
 * Nothing it does changes what the client receives.
 */
function record(req: http.IncomingMessage, res: http.ServerResponse, cache: OriginCache, key: string): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let recording = true;
  let checked = false;
  let headHeaders: OutgoingHeaders = {};
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;

  const headers = (): OutgoingHeaders => ({ ...headHeaders, ...lowerCased(res.getHeaders()) });
  const keep = (chunk: unknown, encoding: unknown) => {
    if (!recording) return;
    if (!checked) {
      // Headers are final at the first byte: stop here for anything a shared cache may not store.
      checked = true;
      if (sharedFreshnessSeconds(res.statusCode, headers()) === 0) {
        recording = false;
        return;
      }
    }
    // Node sends no body for HEAD, whatever Next writes: nothing to keep.
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || req.method === 'HEAD') return;
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > cache.maxBodyBytes) {
      recording = false;
      chunks.length = 0;
      return;
    }
    chunks.push(buffer);
  };

  res.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    const given = args.find((a, i) => i > 0 && typeof a === 'object' && a !== null);
    // Raw header arrays are not used by Next's responses; such an answer is simply not stored.
    if (Array.isArray(given)) recording = false;
    else if (given) headHeaders = { ...headHeaders, ...lowerCased(given) };
    return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof res.writeHead;
  res.write = function (this: http.ServerResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (write as (...a: unknown[]) => boolean).apply(this, [chunk, ...rest]);
  } as typeof res.write;
  res.end = function (this: http.ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (end as (...a: unknown[]) => http.ServerResponse).apply(this, [chunk, ...rest]);
  } as typeof res.end;

  res.once('finish', () => {
    if (!recording) return;
    const sent = headers();
    const seconds = sharedFreshnessSeconds(res.statusCode, sent);
    const vary = varyNames(sent.vary);
    const age = Number(sent.age);
    const lifetime = seconds - (Number.isFinite(age) && age > 0 ? age : 0);
    if (lifetime <= 0 || vary === null) return;
    const stored: OutgoingHeaders = {};
    for (const [name, value] of Object.entries(sent)) if (!NOT_STORED.has(name) && !(name === 'content-length' && req.method === 'GET')) stored[name] = value;
    cache.store(key, {
      status: res.statusCode,
      headers: stored,
      body: Buffer.concat(chunks),
      vary,
      varyValues: vary.map((name) => headerText(req.headers[name])),
      expiresAt: Date.now() + lifetime * 1000,
    });
  });
}

/** Puts the cache in front of Next on this process's HTTP server (once; from lib/startup.ts). */
export function installOriginCache(cache = new OriginCache()): void {
  addRequestHook('originCache', (req, res) => {
    if (!requestMayUseCache(req.method, req.headers)) return false;
    const key = primaryKey(req);
    const hit = cache.lookup(key, req.headers, Date.now());
    if (hit) {
      replay(req, res, hit);
      return true;
    }
    record(req, res, cache, key);
    return false;
  });
}
