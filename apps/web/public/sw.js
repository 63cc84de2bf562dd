/* global self, caches */
/*
 * Veilleurs service worker (issue 17 and the push notifications of docs/product/discovery.md):
 * - keeps the app shell (index.html, its scripts and styles, icons, the offline page) on the device,
 *   so a repeat visit starts from it and not from the network;
 * - shows Web Push notifications and opens their screen when clicked.
 *
 * The build (apps/web/build/service-worker.ts) replaces the two lines below with the build's version
 * and its list of files; as written here (the development server) nothing is kept.
 */
const VERSION = 'dev';
const SHELL_FILES = [];

const CACHE = `veilleurs-shell-${VERSION}`;
/** Paths that are the app itself: answered with the cached index.html. */
const SHELL_PATHS = ['/', '/index.html'];
const OFFLINE_PAGE = '/offline.html';

self.addEventListener('install', (event) => {
  // A new version waits until the app says so ("Nouvelle version disponible"): the open pages keep
  // the scripts they started with. The very first install has nothing to replace and takes over.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL_FILES)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('veilleurs-shell-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

function fromCacheOrNetwork(request, cacheKey) {
  return caches.open(CACHE).then((cache) =>
    cache.match(cacheKey || request).then(
      (cached) =>
        cached ||
        fetch(request).then((response) => {
          // Hashed files never change: keep the ones first loaded after this version (route code).
          if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
            cache.put(request, response.clone());
          }
          return response;
        }),
    ),
  );
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Nothing is kept in development: the files change at every save.
  if (VERSION === 'dev') return;

  if (request.mode === 'navigate') {
    if (SHELL_PATHS.includes(url.pathname)) {
      // The app shell from the device; the query (?source=pwa, /openapp links) is read by the app.
      event.respondWith(
        caches
          .open(CACHE)
          .then((cache) => cache.match('/index.html'))
          .then((cached) => cached || fetch(request))
          .catch(() => caches.match(OFFLINE_PAGE)),
      );
      return;
    }
    // Other pages (the back office, shared-link previews, the API docs) come from the network.
    event.respondWith(
      fetch(request).catch(() =>
        caches.match(OFFLINE_PAGE).then((page) => page || Response.error()),
      ),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/') || SHELL_FILES.includes(url.pathname)) {
    event.respondWith(fromCacheOrNetwork(request));
  }
  // Everything else (the API, uploaded photos) is left to the network.
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Veilleurs', body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Veilleurs';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.tag,
      icon: new URL('icons/icon-192.png', self.registration.scope).href,
      data: { url: data.url || null },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const route = event.notification.data && event.notification.data.url;
  const target = new URL(route ? `#${route}` : '', self.registration.scope).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url.startsWith(self.registration.scope));
      if (open) {
        return open.navigate(target).then((client) => (client || open).focus());
      }
      return self.clients.openWindow(target);
    }),
  );
});
