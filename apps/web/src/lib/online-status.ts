import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * Whether the browser says it has a network. The shell opens from the device without one (issue
 * 17), and what needs the server then waits: the app says so instead of loading forever.
 */
export function useOnline(): boolean {
  // Rendered at build (the early screens): online, so that nothing is drawn for it there.
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
