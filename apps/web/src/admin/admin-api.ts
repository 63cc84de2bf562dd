import { ApiError } from '@/lib/api-client';
import { env } from '@/config/env';
import { i18n } from '@/lib/i18n';
import { getAdminSession, setAdminSession } from './session';

export { ApiError };

async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return new ApiError({
    status: response.status,
    code: typeof body?.code === 'string' ? body.code : `HTTP_${response.status}`,
    messageKey:
      typeof body?.messageKey === 'string'
        ? body.messageKey
        : response.status >= 500
          ? 'internal.server.error'
          : 'error.generic',
    invalidField: typeof body?.invalidField === 'string' ? body.invalidField : undefined,
  });
}

function send(path: string, init: { method: string; json?: unknown }, token: string | null) {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.language || 'fr',
  };
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${env.API_URL}${path}`, {
    method: init.method,
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time; a refused refresh ends the back-office session. */
function refresh(): Promise<boolean> {
  refreshing ??= (async () => {
    const session = getAdminSession();
    if (!session) return false;
    const response = await send(
      '/admin/oauth/access_token',
      {
        method: 'POST',
        json: { grant_type: 'refresh_token', refresh_token: session.refresh_token },
      },
      null,
    ).catch(() => null);
    if (!response) return false;
    if (!response.ok) {
      setAdminSession(null);
      return false;
    }
    const answer = (await response.json()) as {
      username: string;
      roles: string[];
      access_token: string;
      refresh_token: string;
    };
    setAdminSession(answer);
    return true;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A call of the admin API with the back office's token; a 401 refreshes once and retries. */
export async function adminRequest<T>(
  path: string,
  init: { method?: 'GET' | 'POST'; json?: unknown } = {},
): Promise<T> {
  const method = init.method ?? 'GET';
  const token = getAdminSession()?.access_token ?? null;
  let response = await send(path, { method, json: init.json }, token).catch(() => null);
  if (response?.status === 401 && token && (await refresh())) {
    response = await send(
      path,
      { method, json: init.json },
      getAdminSession()?.access_token ?? null,
    ).catch(() => null);
  }
  if (!response) {
    throw new ApiError({ status: 0, code: 'NETWORK', messageKey: 'network.error' });
  }
  if (response.status === 401) setAdminSession(null);
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

export async function adminLogin(username: string, password: string) {
  const response = await send(
    '/admin/login',
    {
      method: 'POST',
      json: { username, password, rememberMe: false },
    },
    null,
  ).catch(() => null);
  if (!response) throw new ApiError({ status: 0, code: 'NETWORK', messageKey: 'network.error' });
  if (!response.ok) throw await toApiError(response);
  const answer = (await response.json()) as {
    username: string;
    roles: string[];
    access_token: string;
    refresh_token: string;
  };
  setAdminSession(answer);
  return answer;
}

export async function adminLogout() {
  const session = getAdminSession();
  setAdminSession(null);
  if (session) {
    await send(
      '/authentication/logout',
      { method: 'POST', json: { refresh_token: session.refresh_token } },
      null,
    ).catch(() => null);
  }
}

export const adminGet = <T>(path: string) => adminRequest<T>(path);
export const adminPost = <T>(path: string, json: unknown = {}) =>
  adminRequest<T>(path, { method: 'POST', json });
