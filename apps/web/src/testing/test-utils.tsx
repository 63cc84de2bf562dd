import type { Role } from '@app/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '@/app/provider';
import { AppRouter, prepareAppRouter } from '@/app/router';
import { startVisitorAtLogin } from '@/app/visitor-start';
import { createQueryClient } from '@/lib/query-client';
import { STORAGE_KEYS } from '@/lib/storage';
import { loadClientConfig } from '@/lib/client-config';
import { getSession } from '@/lib/session';

export interface TestSessionOptions {
  username?: string;
  roles?: Role[];
  accessToken?: string;
  refreshToken?: string;
}

/** Puts a signed-in user in localStorage, the way a login leaves it. */
export function signIn({
  username = 'camille@example.org',
  roles = ['ROLE_INDIVIDUAL_CONFIRMED'],
  accessToken = 'access-1',
  refreshToken = 'refresh-1',
}: TestSessionOptions = {}) {
  window.localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({
      username,
      roles,
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: 900,
      expiresAt: Date.now() + 900_000,
      rememberMe: false,
      impersonateToken: null,
      impersonateUsername: null,
      impersonateRoles: null,
    }),
  );
}

/**
 * Renders the whole app (real providers, real router) at a hash route, optionally signed in.
 * Stub fetch first (stubFetch); the runtime configuration is loaded as main.tsx does.
 */
export async function renderApp(
  url = '/',
  {
    user,
    routerFirst = false,
    visitorStart = false,
  }: {
    user?: TestSessionOptions | false;
    /** The router created before the render, in a task of its own, as main.tsx does. */
    routerFirst?: boolean;
    /** A visitor on a screen that needs a session put on the login first, as main.tsx does. */
    visitorStart?: boolean;
  } = {},
) {
  if (user !== undefined && user !== false) signIn(user);
  window.location.hash = `#${url}`;
  // jsdom dispatches hashchange/popstate in a later task: let them pass before the router listens,
  // or the late popstate would cancel the router's first redirect.
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (visitorStart && !getSession()) startVisitorAtLogin();
  await loadClientConfig();
  if (routerFirst) prepareAppRouter();
  const queryClient = createQueryClient({ queries: { retry: false }, mutations: { retry: false } });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <AppRouter />
    </AppProvider>,
  );
  // Wait for the first screen: every screen has a main landmark.
  await screen.findByRole('main');
  return { ...result, user: userEvent.setup(), queryClient };
}

/** The current hash route, without the leading "#". */
export function currentRoute(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}
