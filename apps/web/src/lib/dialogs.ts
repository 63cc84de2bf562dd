import { useSyncExternalStore } from 'react';

/**
 * The app-wide dialogs that can be opened from anywhere, including outside React (the error toast
 * of the API client opens the bug report).
 */
export type GlobalDialog = 'support' | 'bugReport';

let openDialog: GlobalDialog | null = null;
const listeners = new Set<() => void>();

function set(next: GlobalDialog | null) {
  openDialog = next;
  for (const listener of listeners) listener();
}

export function openGlobalDialog(dialog: GlobalDialog) {
  set(dialog);
}

export function closeGlobalDialog() {
  set(null);
}

export function useOpenGlobalDialog(): GlobalDialog | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => openDialog,
    () => null,
  );
}
