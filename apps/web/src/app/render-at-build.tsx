import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';

/**
 * Renders one screen of the app to markup with React's server renderer, as the build draws the
 * early screens (early-login.prerender.tsx, early-home.prerender.tsx), with the app's providers.
 *
 * The data cache is emptied afterwards: each query a screen asks for keeps a timer to forget it
 * minutes later, and those timers kept the build's process alive for minutes after its files were
 * written (npm start and CI's web server waited on it).
 */
export async function renderAtBuild(routes: RouteObject[], href: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${href}`));
  if (context instanceof Response) throw new Error(`${href} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  try {
    return renderToString(
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>,
    );
  } finally {
    queryClient.clear();
  }
}
