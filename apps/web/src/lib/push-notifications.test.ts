import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { signIn } from '@/testing/test-utils';
import { enablePushNotifications } from './push-notifications';

/** 65 bytes, as a VAPID public key is, in base64url. */
const PUBLIC_KEY = 'B' + 'A'.repeat(86);

function stubPushBrowser(options: {
  permission: NotificationPermission;
  answer?: NotificationPermission;
  subscribeFails?: boolean;
}) {
  const state = { permission: options.permission };
  const requestPermission = vi.fn(async () => {
    state.permission = options.answer ?? state.permission;
    return state.permission;
  });
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission,
  });
  vi.stubGlobal('PushManager', class {});
  const subscription = {
    options: { applicationServerKey: null },
    unsubscribe: vi.fn(),
    toJSON: () => ({
      endpoint: 'https://push.example.test/sub/1',
      keys: { p256dh: 'p256', auth: 'auth' },
    }),
  };
  const subscribe = vi.fn(async () => {
    if (options.subscribeFails) throw new DOMException('push service error', 'AbortError');
    return subscription;
  });
  const register = vi.fn(async () => ({
    pushManager: { getSubscription: async () => null, subscribe },
  }));
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register } });
  return { requestPermission, register, subscribe };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('enablePushNotifications', () => {
  it('asks the permission, registers the service worker, subscribes with the server key and hands the subscription over', async () => {
    signIn();
    const browser = stubPushBrowser({ permission: 'default', answer: 'granted' });
    const fetch = stubFetch({
      'GET /pushSubscription/publicKey': () => json({ publicKey: PUBLIC_KEY }),
      'POST /pushSubscription/subscribe': () => json({ subscribed: true }),
    });
    expect(await enablePushNotifications()).toBe('subscribed');
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(browser.register).toHaveBeenCalledWith('/sw.js');
    const [options] = browser.subscribe.mock.calls[0] as unknown as [
      { userVisibleOnly: boolean; applicationServerKey: Uint8Array },
    ];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    const sent = fetch.calls.find((call) => call.path === '/pushSubscription/subscribe');
    expect(JSON.parse(sent!.body)).toEqual({
      endpoint: 'https://push.example.test/sub/1',
      keys: { p256dh: 'p256', auth: 'auth' },
    });
    expect(sent!.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('answers denied when the user refuses (the screen shows autorisation.Denied), without subscribing', async () => {
    const browser = stubPushBrowser({ permission: 'default', answer: 'denied' });
    stubFetch();
    expect(await enablePushNotifications()).toBe('denied');
    expect(browser.register).not.toHaveBeenCalled();
  });

  it('answers failed when the browser has no push service, and unsupported without the APIs', async () => {
    signIn();
    stubPushBrowser({ permission: 'granted', subscribeFails: true });
    stubFetch({ 'GET /pushSubscription/publicKey': () => json({ publicKey: PUBLIC_KEY }) });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await enablePushNotifications()).toBe('failed');
    Reflect.deleteProperty(navigator, 'serviceWorker');
    expect(await enablePushNotifications()).toBe('unsupported');
  });
});
