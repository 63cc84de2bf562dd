import { useSyncExternalStore } from 'react';

/**
 * The identity modals, openable from anywhere (scan menu, publish button): "to submit" asks for the
 * files, "to validate" says they are being checked.
 */
export type IdentityDialog = 'toSubmit' | 'toValidate';

let open: IdentityDialog | null = null;
const listeners = new Set<() => void>();

function set(next: IdentityDialog | null) {
  open = next;
  for (const listener of listeners) listener();
}

export const openIdentityDialog = (dialog: IdentityDialog) => set(dialog);
export const closeIdentityDialog = () => set(null);

export function useOpenIdentityDialog(): IdentityDialog | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => null,
  );
}
