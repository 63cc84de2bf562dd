import { enablePushNotifications } from '@/lib/push-notifications';

/** The two permissions the first connection asks for, through the browsers' own prompts. */

export async function askNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  let permission = Notification.permission;
  if (permission === 'default') {
    try {
      permission = await Notification.requestPermission();
    } catch {
      permission = Notification.permission;
    }
  }
  // Allowed: subscribe this browser to Web Push in the background (failures only logged).
  if (permission === 'granted') void enablePushNotifications({ ask: false });
  return permission;
}

export function askGeolocation(): Promise<'granted' | 'denied' | 'unsupported'> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) {
    return Promise.resolve('unsupported');
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      () => resolve('granted'),
      () => resolve('denied'),
      { timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  });
}
