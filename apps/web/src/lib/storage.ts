/**
 * localStorage that never throws (private browsing, disabled storage, quota): the app keeps
 * working for the current page when the browser refuses to store anything.
 */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Nothing to do: the value lives only as long as the page.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Same as above.
    }
  },
};

/** Every key the app writes, in one place (docs/product/accounts.md §3: the user and the last event id). */
export const STORAGE_KEYS = {
  user: 'veilleurs.user',
  lastEventId: 'veilleurs.lastEventId',
  language: 'veilleurs.language',
  /** The sign-up reason (AnnonceCreate or Home): where the first connection ends (docs/product/accounts.md §4). */
  signUpReason: 'veilleurs.signUpReason',
  /** A random id of this browser: the server limits identifier checks per device (issue 16). */
  deviceId: 'veilleurs.deviceId',
} as const;

/** What a device id made by deviceId() looks like; anything else stored under its key is made anew. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** This browser's device id, made once; not personal data, only a counter key on the server. */
export function deviceId(): string {
  const known = storage.get(STORAGE_KEYS.deviceId);
  if (known && DEVICE_ID_PATTERN.test(known)) return known;
  // getRandomValues, not randomUUID: the latter is missing on a plain-http address (a LAN demo).
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  const made = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  storage.set(STORAGE_KEYS.deviceId, made);
  return made;
}
