// Outbound HTTP for the CLI. Node 20's fetch ignores HTTP(S)_PROXY, yet agent hosts often allow the
// network only through such a proxy, so requests for which the environment names a proxy go through
// it (absolute-form for http://, a CONNECT tunnel for https://); all others use the built-in fetch.
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import { Readable } from 'node:stream';

/**
 * @param {URL} target
 * @param {Record<string, string | undefined>} [env]
 * @returns {URL | undefined}
 */
export function proxyFor(target, env = process.env) {
  const raw = target.protocol === 'https:' ? env.HTTPS_PROXY ?? env.https_proxy : env.HTTP_PROXY ?? env.http_proxy;
  if (!raw) return undefined;
  const noProxy = (env.NO_PROXY ?? env.no_proxy ?? '').split(/[\s,]+/).filter(Boolean);
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  for (const entry of noProxy) {
    if (entry === '*') return undefined;
    const [name = '', entryPort] = entry.toLowerCase().replace(/^\*?\./, '.').split(/:(?=\d+$)/);
    if (entryPort && entryPort !== port) continue;
    const bare = name.replace(/^\./, '');
    if (host === bare || host.endsWith(`.${bare}`)) return undefined;
  }
  try {
    return new URL(raw.includes('://') ? raw : `http://${raw}`);
  } catch {
    return undefined;
  }
}

/**
 * fetch(), through the proxy the environment names for the URL, if any.
 * @param {string | URL} url
 * @param {RequestInit} [init]
 * @returns {Promise<Response>}
 */
export async function httpFetch(url, init = {}) {
  const target = new URL(url);
  const proxy = proxyFor(target);
  if (!proxy) return fetch(target, init);
  return fetchThroughProxy(target, proxy, init);
}

/** @param {RequestInit['body']} body */
async function bodyBytes(body) {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  return Buffer.from(await new Response(body).arrayBuffer());
}

/**
 * @param {URL} target
 * @param {URL} proxy
 * @param {RequestInit} init
 * @returns {Promise<Response>}
 */
async function fetchThroughProxy(target, proxy, init) {
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  const body = await bodyBytes(init.body);
  if (init.body instanceof URLSearchParams && !headers['content-type']) headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  if (body) headers['content-length'] = String(body.length);
  headers.host = target.host;
  const proxyAuth = proxy.username ? { 'proxy-authorization': `Basic ${Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64')}` } : {};
  const proxyModule = proxy.protocol === 'https:' ? https : http;
  const proxyPort = Number(proxy.port || (proxy.protocol === 'https:' ? 443 : 80));
  const method = (init.method ?? 'GET').toUpperCase();

  /** @type {Promise<http.IncomingMessage>} */
  const response = new Promise((resolve, reject) => {
    /** @param {http.ClientRequest} req */
    const send = (req) => {
      req.on('response', resolve);
      req.on('error', reject);
      init.signal?.addEventListener('abort', () => req.destroy(new Error('aborted')), { once: true });
      req.end(body);
    };
    if (target.protocol === 'http:') {
      send(proxyModule.request({ host: proxy.hostname, port: proxyPort, method, path: target.href, headers: { ...headers, ...proxyAuth }, agent: false }));
      return;
    }
    const targetPort = Number(target.port || 443);
    const connect = proxyModule.request({
      host: proxy.hostname,
      port: proxyPort,
      method: 'CONNECT',
      path: `${target.hostname}:${targetPort}`,
      headers: { host: `${target.hostname}:${targetPort}`, ...proxyAuth },
      agent: false,
    });
    connect.on('error', reject);
    connect.on('connect', (res, socket) => {
      if (res.statusCode !== 200) {
        // The proxy refused the tunnel: report its status as the response, as a browser would.
        socket.destroy();
        resolve(Object.assign(Readable.from([]), { statusCode: res.statusCode, statusMessage: res.statusMessage, headers: res.headers }));
        return;
      }
      const secure = tls.connect({ socket, servername: target.hostname });
      // No agent: with createConnection alone, the request runs over this tunnelled TLS socket.
      send(https.request({ host: target.hostname, port: targetPort, method, path: target.pathname + target.search, headers, createConnection: () => secure }));
    });
    connect.end();
  });

  const res = await response;
  const status = res.statusCode ?? 502;
  const out = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (Array.isArray(value)) for (const v of value) out.append(name, v);
    else if (value !== undefined) out.set(name, value);
  }
  const noBody = status === 204 || status === 304 || method === 'HEAD';
  if (noBody) res.resume();
  return new Response(noBody ? null : /** @type {ReadableStream} */ (Readable.toWeb(res)), { status, statusText: res.statusMessage ?? '', headers: out });
}
