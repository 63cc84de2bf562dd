import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { LoginComponent } from '../login-components';

/**
 * Moves between the login views. The navigation state travels along: it holds the screen the
 * guard turned the guest away from, where a successful login ends (see GuestOnly).
 */
export function useLoginNavigation() {
  const navigate = useNavigate();
  const location = useLocation();
  const state: unknown = location.state;
  return useCallback(
    (
      component: LoginComponent,
      options: { token?: string; userId?: string; query?: Record<string, string> } = {},
    ) => {
      const search = new URLSearchParams(options.query).toString();
      void navigate(
        {
          pathname: paths.login.getHref(component, options.token, options.userId),
          search: search ? `?${search}` : '',
        },
        { state },
      );
    },
    [navigate, state],
  );
}
