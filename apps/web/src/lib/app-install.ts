import { useSyncExternalStore } from 'react';

/**
 * The installable app (issue 17): the browser's install offer, kept when it comes
 * (beforeinstallprompt) so that the menu can show "Installer l'application", and the service
 * worker's "a new version is waiting" state behind the "Nouvelle version disponible" prompt.
 */

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface State {
  installOffer: InstallPromptEvent | null;
  waitingWorker: ServiceWorker | null;
}

let state: State = { installOffer: null, waitingWorker: null };
const listeners = new Set<() => void>();

function update(next: Partial<State>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Listens for the install offer from the very start: the browser fires it once, early. */
export function listenForInstallOffer() {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the offer for the menu entry instead of the browser's own mini bar.
    event.preventDefault();
    update({ installOffer: event as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => update({ installOffer: null }));
}

export function useInstallOffer() {
  // Rendered at build (the early login): no offer, nothing waiting.
  return useSyncExternalStore(
    subscribe,
    () => state.installOffer !== null,
    () => false,
  );
}

/** Opens the browser's install dialog; an offer can be used once. */
export async function installApp() {
  const offer = state.installOffer;
  if (!offer) return;
  update({ installOffer: null });
  await offer.prompt();
  await offer.userChoice;
}

/** Opened from the home screen's icon rather than in a browser tab. */
function openedAsInstalledApp(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/**
 * An iPhone or iPad in a browser tab: there, notifications and Web Push only exist in the app
 * added to the home screen, and no browser offers to install it (no beforeinstallprompt), so the
 * app has to tell the way (Share, then "Sur l'écran d'accueil"). iPadOS says it is a Mac, but a
 * Mac has no touch screen.
 */
export function homeScreenNeededForAlerts(): boolean {
  if (typeof navigator === 'undefined' || openedAsInstalledApp()) return false;
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  );
}

export const SERVICE_WORKER_URL = `${import.meta.env.BASE_URL}sw.js`;

/**
 * Registers the service worker that keeps the shell on the device (public/sw.js). A new version
 * installed while the app is open waits: the app offers to reload into it.
 */
export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const noteWaiting = () => {
    // Only an update waits: a first install has no page it would replace.
    if (registration.waiting && navigator.serviceWorker.controller) {
      update({ waitingWorker: registration.waiting });
    }
  };
  noteWaiting();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') noteWaiting();
    });
  });
  // An open app checks for a new version now and then, not only when it is opened again.
  window.setInterval(() => void registration.update().catch(() => {}), 60 * 60 * 1000);
}

export function useNewVersionWaiting() {
  return useSyncExternalStore(
    subscribe,
    () => state.waitingWorker !== null,
    () => false,
  );
}

/** Lets the waiting version take over, then reloads the page into it. */
export function switchToNewVersion() {
  const worker = state.waitingWorker;
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}
