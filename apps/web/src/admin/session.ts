import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { storage } from '@/lib/storage';

/** The back office keeps its own session, apart from the public app's (issue 6). */
export const ADMIN_SESSION_KEY = 'veilleurs.adminSession';

const AdminSessionSchema = z.object({
  username: z.string(),
  roles: z.array(z.string()),
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
});
export type AdminSession = z.infer<typeof AdminSessionSchema>;

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: AdminSession | null = null;

export function getAdminSession(): AdminSession | null {
  const raw = storage.get(ADMIN_SESSION_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      const parsed = raw ? AdminSessionSchema.safeParse(JSON.parse(raw)) : null;
      cached = parsed?.success ? parsed.data : null;
    } catch {
      cached = null;
    }
  }
  return cached;
}

export function setAdminSession(session: AdminSession | null) {
  if (session) {
    storage.set(
      ADMIN_SESSION_KEY,
      JSON.stringify({
        username: session.username,
        roles: session.roles,
        access_token: session.access_token,
        refresh_token: session.refresh_token,
      }),
    );
  } else {
    storage.remove(ADMIN_SESSION_KEY);
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === ADMIN_SESSION_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAdminSession(): AdminSession | null {
  return useSyncExternalStore(subscribe, getAdminSession, () => null);
}
