import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { INDIVIDUAL_ROLES } from '@app/domain';
import { i18n, i18nReady } from '@/lib/i18n';
import type { CurrentUser } from '@/lib/session';
import { renderAtBuild } from './render-at-build';
import type { RouteHandle } from './route-handle';
import { AppFrame } from './shell/app-frame';

/**
 * A member as the header draws one: nothing of the header shows the name, only what the roles open.
 * The boot scripts show an early screen to members of these roles only (the build writes them on
 * a meta element of the page).
 */
const EARLY_SCREEN_USER: CurrentUser = {
  username: '',
  roles: INDIVIDUAL_ROLES,
  isImpersonating: false,
};

/**
 * An early screen's markup (issue 17, lib/early-screen.ts), rendered once at build by
 * apps/web/build/early-screens.ts with React's server renderer: the frame and the screen the app
 * draws for a signed-in member before the screen's answer is in, in French, so that what shows
 * before the app's JavaScript is the screen the app then takes over.
 */
export async function renderEarlyMemberScreen(screen: {
  path: string;
  href: string;
  handle: RouteHandle;
  load: () => Promise<{ Component: ComponentType }>;
}): Promise<{ markup: string; roles: readonly string[] }> {
  await i18nReady;
  await i18n.changeLanguage('fr');
  const { Component } = await screen.load();
  const routes: RouteObject[] = [
    {
      element: (
        <AppFrame user={EARLY_SCREEN_USER} handle={screen.handle} onLogout={() => {}}>
          <Outlet />
        </AppFrame>
      ),
      children: [{ path: screen.path, handle: screen.handle, element: <Component /> }],
    },
  ];
  const markup = await renderAtBuild(routes, screen.href);
  return { markup, roles: EARLY_SCREEN_USER.roles };
}
