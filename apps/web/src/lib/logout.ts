import { api } from '@/lib/api-client';
import { clearSession, getSession } from '@/lib/session';

/**
 * Logout (docs/product/accounts.md §4): the server forgets the refresh token's session (POST
 * /authentication/logout, always 204), the browser forgets the user, roles and impersonation.
 * The local part never waits for the network.
 */
export function logout() {
  const refreshToken = getSession()?.refresh_token;
  clearSession();
  if (refreshToken) {
    void api
      .post('/authentication/logout', {
        form: { refresh_token: refreshToken },
        anonymous: true,
        silent: true,
      })
      .catch(() => undefined);
  }
}
