import { useState } from 'react';
import { createHashRouter, Navigate, Outlet, RouterProvider } from 'react-router';
import { AdminLayout } from './components/admin-layout';
import { AnnonceQueueScreen, AnnonceReviewScreen } from './screens/annonces';
import { AuditScreen } from './screens/audit';
import { BroadcastScreen } from './screens/broadcast';
import { CatalogScreen } from './screens/catalog';
import { DashboardScreen } from './screens/dashboard';
import { DeletionsScreen } from './screens/deletions';
import { FeedbackScreen } from './screens/feedback';
import { IdentityQueueScreen } from './screens/identities';
import { AdminLoginScreen } from './screens/login';
import { MatchQueueScreen, MatchReviewScreen } from './screens/matches';
import { UserScreen, UserSearchScreen } from './screens/users';
import { useAdminSession } from './session';

function RequireAdmin() {
  const session = useAdminSession();
  if (!session) return <Navigate to="/login" replace />;
  return (
    <AdminLayout>
      <Outlet />
    </AdminLayout>
  );
}

function GuestOnly() {
  const session = useAdminSession();
  if (session) return <Navigate to="/" replace />;
  return <Outlet />;
}

function createAdminRouter() {
  return createHashRouter([
    { element: <GuestOnly />, children: [{ path: '/login', element: <AdminLoginScreen /> }] },
    {
      element: <RequireAdmin />,
      children: [
        { path: '/', element: <DashboardScreen /> },
        { path: '/annonces', element: <AnnonceQueueScreen /> },
        { path: '/annonces/:id', element: <AnnonceReviewScreen /> },
        { path: '/identities', element: <IdentityQueueScreen /> },
        { path: '/users', element: <UserSearchScreen /> },
        { path: '/users/:id', element: <UserScreen /> },
        { path: '/matches', element: <MatchQueueScreen /> },
        { path: '/matches/:id', element: <MatchReviewScreen /> },
        { path: '/deletions', element: <DeletionsScreen /> },
        { path: '/catalog', element: <CatalogScreen /> },
        { path: '/feedback', element: <FeedbackScreen /> },
        { path: '/audit', element: <AuditScreen /> },
        { path: '/broadcast', element: <BroadcastScreen /> },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]);
}

/** The back office (issue 6): its own login, then the queues, users and the audit log. */
export function AdminApp() {
  const [router] = useState(createAdminRouter);
  return <RouterProvider router={router} />;
}
