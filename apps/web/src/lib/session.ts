import { useMemo, useSyncExternalStore } from 'react';
import { STORAGE_KEYS, storage } from './storage';
import type { TokenAnswer } from './token-answer.schema';

export type { TokenAnswer };

/** The signed-in user as kept in localStorage under one key (docs/product/accounts.md §3). */
export interface Session {
  username: string;
  roles: string[];
  access_token: string;
  refresh_token: string;
  /** Lifetime of the access token in seconds, as the server sent it. */
  expires_in: number;
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAt: number;
  rememberMe: boolean;
  /** Impersonation replaces the access token, the username and the roles (docs/product/accounts.md §4). */
  impersonateToken: string | null;
  impersonateUsername: string | null;
  impersonateRoles: string[] | null;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isFilledString = (value: unknown): value is string => isString(value) && value.length > 0;
const isNumber = (value: unknown): value is number => typeof value === 'number';
const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every(isString);

/**
 * The stored session, checked field by field: it is read before the first screen shows, where
 * zod is not loaded (issue 17). Anything else than a whole session is no session; the
 * impersonation fields, absent from older sessions, are then null.
 */
export function readStoredSession(value: unknown): Session | null {
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Record<string, unknown>;
  const impersonation = {
    impersonateToken: stored.impersonateToken ?? null,
    impersonateUsername: stored.impersonateUsername ?? null,
    impersonateRoles: stored.impersonateRoles ?? null,
  };
  if (
    !isString(stored.username) ||
    !isStrings(stored.roles) ||
    !isFilledString(stored.access_token) ||
    !isFilledString(stored.refresh_token) ||
    !isNumber(stored.expires_in) ||
    !isNumber(stored.expiresAt) ||
    typeof stored.rememberMe !== 'boolean' ||
    !(impersonation.impersonateToken === null || isString(impersonation.impersonateToken)) ||
    !(impersonation.impersonateUsername === null || isString(impersonation.impersonateUsername)) ||
    !(impersonation.impersonateRoles === null || isStrings(impersonation.impersonateRoles))
  ) {
    return null;
  }
  return {
    username: stored.username,
    roles: stored.roles,
    access_token: stored.access_token,
    refresh_token: stored.refresh_token,
    expires_in: stored.expires_in,
    expiresAt: stored.expiresAt,
    rememberMe: stored.rememberMe,
    impersonateToken: impersonation.impersonateToken,
    impersonateUsername: impersonation.impersonateUsername,
    impersonateRoles: impersonation.impersonateRoles,
  };
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedSession: Session | null = null;

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    return readStoredSession(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** The current session; the same object until the stored value changes (useSyncExternalStore). */
export function getSession(): Session | null {
  const raw = storage.get(STORAGE_KEYS.user);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parse(raw);
  }
  return cachedSession;
}

function emit() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  // Another tab signed in or out: follow it.
  if (event.key === STORAGE_KEYS.user || event.key === null) emit();
}

export function subscribeToSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function write(session: Session | null) {
  if (session) storage.set(STORAGE_KEYS.user, JSON.stringify(session));
  else storage.remove(STORAGE_KEYS.user);
  emit();
}

/** Opens a session from a login answer. */
export function startSession(
  answer: TokenAnswer,
  options: { rememberMe: boolean },
  now: number = Date.now(),
): Session {
  const session: Session = {
    username: answer.username,
    roles: answer.roles,
    access_token: answer.access_token,
    refresh_token: answer.refresh_token,
    expires_in: answer.expires_in,
    expiresAt: now + answer.expires_in * 1000,
    rememberMe: options.rememberMe,
    impersonateToken: null,
    impersonateUsername: null,
    impersonateRoles: null,
  };
  write(session);
  return session;
}

/** Stores refreshed tokens, keeping remember-me and any impersonation. */
export function updateSessionTokens(answer: TokenAnswer, now: number = Date.now()): Session | null {
  const current = getSession();
  if (!current) return null;
  const session: Session = {
    ...current,
    username: answer.username,
    roles: answer.roles,
    access_token: answer.access_token,
    refresh_token: answer.refresh_token,
    expires_in: answer.expires_in,
    expiresAt: now + answer.expires_in * 1000,
  };
  write(session);
  return session;
}

export function startImpersonation(impersonation: {
  token: string;
  username: string;
  roles: string[];
}) {
  const current = getSession();
  if (!current) return;
  write({
    ...current,
    impersonateToken: impersonation.token,
    impersonateUsername: impersonation.username,
    impersonateRoles: impersonation.roles,
  });
}

/** Logout: forgets the user, the roles and any impersonation (docs/product/accounts.md §4). */
export function clearSession() {
  write(null);
}

/** The token to send: the impersonation token when an admin acts as a user. */
export function getAccessToken(session: Session | null = getSession()): string | null {
  if (!session) return null;
  return session.impersonateToken ?? session.access_token;
}

/** Who the app acts as: the impersonated user when impersonating. */
export interface CurrentUser {
  username: string;
  roles: readonly string[];
  isImpersonating: boolean;
}

export function toCurrentUser(session: Session | null): CurrentUser | null {
  if (!session) return null;
  const isImpersonating = Boolean(session.impersonateToken);
  return {
    username: (isImpersonating && session.impersonateUsername) || session.username,
    roles: (isImpersonating && session.impersonateRoles) || session.roles,
    isImpersonating,
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeToSession, getSession, () => null);
}

export function useCurrentUser(): CurrentUser | null {
  const session = useSession();
  return useMemo(() => toCurrentUser(session), [session]);
}
