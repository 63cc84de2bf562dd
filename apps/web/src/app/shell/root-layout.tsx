import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '@/components/layouts/footer';
import { NewVersionPrompt } from '@/components/layouts/new-version-prompt';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layouts/skip-link';
import { useLogout } from '@/features/auth/api/logout';
import { takeOverEarlyLogin } from '@/lib/early-login';
import { markFirstContentShown, markFirstScreenShown } from '@/lib/first-screen';
import { useCurrentUser } from '@/lib/session';
import { useRouteHandle } from '../route-handle';
import { GlobalDialogs } from './global-dialogs';
import { GuestHeader } from './guest-header';
import { RedirectMessage } from './redirect-message';
import { TopBar } from './top-bar';

/** The frame of every screen: skip link, header, main, footer, global dialogs. */
export function RootLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const logout = useLogout();
  const handle = useRouteHandle();
  const title = handle.titleKey ? t(handle.titleKey) : null;

  // The first screen is in place (after its own layout effects: the login form has taken the
  // early login over already). Any other first screen ends the early login in the same frame.
  const marksFirstContent = Boolean(handle.marksFirstContent);
  useLayoutEffect(() => {
    takeOverEarlyLogin();
    markFirstScreenShown();
    // Only the first screen counts: later ones find it marked already.
    if (!marksFirstContent) markFirstContentShown();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first screen's, once
  }, []);

  useEffect(() => {
    const appName = t('app.name');
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, t]);

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {handle.hideHeader ? null : user ? (
        <TopBar
          user={user}
          showFilters={Boolean(handle.showFilters)}
          showCreateButton={!handle.isEditor}
          onLogout={logout}
        />
      ) : (
        <GuestHeader />
      )}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      {handle.isEditor ? null : <Footer signedIn={Boolean(user)} />}
      <GlobalDialogs />
      <NewVersionPrompt />
      <RedirectMessage />
      <ScrollRestoration />
    </div>
  );
}
