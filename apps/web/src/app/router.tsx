import { INDIVIDUAL_ROLES } from '@app/domain';
import { useEffect, useState } from 'react';
import {
  createHashRouter,
  matchPath,
  redirect,
  RouterProvider,
  type RouteObject,
} from 'react-router';
import { RouteErrorFallback } from '@/components/errors/route-error-fallback';
import { paths } from '@/config/paths';
import { withTexts } from '@/lib/i18n';
import { getSession } from '@/lib/session';
import { GuestOnly, RequireAuth, RequireRoles } from './guards';
import type { RouteHandle } from './route-handle';
import { NotFoundRoute } from './routes/not-found';
import { OpenAppRoute } from './routes/open-app';
import { PageLoading } from './shell/page-loading';
import { RootLayout } from './shell/root-layout';

/**
 * One screen: its path, what it tells the shell, its code and its texts (loaded together when
 * first opened, lib/i18n withTexts) and its own error boundary, so that a failing screen leaves
 * the shell usable.
 */
function screen(path: string, handle: RouteHandle, load: RouteObject['lazy']): RouteObject {
  return { path, handle, errorElement: <RouteErrorFallback />, lazy: load } as RouteObject;
}

/** What the home tells the shell (also drawn at build as the early home, early-home.prerender.tsx). */
export const HOME_HANDLE: RouteHandle = {
  titleKey: 'page.home.title',
  showFilters: true,
  marksFirstContent: true,
};

/** The home with its texts (the build's early home loads it the same way). */
export const loadHome = async () => ({
  Component: (await withTexts(['discovery', 'cards'], () => import('./routes/home'))).HomeRoute,
});
/** What the search tells the shell (also drawn at build, early-search.prerender.tsx). */
export const SEARCH_HANDLE: RouteHandle = {
  titleKey: 'page.search.title',
  showFilters: true,
  marksFirstContent: true,
};

/** The search with its texts (the build's early search loads it the same way). */
export const loadSearch = async () => ({
  Component: (await withTexts(['discovery', 'cards'], () => import('./routes/search'))).SearchRoute,
});
const loadTopAnnonces = async () => ({
  Component: (await withTexts(['discovery', 'cards'], () => import('./routes/top-annonces')))
    .TopAnnoncesRoute,
});
const loadMyAlerts = async () => ({
  Component: (await withTexts(['discovery'], () => import('./routes/my-alerts'))).MyAlertsRoute,
});
const loadAbout = async () => ({
  Component: (await withTexts(['about'], () => import('./routes/about'))).AboutRoute,
});
const loadTerms = async () => ({
  Component: (await withTexts(['about'], () => import('./routes/terms'))).TermsRoute,
});
const loadAnnonceFound = async () => ({
  Component: (await withTexts(['found'], () => import('./routes/annonce-found'))).AnnonceFoundRoute,
});
/** What an announcement tells the shell (also drawn at build, early-annonce.prerender.tsx). */
export const ANNONCE_SHOW_HANDLE: RouteHandle = {
  titleKey: 'page.annonceShow.title',
  marksFirstContent: true,
};

/** An announcement's page with its texts (the build's early announcement loads it the same way). */
export const loadAnnonceShow = async () => ({
  Component: (
    await withTexts(
      ['annonces', 'cards', 'discovery', 'found', 'recovery'],
      () => import('./routes/annonce-show'),
    )
  ).AnnonceShowRoute,
});

/** What the login screen tells the shell (also rendered at build as the early login, early-login.prerender.tsx). */
export const LOGIN_HANDLE: RouteHandle = { titleKey: 'page.login.title', hideHeader: true };

/** The login screen with its texts (the build's early login loads it the same way). */
export const loadLogin = async () => ({
  Component: (await withTexts(['auth', 'dates'], () => import('./routes/login'))).LoginRoute,
});
const loadReport = async () => ({
  Component: (await withTexts(['support'], () => import('./routes/report'))).ReportRoute,
});
const loadProfileShow = async () => ({
  Component: (
    await withTexts(['profile', 'personal-data', 'auth'], () => import('./routes/profile-show'))
  ).ProfileShowRoute,
});
const loadProfileEdit = async () => ({
  Component: (
    await withTexts(
      ['profile', 'identity', 'personal-data', 'auth'],
      () => import('./routes/profile-edit'),
    )
  ).ProfileEditRoute,
});
const loadMyLampions = async () => ({
  Component: (await withTexts(['lampions'], () => import('./routes/my-lampions'))).MyLampionsRoute,
});
const loadAutorisations = async () => ({
  Component: (
    await withTexts(['permissions', 'notifications'], () => import('./routes/autorisations'))
  ).AutorisationsRoute,
});

/** Every route of docs/product/accounts.md, docs/product/annonces.md and docs/product/discovery.md §2, with their guards. */
export function createAppRouter() {
  return createHashRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteErrorFallback />,
      // Shown while the first screen's code loads.
      hydrateFallbackElement: <PageLoading />,
      children: [
        { path: paths.openApp.path, element: <OpenAppRoute /> },
        screen(paths.about.path, { titleKey: 'page.about.title' }, loadAbout),
        screen(paths.terms.path, { titleKey: 'page.terms.title' }, loadTerms),
        // The mail's "vehicle found" link: no session needed (issue 19).
        screen(paths.annonceFound.path, { titleKey: 'page.annonceFound.title' }, loadAnnonceFound),
        {
          element: <GuestOnly />,
          // A signed-in user sent to the login from inside the app (a link, the address bar's hash)
          // goes home before anything renders: GuestOnly's own redirect, made from an effect, left
          // such a navigation on an empty screen. GuestOnly still sends a user who has just signed
          // in on to where they were going.
          loader: () => (getSession() ? redirect(paths.home.getHref()) : null),
          children: [screen(paths.login.path, LOGIN_HANDLE, loadLogin)],
        },
        {
          element: <RequireAuth />,
          children: [
            screen(paths.home.path, HOME_HANDLE, loadHome),
            screen(paths.search.path, SEARCH_HANDLE, loadSearch),
            screen(paths.topAnnonces.path, { titleKey: 'page.topAnnonces.title' }, loadTopAnnonces),
            screen(paths.profileShow.path, { titleKey: 'page.profileShow.title' }, loadProfileShow),
            screen(paths.profileEdit.path, { titleKey: 'page.profileEdit.title' }, loadProfileEdit),
            screen(paths.myLampions.path, { titleKey: 'page.myLampions.title' }, loadMyLampions),
            screen(paths.myMatches.path, { titleKey: 'page.myMatches.title' }, async () => ({
              Component: (await withTexts(['matches'], () => import('./routes/my-matches')))
                .MyMatchesRoute,
            })),
            screen(paths.myFavorites.path, { titleKey: 'page.myFavorites.title' }, async () => ({
              Component: (
                await withTexts(
                  ['annonces', 'cards', 'discovery', 'found'],
                  () => import('./routes/annonce-lists'),
                )
              ).MyFavoritesRoute,
            })),
            screen(
              paths.autorisations.path,
              { titleKey: 'page.autorisations.title' },
              loadAutorisations,
            ),
            screen(
              paths.annonceCreate.path,
              { titleKey: 'page.annonceCreate.title', isEditor: true },
              async () => ({
                Component: (
                  await withTexts(
                    ['annonces', 'cards', 'discovery'],
                    () => import('./routes/annonce-wizard'),
                  )
                ).AnnonceCreateRoute,
              }),
            ),
            screen(
              paths.annonceEdit.path,
              { titleKey: 'page.annonceEdit.title', isEditor: true },
              async () => ({
                Component: (
                  await withTexts(
                    ['annonces', 'cards', 'discovery'],
                    () => import('./routes/annonce-wizard'),
                  )
                ).AnnonceEditRoute,
              }),
            ),
            screen(paths.annonceShow.path, ANNONCE_SHOW_HANDLE, loadAnnonceShow),
            screen(
              paths.annonceAdditionnalReward.path,
              { titleKey: 'page.annonceAdditionnalReward.title' },
              async () => ({
                Component: (
                  await withTexts(
                    ['discovery', 'payments', 'annonces', 'cards'],
                    () => import('./routes/annonce-payments'),
                  )
                ).AnnonceAdditionnalRewardRoute,
              }),
            ),
            screen(paths.annonceBoost.path, { titleKey: 'page.annonceBoost.title' }, async () => ({
              Component: (
                await withTexts(
                  ['discovery', 'payments', 'annonces', 'cards'],
                  () => import('./routes/annonce-payments'),
                )
              ).AnnonceBoostRoute,
            })),
            screen(paths.matchShow.path, { titleKey: 'page.matchShow.title' }, async () => ({
              Component: (await withTexts(['matches'], () => import('./routes/match-show')))
                .MatchShowRoute,
            })),
            screen(paths.report.path, { titleKey: 'page.report.title' }, loadReport),
            {
              element: <RequireRoles roles={INDIVIDUAL_ROLES} />,
              children: [
                screen(paths.myAnnonce.path, { titleKey: 'page.myAnnonce.title' }, async () => ({
                  Component: (
                    await withTexts(
                      ['annonces', 'cards', 'discovery', 'found'],
                      () => import('./routes/annonce-lists'),
                    )
                  ).MyAnnonceRoute,
                })),
                screen(paths.myAlerts.path, { titleKey: 'page.myAlerts.title' }, loadMyAlerts),
                screen(
                  paths.verifyMatch.path,
                  { titleKey: 'page.verifyMatch.title' },
                  async () => ({
                    Component: (
                      await withTexts(
                        ['matches', 'discovery', 'annonces', 'recovery'],
                        () => import('./routes/verify-match'),
                      )
                    ).VerifyMatchRoute,
                  }),
                ),
              ],
            },
            { path: '*', element: <NotFoundRoute />, handle: { titleKey: 'page.notFound.title' } },
          ],
        },
      ],
    },
  ]);
}

let preparedRouter: ReturnType<typeof createAppRouter> | null = null;

/**
 * Creates the app's router before React's first render, in a task of its own (main.tsx). Creating
 * it ranks every route and starts the first navigation: 100-135 ms of a phone's main thread at 4x,
 * which inside the render was one unit React cannot slice, the longest task of every first screen
 * (issue 17).
 */
export function prepareAppRouter() {
  preparedRouter ??= createAppRouter();
}

export function AppRouter() {
  const [router] = useState(() => preparedRouter ?? createAppRouter());
  // Taken once mounted (not in the initializer, which StrictMode calls twice): a later AppRouter
  // (a test's next render) starts from the address it is given.
  useEffect(() => {
    if (preparedRouter === router) preparedRouter = null;
  }, [router]);
  return <RouterProvider router={router} />;
}

/** The screens a signed-in visit opens on most (the early screens' own), with their code. */
const FIRST_SCREEN_LOADS = [
  [paths.home.path, loadHome],
  [paths.search.path, loadSearch],
  [paths.annonceShow.path, loadAnnonceShow],
] as const;

/** A visitor's first screen, also drawn early (early-login.prerender.tsx). */
const GUEST_FIRST_SCREEN_LOADS = [[paths.login.path, loadLogin]] as const;

/**
 * The code and texts of the screen at `hash`, when it is one of FIRST_SCREEN_LOADS for a
 * signed-in visit, or the login for a visitor.
 */
export function firstScreenLoad(
  hash: string,
  signedIn: boolean,
): (() => Promise<unknown>) | undefined {
  const pathname = hash.replace(/^#/, '').split('?')[0] || '/';
  const loads = signedIn ? FIRST_SCREEN_LOADS : GUEST_FIRST_SCREEN_LOADS;
  return loads.find(([path]) => matchPath(path, pathname))?.[1];
}

/**
 * Asks the first screen's code and texts before the router exists (main.tsx, in a task of its
 * own). The router asks them again and finds them on their way: its task no longer appends the
 * screen's dozen modulepreload links (30-47 ms of a phone's main thread at 4x, issue 17), and the
 * screen's files leave a little earlier. A failure is the router's to show, when it asks.
 */
export function startFirstScreenLoad(hash: string, signedIn: boolean) {
  void firstScreenLoad(hash, signedIn)?.().catch(() => {});
}
