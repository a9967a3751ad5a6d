/*
 * Service worker of the mobile chat PWA (issue 6 item 3), scope /chat/. It keeps the app shell so
 * the installed app starts without a connection, and never touches the API:
 * - /api/* and every other origin (presigned S3 URLs of photos and voice notes): not handled at
 *   all, so they always go to the network and are never cached;
 * - navigations under /chat/: network first, else the cached shell (/chat/ serves index.html);
 * - /config.json: network first, else the cached copy (it holds no secret: pool ids and the API base);
 * - /assets/* (content-hashed build chunks): cache first, they never change;
 * - the manifest and icons under /chat/: cached, refreshed in the background.
 * The page posts the URLs it loaded ({type: 'cache-urls', urls}) so the lazily loaded chunks of
 * the first visit are kept too. A new version takes over at once and drops older caches.
 */
const CACHE = 'director-ia-chat-v1';
const SHELL = [
  '/chat/',
  '/chat/manifest.webmanifest',
  '/chat/icons/icon-192.png',
  '/chat/icons/icon-512.png',
  '/chat/icons/icon-maskable-192.png',
  '/chat/icons/icon-maskable-512.png',
  '/chat/icons/apple-touch-icon.png',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('director-ia-chat-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** Same-origin URLs the worker may keep: never the API. */
function cacheable(url) {
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return false;
  return url.pathname.startsWith('/assets/') || url.pathname.startsWith('/chat/') || url.pathname === '/config.json';
}

async function networkFirst(request, fallbackUrl) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(fallbackUrl ?? request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(fallbackUrl ?? request);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function staleWhileRevalidate(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  const refresh = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(request, response.clone());
    return response;
  });
  if (cached) {
    refresh.catch(() => undefined);
    return cached;
  }
  return refresh;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    if (url.pathname.startsWith('/chat/')) event.respondWith(networkFirst(request, '/chat/'));
    return;
  }
  if (url.pathname === '/config.json') event.respondWith(networkFirst(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else if (url.pathname.startsWith('/chat/')) event.respondWith(staleWhileRevalidate(request));
});

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-urls' || !Array.isArray(data.urls)) return;
  const urls = data.urls
    .filter((value) => typeof value === 'string')
    .map((value) => new URL(value, self.location.origin))
    .filter((url) => cacheable(url) && !url.pathname.startsWith('/chat/'))
    .map((url) => url.href);
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        urls.map(async (href) => {
          if (await cache.match(href)) return;
          try {
            const response = await fetch(href);
            if (response.ok) await cache.put(href, response);
          } catch {
            // Offline or gone: the next visit caches it.
          }
        }),
      ),
    ),
  );
});
