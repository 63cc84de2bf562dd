import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { i18n, i18nReady } from '@/lib/i18n';
import { renderAtBuild } from './render-at-build';
import { LOGIN_HANDLE, loadLogin } from './router';
import { RootLayout } from './shell/root-layout';

/**
 * The early login's markup (issue 17, lib/early-login.ts), rendered once at build by
 * apps/web/build/early-login.ts with React's server renderer: the same frame and login screen the
 * app renders at #/login for a signed-out visitor, in French, so that what shows before the app's
 * JavaScript is the very screen the app then takes over, pixel for pixel.
 */
export async function renderEarlyLogin(): Promise<string> {
  await i18nReady;
  await i18n.changeLanguage('fr');
  const { Component: LoginRoute } = await loadLogin();
  const routes: RouteObject[] = [
    {
      element: <RootLayout />,
      children: [{ path: paths.login.path, handle: LOGIN_HANDLE, element: <LoginRoute /> }],
    },
  ];
  return renderAtBuild(routes, paths.login.getHref());
}
