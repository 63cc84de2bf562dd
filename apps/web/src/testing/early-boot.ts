import { vi } from 'vitest';
import {
  EARLY_SCREEN_ATTRIBUTE,
  EARLY_SCREEN_ROLES_META,
  EARLY_SCREENS,
  type EarlyScreen,
} from '@/lib/early-screen';
import { STORAGE_KEYS } from '@/lib/storage';
import { signIn } from './test-utils';

/**
 * What the early requests' tests share (features/discovery/api/early-home-boot.test.ts,
 * early-search-boot.test.ts, features/annonces/api/early-annonce-boot.test.ts): a signed-in device
 * as the app leaves it, index.html's early screen as the build writes it, the image preloads a
 * boot script adds, and a clean page after each test.
 */

/** A device id the app made (the boot scripts start only with one). */
export const BOOT_DEVICE_ID = 'device-0123456789abcdef';

/** A stored session on a device the app has met. */
export function signInOnDevice(tokens?: Parameters<typeof signIn>[0]) {
  signIn(tokens);
  localStorage.setItem(STORAGE_KEYS.deviceId, BOOT_DEVICE_ID);
}

/** A card with one photo in two WebP sizes, its files named after the card. */
export function withPhoto<T extends { id: number }>(card: T) {
  return {
    ...card,
    vehicleFiles: [
      {
        id: card.id,
        fileUrl: `/files/${card.id}`,
        thumbnailUrl: `/files/${card.id}/small.jpg`,
        width: 1200,
        height: 900,
        sources: [
          { url: `/files/${card.id}/small`, type: 'image/webp' as const, width: 480 },
          { url: `/files/${card.id}/medium`, type: 'image/webp' as const, width: 800 },
        ],
      },
    ],
  };
}

/** The image preloads in the head, as the browser reads them. */
export const imagePreloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => ({
    srcset: link.getAttribute('imagesrcset'),
    sizes: link.getAttribute('imagesizes'),
    href: link.getAttribute('href'),
    priority: link.getAttribute('fetchpriority'),
  }));

/** The roles the build draws the early screens' header for. */
export const MEMBER_ROLES = 'ROLE_INDIVIDUAL_UNCONFIRMED ROLE_INDIVIDUAL_CONFIRMED';

/**
 * An early screen as index.html carries it: the roles on a meta element (none when `roles` is
 * null), `markup` in the body under the screen's id.
 */
export function drawEarlyScreen(
  screen: EarlyScreen,
  markup: string,
  roles: string | null = MEMBER_ROLES,
): HTMLElement {
  if (roles !== null) {
    const meta = document.createElement('meta');
    meta.name = EARLY_SCREEN_ROLES_META;
    meta.content = roles;
    document.head.appendChild(meta);
  }
  const early = document.createElement('div');
  early.id = EARLY_SCREENS[screen];
  early.innerHTML = markup;
  document.body.appendChild(early);
  return early;
}

/** Whether `screen` is the early screen shown, as its boot script leaves <html>. */
export const isEarlyScreenShown = (screen: EarlyScreen) =>
  document.documentElement.getAttribute(EARLY_SCREEN_ATTRIBUTE) === screen;

/** After each test: no request left on window, no preload, session, early screen or address. */
export function resetBootPage(globalName: string) {
  (window as unknown as Record<string, unknown>)[globalName] = undefined;
  document.head.querySelectorAll('link[rel="preload"], meta').forEach((node) => node.remove());
  for (const id of Object.values(EARLY_SCREENS)) document.getElementById(id)?.remove();
  document.documentElement.removeAttribute(EARLY_SCREEN_ATTRIBUTE);
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
}
