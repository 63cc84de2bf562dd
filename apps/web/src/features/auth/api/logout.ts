import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { logout } from '@/lib/logout';

/** Logout from a screen: then /login. */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(() => {
    logout();
    void navigate(paths.login.getHref(), { replace: true });
  }, [navigate]);
}
