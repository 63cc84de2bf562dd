/* global self */
/* Veilleurs service worker: shows Web Push notifications and opens their screen when clicked. */

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
      icon: new URL('favicon.svg', self.registration.scope).href,
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
