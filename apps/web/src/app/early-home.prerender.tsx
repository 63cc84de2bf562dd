import { Outlet, type RouteObject } from 'react-router';
import { INDIVIDUAL_ROLES } from '@app/domain';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import type { CurrentUser } from '@/lib/session';
import { renderAtBuild } from './render-at-build';
import { HOME_HANDLE, loadHome } from './router';
import { AppFrame } from './shell/app-frame';

/**
 * A member as the header draws one: nothing of the header shows the name, only what the roles open.
 * The boot script shows the early home to members of these roles only (the build writes them on
 * the markup's element).
 */
const EARLY_HOME_USER: CurrentUser = {
  username: '',
  roles: INDIVIDUAL_ROLES,
  isImpersonating: false,
};

/**
 * The early home's markup (issue 17, lib/early-home.ts), rendered once at build by
 * apps/web/build/early-home.ts with React's server renderer: the frame and the home the app draws
 * for a signed-in member before the home's answer is in, in French, so that what shows before the
 * app's JavaScript is the screen the app then takes over.
 */
export async function renderEarlyHome(): Promise<{ markup: string; roles: readonly string[] }> {
  await i18n.changeLanguage('fr');
  const { Component: HomeRoute } = await loadHome();
  const routes: RouteObject[] = [
    {
      element: (
        <AppFrame user={EARLY_HOME_USER} handle={HOME_HANDLE} onLogout={() => {}}>
          <Outlet />
        </AppFrame>
      ),
      children: [{ path: paths.home.path, handle: HOME_HANDLE, element: <HomeRoute /> }],
    },
  ];
  const markup = await renderAtBuild(routes, paths.home.getHref());
  return { markup, roles: EARLY_HOME_USER.roles };
}
