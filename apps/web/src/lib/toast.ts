import type { ReactNode } from 'react';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

/**
 * The app's toasts, in front of sonner: sonner (≈ 8 KiB) is not part of any screen's first load
 * (issue 17) and is fetched the first time a toast is asked for. Toasts asked for before it is
 * there wait in a queue and show once it is, in order; each gets its id at once, so a caller can
 * dismiss or replace it before sonner has even loaded.
 */
type Sonner = typeof SonnerModule;
type ToastId = string | number;
type Message = (() => ReactNode) | ReactNode;

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
const waiting: ((loaded: Sonner) => void)[] = [];
const listeners = new Set<() => void>();
let nextId = 0;

/** Fetches sonner once; the queued toasts show as soon as it is there. */
export function loadToasts(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (loaded) => {
      sonner = loaded;
      for (const show of waiting.splice(0)) show(loaded);
      for (const listener of listeners) listener();
      return loaded;
    },
    (error: unknown) => {
      // Offline before sonner was ever fetched: the next toast tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

function withSonner(show: (loaded: Sonner) => void) {
  if (sonner) {
    show(sonner);
    return;
  }
  waiting.push(show);
  loadToasts().catch((error: unknown) => console.warn('Toasts unavailable', error));
}

type Kind = 'success' | 'error' | 'info' | 'warning';

function show(kind: Kind | null, message: Message, options?: ExternalToast): ToastId {
  const id = options?.id ?? `toast-${++nextId}`;
  withSonner((loaded) => {
    const data = { ...options, id };
    if (kind) loaded.toast[kind](message, data);
    else loaded.toast(message, data);
  });
  return id;
}

export const toast = Object.assign(
  (message: Message, options?: ExternalToast) => show(null, message, options),
  {
    success: (message: Message, options?: ExternalToast) => show('success', message, options),
    error: (message: Message, options?: ExternalToast) => show('error', message, options),
    info: (message: Message, options?: ExternalToast) => show('info', message, options),
    warning: (message: Message, options?: ExternalToast) => show('warning', message, options),
    /** Dismisses one toast, or all of them; the ones still queued are dismissed as they show. */
    dismiss: (id?: ToastId) => {
      // Nothing was ever shown: no need to fetch sonner to hide nothing.
      if (!sonner && waiting.length === 0) return;
      withSonner((loaded) => loaded.toast.dismiss(id));
    },
  },
);

/** Whether a toast has fetched sonner, so that its Toaster belongs on the page. */
export function subscribeToToaster(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToasterLoaded() {
  return sonner !== null;
}
