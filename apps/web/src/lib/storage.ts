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

/** Every key the app writes, in one place (accounts.md §3: the user and the last event id). */
export const STORAGE_KEYS = {
  user: 'veilleurs.user',
  lastEventId: 'veilleurs.lastEventId',
  language: 'veilleurs.language',
  /** The sign-up reason (AnnonceCreate or Home): where the first connection ends (accounts.md §4). */
  signUpReason: 'veilleurs.signUpReason',
} as const;
