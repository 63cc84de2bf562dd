import { AdminSessionAnswerSchema } from '@app/domain';
import { ApiError, createApiClient } from '@/lib/api-client';
import { getAdminSession, setAdminSession } from './session';

export { ApiError };

const ADMIN_REFRESH_PATH = '/admin/oauth/access_token';

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time; a refused refresh ends the back-office session. */
function refresh(staleToken: string): Promise<boolean> {
  const current = getAdminSession();
  // Another call refreshed the tokens while this one was in flight.
  if (current && current.access_token !== staleToken) return Promise.resolve(true);
  refreshing ??= (async () => {
    if (!current) return false;
    try {
      const answer = await adminApi.post(ADMIN_REFRESH_PATH, {
        json: { grant_type: 'refresh_token', refresh_token: current.refresh_token },
        schema: AdminSessionAnswerSchema,
        anonymous: true,
      });
      setAdminSession(answer);
      return true;
    } catch {
      setAdminSession(null);
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * The back office's client: the public app's client with the back office's own session (issue 6).
 * A 401 that survives the refresh ends that session; screens show their errors themselves, so no
 * global error toast.
 */
export const adminApi = createApiClient({
  errorToasts: false,
  session: {
    accessToken: () => getAdminSession()?.access_token ?? null,
    refresh,
    refreshPath: ADMIN_REFRESH_PATH,
    endsSession: (status) => status === 401,
    end: () => setAdminSession(null),
  },
});

export async function adminLogin(username: string, password: string) {
  const answer = await adminApi.post('/admin/login', {
    json: { username, password, rememberMe: false },
    schema: AdminSessionAnswerSchema,
    anonymous: true,
  });
  setAdminSession(answer);
  return answer;
}

export async function adminLogout() {
  const session = getAdminSession();
  setAdminSession(null);
  if (session) {
    await adminApi
      .post('/authentication/logout', {
        json: { refresh_token: session.refresh_token },
        anonymous: true,
      })
      .catch(() => null);
  }
}
