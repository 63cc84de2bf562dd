import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { SERVICE_WORKER_URL } from './app-install';

/**
 * The one service worker (public/sw.js) keeps the app shell and shows the pushes, so a push reaches
 * the installed app (issue 17; iPhones deliver Web Push to installed web apps only). It is run here
 * as the browser runs it, in a scope of its own, with the few worker APIs it calls stubbed.
 */
const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../public');
const SCOPE = 'https://veilleurs.example/';

type Handler = (event: Record<string, unknown>) => void;

function startServiceWorker(windows: { url: string }[] = []) {
  const handlers = new Map<string, Handler>();
  const showNotification = vi.fn(async () => {});
  const openWindow = vi.fn(async () => null);
  const clients = windows.map((window) => ({
    url: window.url,
    navigate: vi.fn(async function (this: unknown) {
      return this;
    }),
    focus: vi.fn(async () => undefined),
  }));
  const self = {
    location: new URL(`${SCOPE}sw.js`),
    registration: { scope: SCOPE, showNotification },
    clients: {
      matchAll: vi.fn(async () => clients),
      openWindow,
      claim: vi.fn(async () => {}),
    },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: vi.fn(),
  };
  vm.runInNewContext(fs.readFileSync(path.join(PUBLIC_DIR, 'sw.js'), 'utf8'), {
    self,
    caches: { open: vi.fn(), keys: vi.fn(async () => []), match: vi.fn() },
    fetch: vi.fn(),
    URL,
    Response,
    Promise,
  });

  /** Dispatches an event as the browser does and waits for what it asked to wait for. */
  async function dispatch(type: string, event: Record<string, unknown>) {
    const waits: Promise<unknown>[] = [];
    const handler = handlers.get(type);
    if (!handler) throw new Error(`sw.js does not handle ${type}`);
    handler({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  }
  return { dispatch, showNotification, openWindow, clients };
}

describe('the service worker and Web Push', () => {
  it('is the one the app registers for its shell and for the pushes, over the whole installed app', () => {
    expect(SERVICE_WORKER_URL).toBe('/sw.js');
    const manifest = JSON.parse(
      fs.readFileSync(path.join(PUBLIC_DIR, 'manifest.webmanifest'), 'utf8'),
    ) as { scope: string; start_url: string };
    // The worker at /sw.js controls "/": the installed app opens inside its scope.
    expect(manifest.scope).toBe('/');
    expect(manifest.start_url.startsWith('/')).toBe(true);
  });

  it('shows a push as a notification with its title, text and screen', async () => {
    const worker = startServiceWorker();
    await worker.dispatch('push', {
      data: {
        json: () => ({
          title: 'Nouvelle annonce près de chez vous',
          body: 'Peugeot 208 volée à Lyon',
          tag: 'annonce-7',
          url: '/annonce/show/7',
        }),
        text: () => '',
      },
    });
    expect(worker.showNotification).toHaveBeenCalledWith('Nouvelle annonce près de chez vous', {
      body: 'Peugeot 208 volée à Lyon',
      tag: 'annonce-7',
      icon: `${SCOPE}icons/icon-192.png`,
      data: { url: '/annonce/show/7' },
    });
  });

  it('shows a push that is plain text under the app name', async () => {
    const worker = startServiceWorker();
    await worker.dispatch('push', {
      data: {
        json: () => {
          throw new SyntaxError('not JSON');
        },
        text: () => 'Votre annonce est en ligne',
      },
    });
    expect(worker.showNotification).toHaveBeenCalledWith(
      'Veilleurs',
      expect.objectContaining({ body: 'Votre annonce est en ligne', data: { url: null } }),
    );
  });

  it('opens the screen of a clicked notification in the open app, or opens the app on it', async () => {
    const notification = { close: vi.fn(), data: { url: '/annonce/show/7' } };
    const open = startServiceWorker([{ url: `${SCOPE}#/` }]);
    await open.dispatch('notificationclick', { notification });
    expect(notification.close).toHaveBeenCalled();
    const [client] = open.clients;
    expect(client?.navigate).toHaveBeenCalledWith(`${SCOPE}#/annonce/show/7`);
    expect(client?.focus).toHaveBeenCalled();
    expect(open.openWindow).not.toHaveBeenCalled();

    const closed = startServiceWorker();
    await closed.dispatch('notificationclick', { notification });
    expect(closed.openWindow).toHaveBeenCalledWith(`${SCOPE}#/annonce/show/7`);
  });
});
