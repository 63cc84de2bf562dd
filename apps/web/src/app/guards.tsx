import { hasAnyRole, type Role } from '@app/domain';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { toCurrentUser, useSession } from '@/lib/session';

/** Signed-in users only; anyone else goes to /login (accounts.md §2), remembering where they were. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={paths.login.getHref()} replace state={{ from: location }} />;
  return <Outlet />;
}

/** The login screen is for guests: a signed-in user goes to /. */
export function GuestOnly() {
  const session = useSession();
  if (session) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}

/** A signed-in user lacking every one of `roles` goes to / (accounts.md §2). */
export function RequireRoles({ roles }: { roles: readonly Role[] }) {
  const user = toCurrentUser(useSession());
  if (!user || !hasAnyRole(user.roles, roles))
    return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}
