import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { NewVersionPrompt } from '@/components/layouts/new-version-prompt';
import { useLogout } from '@/features/auth/api/logout';
import { dropUnshownEarlyScreens } from '@/lib/early-screen';
import { takeOverEarlyLogin } from '@/lib/early-login';
import { markFirstContentShown, markFirstScreenShown } from '@/lib/first-screen';
import { useCurrentUser } from '@/lib/session';
import { useRouteHandle } from '../route-handle';
import { AppFrame } from './app-frame';
import { GlobalDialogs } from './global-dialogs';
import { RedirectMessage } from './redirect-message';

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
    dropUnshownEarlyScreens();
    markFirstScreenShown();
    // Only the first screen counts: later ones find it marked already.
    if (!marksFirstContent) markFirstContentShown();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first screen's, once
  }, []);

  // An early screen pictures the first screen only: once the visitor is elsewhere (the back
  // button, a link opened in this tab) before that screen's content came, the app shows at once,
  // or it would stay hidden behind a picture of a screen that is gone.
  const { pathname } = useLocation();
  const firstPathname = useRef(pathname);
  useEffect(() => {
    if (pathname !== firstPathname.current) markFirstContentShown();
  }, [pathname]);

  useEffect(() => {
    const appName = t('app.name');
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, t]);

  return (
    <AppFrame
      user={user}
      handle={handle}
      onLogout={logout}
      after={
        <>
          <GlobalDialogs />
          <NewVersionPrompt />
          <RedirectMessage />
          <ScrollRestoration />
        </>
      }
    >
      <Outlet />
    </AppFrame>
  );
}
