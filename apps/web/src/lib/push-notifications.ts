import { PushPublicKeySchema } from '@app/domain';
import { api } from './api-client';
// The one service worker: the app shell and the pushes (apps/web/public/sw.js).
import { SERVICE_WORKER_URL } from './app-install';

export type PushOutcome = 'subscribed' | 'denied' | 'unsupported' | 'failed';


function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const padded = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4))
    .replaceAll('-', '+')
    .replaceAll('_', '/');
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'serviceWorker' in navigator &&
    'PushManager' in window
  );
}

/**
 * Web Push for this browser: asks the notification permission when not decided yet (the
 * permissions page and first-connection step 1), registers the service worker, subscribes with the
 * server's VAPID key and hands the subscription to the server. `denied` when the user refused
 * (the caller shows autorisation.Denied).
 */
export async function enablePushNotifications(
  options: { ask?: boolean } = {},
): Promise<PushOutcome> {
  if (!pushSupported()) return 'unsupported';
  let permission = Notification.permission;
  if (permission === 'default' && options.ask !== false) {
    try {
      permission = await Notification.requestPermission();
    } catch {
      permission = Notification.permission;
    }
  }
  if (permission !== 'granted') return 'denied';
  try {
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
    const { publicKey } = await api.get('/pushSubscription/publicKey', {
      schema: PushPublicKeySchema,
      silent: true,
    });
    const applicationServerKey = keyBytes(publicKey);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey,
    });
    await api.post('/pushSubscription/subscribe', { json: subscription.toJSON(), silent: true });
    return 'subscribed';
  } catch (error) {
    // No push service reachable (some browsers, offline): in-app and live notifications still work.
    console.warn('Push subscription failed', error);
    return 'failed';
  }
}
