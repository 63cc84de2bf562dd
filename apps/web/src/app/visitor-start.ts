import { matchPath, parsePath, type Path } from 'react-router';
import { paths, VISITOR_PATHS } from '@/config/paths';

/**
 * Where a visitor without a session starts, for the hash route `hash`: null where a visitor may
 * be, or the login, with the screen they were opening (null for the home, where a login ends
 * anyway) to go on to once signed in, as RequireAuth would remember it.
 */
export function visitorLoginStart(hash: string): { from: Partial<Path> | null } | null {
  const { pathname = '/', search = '' } = parsePath(hash.replace(/^#/, '') || '/');
  if (VISITOR_PATHS.some((path) => matchPath(path, pathname))) return null;
  return { from: pathname === '/' ? null : { pathname, search, hash: '' } };
}

/**
 * Puts a visitor opening a screen that needs a session (most often a shared announcement's link)
 * on the login before the router is made. The router fetches the code of every screen its first
 * address matches before any guard can turn the visitor away: a phone fetched the announcement's
 * code, hundreds of KB, then the login's. The early login's boot script does the same before the
 * first paint; this covers the reader it leaves to the app (another language).
 */
export function startVisitorAtLogin(page: Window = window) {
  const start = visitorLoginStart(page.location.hash);
  if (!start) return;
  // The hash router reads its first location's state from the history entry's `usr`, the shape
  // of its own entries: the login's GuestOnly finds `from` there as after RequireAuth's redirect.
  const state = start.from ? { usr: { from: start.from }, key: 'default', idx: 0 } : null;
  const { pathname, search } = page.location;
  page.history.replaceState(state, '', `${pathname}${search}#${paths.login.getHref()}`);
}
