// The installable app's service worker (registered by /pw-app/app.js with scope /app), written by
// hand as Next.js's PWA guide does. It keeps the app working at the gym without signal:
// - the app's pages (/app, /app/sessions/<id>) network first, answered from the cache when offline;
//   app.js puts today's and the next sessions in that cache while online;
// - the app's script, stylesheet and icons from the cache, refreshed in the background.
// Logged sets are not queued here: app.js keeps them in IndexedDB with their idempotency keys and
// sends them when the connection returns. Nothing outside /app, /pw-app and /icons is touched.
const VERSION = 'v1';
const PAGES = 'pacewise-app-pages-v1'; // shared with app.js
const ASSETS = `pacewise-app-assets-${VERSION}`;
const SHELL = ['/pw-app/app.js', '/pw-app/app.css', '/icons/icon-192.png', '/manifest.webmanifest'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(ASSETS)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('pacewise-app-assets-') && n !== ASSETS).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

const OFFLINE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline · Pacewise</title><link rel="stylesheet" href="/pw-app/app.css"></head><body><main id="main"><h1>You are offline</h1><p>This page was not kept on this phone. Today's and the next sessions are: open them from <a href="/app">Today</a>. Sets you log offline are sent when you are back online.</p></main></body></html>`;

async function page(request) {
  const cache = await caches.open(PAGES);
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    // A redirect (signed out) or an error is never kept in place of the page.
    if (response.ok && !response.redirected) await cache.put(url.pathname, response.clone());
    return response;
  } catch {
    const cached = await cache.match(url.pathname, { ignoreVary: true });
    return cached ?? new Response(OFFLINE_PAGE, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  }
}

async function asset(request) {
  const cache = await caches.open(ASSETS);
  const cached = await cache.match(request);
  const fresh = fetch(request)
    .then((response) => {
      if (response.ok) void cache.put(request, response.clone());
      return response;
    })
    .catch(() => undefined);
  return cached ?? (await fresh) ?? Response.error();
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && (url.pathname === '/app' || url.pathname.startsWith('/app/'))) {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith('/pw-app/') || url.pathname.startsWith('/icons/') || url.pathname === '/manifest.webmanifest') {
    event.respondWith(asset(request));
  }
});
