import { hasAnyRole, type Role } from '@app/domain';
import { Navigate, Outlet, useLocation, type Path } from 'react-router';
import { paths } from '@/config/paths';
import { toCurrentUser, useSession } from '@/lib/session';
import { PageLoading } from './shell/page-loading';

/** Signed-in users only; anyone else goes to /login (docs/product/accounts.md §2), remembering where they were. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={paths.login.getHref()} replace state={{ from: location }} />;
  return <Outlet />;
}

/** Where a guest was going when RequireAuth sent them to /login (never back to /login). */
function intendedTarget(state: unknown): Partial<Path> | null {
  const from = (state as { from?: Partial<Path> } | null)?.from;
  if (!from || typeof from.pathname !== 'string' || from.pathname.startsWith('/login')) return null;
  return { pathname: from.pathname, search: from.search ?? '', hash: from.hash ?? '' };
}

/**
 * The login screen is for guests: a signed-in user goes to /, or, right after signing in, to the
 * screen RequireAuth turned them away from (its location travels in the navigation state).
 */
export function GuestOnly() {
  const session = useSession();
  const location = useLocation();
  if (session) {
    // Right after signing in, the screen it goes to may still have its code to fetch: seconds on a
    // slow network, which showed an empty page. The loading frame meanwhile.
    return (
      <>
        <Navigate to={intendedTarget(location.state) ?? paths.home.getHref()} replace />
        <PageLoading />
      </>
    );
  }
  return <Outlet />;
}

/** A signed-in user lacking every one of `roles` goes to / (docs/product/accounts.md §2). */
export function RequireRoles({ roles }: { roles: readonly Role[] }) {
  const user = toCurrentUser(useSession());
  if (!user || !hasAnyRole(user.roles, roles))
    return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}
