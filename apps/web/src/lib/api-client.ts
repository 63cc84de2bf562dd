import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { env } from '@/config/env';
import { getClientConfig, isReportingEnvironment } from './client-config';
import { openGlobalDialog } from './dialogs';
import { formBody, type FormValue } from './form-body';
import { i18n } from './i18n';
import { checkAnswer, prepareAnswerCheck } from './answer-check';
import { isOffThreadSchema, type OffThreadSchema } from './off-thread-schema';
import { sessionAnswerSchemas } from './session-answer-schemas';
import { deviceId } from './storage';
import { clearSession, getAccessToken, getSession, updateSessionTokens } from './session';

/** An API call that failed, in the wire shape {code, messageKey, invalidField?} plus the status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** A catalogue key: the app shows t(messageKey), never the server's text. */
  readonly messageKey: string;
  /** The form field the error belongs to (spec: 403 with invalidField). */
  readonly invalidField: string | undefined;

  constructor(init: { status: number; code: string; messageKey: string; invalidField?: string }) {
    super(`${init.status} ${init.code} (${init.messageKey})`);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.messageKey = init.messageKey;
    this.invalidField = init.invalidField;
  }
}

export interface RequestOptions<T = unknown> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  /** A JSON body. */
  json?: unknown;
  /** A form-encoded body (most calls of the spec send "form" payloads). */
  form?: Record<string, FormValue>;
  /** A multipart body (file uploads). */
  multipart?: FormData;
  /**
   * Checks the answer; a mismatch is an error rather than a surprise further down. An off-thread
   * schema (lib/off-thread-schema) checks in the answer check worker, its code fetched while the
   * request travels: the answer is handed over only once checked.
   */
  schema?: z.ZodType<T> | OffThreadSchema<T>;
  /**
   * The caller shows this call's errors itself (inline) or not at all: no global error toast.
   * Session handling (refresh, logout on 430) still applies.
   */
  silent?: boolean;
  /** Sends no bearer token even when signed in (login, sign-up, password reset). */
  anonymous?: boolean;
  /** The answer is a file (a PDF…): resolved as a Blob, not parsed. */
  blob?: boolean;
  signal?: AbortSignal;
  /** Multipart only: called with the share of the body sent so far (0 to 1), for a progress bar. */
  onUploadProgress?: (fraction: number) => void;
  /**
   * This very request, already sent by a script of the page before the app ran (the early home
   * request, issue 17): its answer is taken and checked like any other; when it never came it is
   * sent again, and a 401 refreshes and retries as always.
   */
  sent?: Promise<Response | null>;
}

export const TOKEN_PATH = '/oauth/access_token';

/** Statuses that show the global "an error occurred" toast (docs/product/accounts.md §8); 0 = no answer. */
function deservesGlobalToast(error: ApiError): boolean {
  if (error.status === 0 || error.status === 400 || error.status === 404) return true;
  if (error.status >= 500) return true;
  return error.status === 403 && !error.invalidField;
}

const ERROR_TOAST_DURATION_MS = 20_000;

function showErrorToast() {
  const showBugLink = isReportingEnvironment(getClientConfig()?.environmentName);
  toast.error(i18n.t('error.generic'), {
    // One toast at a time, however many calls fail together.
    id: 'api-error',
    duration: ERROR_TOAST_DURATION_MS,
    position: 'bottom-right',
    action: showBugLink
      ? { label: i18n.t('error.reportBug'), onClick: () => openGlobalDialog('bugReport') }
      : undefined,
  });
}

/** Logout forced by the server (430, or a refused token refresh): back to /login. */
function endSession() {
  clearSession();
  // The guards redirect protected screens on their own; public screens (about, terms) follow too.
  if (!window.location.hash.startsWith('#/login')) window.location.hash = '#/login';
}

let refreshInFlight: Promise<boolean> | null = null;

/**
 * Exchanges the refresh token for new tokens. Concurrent callers share one exchange, and tabs take
 * turns through a Web Lock: refresh tokens rotate and a reused one ends the session (docs/product/founders-decisions.md).
 */
function refreshTokens(staleAccessToken: string): Promise<boolean> {
  refreshInFlight ??= withRefreshLock(() => exchangeRefreshToken(staleAccessToken)).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function withRefreshLock(task: () => Promise<boolean>): Promise<boolean> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks) {
    return await navigator.locks.request('veilleurs.token-refresh', task);
  }
  return await task();
}

async function exchangeRefreshToken(staleAccessToken: string): Promise<boolean> {
  const session = getSession();
  if (!session) return false;
  // Another tab refreshed while this one waited for the lock.
  if (getAccessToken(session) !== staleAccessToken) return true;
  let response: Response;
  try {
    response = await fetch(`${env.API_URL}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: session.refresh_token,
      }),
    });
  } catch {
    // Offline: the session may still be good, keep it.
    return false;
  }
  if (response.status === 401 || response.status === 403 || response.status === 430) {
    endSession();
    return false;
  }
  if (!response.ok) return false;
  const text = await response.text().catch(() => '');
  let answer;
  try {
    answer = await checkAnswer(sessionAnswerSchemas.tokens, text, true);
  } catch {
    // Offline again: as above, the session may still be good.
    return false;
  }
  if (!answer.ok) return false;
  updateSessionTokens(answer.data);
  return true;
}

function fallbackMessageKey(status: number): string {
  if (status === 0) return 'network.error';
  if (status === 401 || status === 430) return 'session.invalid.error';
  if (status === 403) return 'not.authorized.error';
  if (status === 404) return 'resource.not.found';
  if (status >= 500) return 'internal.server.error';
  return 'error.generic';
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return new ApiError({
    status: response.status,
    code: typeof fields.code === 'string' ? fields.code : `HTTP_${response.status}`,
    messageKey:
      typeof fields.messageKey === 'string'
        ? fields.messageKey
        : fallbackMessageKey(response.status),
    invalidField: typeof fields.invalidField === 'string' ? fields.invalidField : undefined,
  });
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${env.API_URL}${path}${search ? `?${search}` : ''}`;
}

function buildBody(options: RequestOptions): { body?: BodyInit; contentType?: string } {
  if (options.multipart) return { body: options.multipart };
  if (options.form) {
    return { body: formBody(options.form), contentType: 'application/x-www-form-urlencoded' };
  }
  if (options.json !== undefined) {
    return { body: JSON.stringify(options.json), contentType: 'application/json' };
  }
  return {};
}

/**
 * fetch cannot report how much of a request body was sent; an upload with a progress bar goes
 * through XMLHttpRequest and comes back as an ordinary Response. null when the network failed.
 */
function sendWithProgress(
  url: string,
  init: { method: string; headers: Record<string, string>; body: BodyInit | undefined },
  options: RequestOptions,
): Promise<Response | null> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onUploadProgress?.(event.loaded / event.total);
      }
    };
    xhr.onload = () => {
      options.onUploadProgress?.(1);
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const empty = xhr.status === 204 || xhr.status === 304;
      resolve(
        new Response(empty ? null : (xhr.responseText as string), { status: xhr.status, headers }),
      );
    };
    xhr.onerror = () => resolve(null);
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body as XMLHttpRequestBodyInit | null | undefined);
  });
}

async function send(path: string, options: RequestOptions, token: string | null) {
  const { body, contentType } = buildBody(options);
  // The server answers labels (colours, sorts, vehicle types) in the language the user chose here,
  // not the browser's.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.language || 'fr',
    'X-Device-Id': deviceId(),
  };
  if (contentType) headers['Content-Type'] = contentType;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.onUploadProgress && options.multipart && typeof XMLHttpRequest !== 'undefined') {
    return sendWithProgress(
      buildUrl(path, options.query),
      { method: options.method ?? 'GET', headers, body },
      options,
    );
  }
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return null;
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

/**
 * Whose session a client's calls carry. The public app and the back office keep apart sessions
 * (the back office's since issue 6) and share everything else of this client.
 */
export interface ClientSession {
  /** The bearer token to send, or null when signed out. */
  accessToken(): string | null;
  /** After a 401 on a call sent with `staleToken`: true when a fresh token is there to retry with. */
  refresh(staleToken: string): Promise<boolean>;
  /** The call that refreshes the tokens: never refreshed and retried itself. */
  refreshPath: string;
  /** Whether this error answer to `path` ends the session; then `end` runs. */
  endsSession(status: number, path: string): boolean;
  end(): void;
}

export interface ClientPolicy {
  session: ClientSession;
  /** Whether errors show the global toast (docs/product/accounts.md §8) unless a call is `silent`. */
  errorToasts: boolean;
}

/**
 * A client of the API: bearer token, JSON / form / multipart bodies, answers checked against the
 * call's schema, errors as ApiError. A 401 on a signed-in call refreshes the tokens once and
 * retries once (docs/product/accounts.md §4).
 */
export function createApiClient({ session, errorToasts }: ClientPolicy) {
  async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const toast = errorToasts && !options.silent;
    // The schema's code could not be fetched (offline): the answer cannot be checked, so it is not used.
    const noSchema = (cause: unknown) => {
      console.warn(`No schema to check the answer from ${path}`, cause);
      if (toast) showErrorToast();
      return new ApiError({ status: 0, code: 'NETWORK', messageKey: fallbackMessageKey(0) });
    };
    const mismatch = (status: number, issues: unknown) => {
      console.error(`Unexpected answer from ${path}`, issues);
      if (toast) showErrorToast();
      return new ApiError({ status, code: 'INVALID_RESPONSE', messageKey: 'error.generic' });
    };
    // An off-thread schema's code travels with the request rather than after its answer.
    if (isOffThreadSchema(options.schema)) prepareAnswerCheck(options.schema);
    const token = options.anonymous ? null : session.accessToken();
    let response = (options.sent ? await options.sent : null) ?? (await send(path, options, token));

    if (response?.status === 401 && token && path !== session.refreshPath) {
      if (await session.refresh(token)) response = await send(path, options, session.accessToken());
    }

    if (!response) {
      const error = new ApiError({ status: 0, code: 'NETWORK', messageKey: fallbackMessageKey(0) });
      if (toast) showErrorToast();
      throw error;
    }

    if (!response.ok) {
      const error = await toApiError(response);
      if (session.endsSession(error.status, path)) session.end();
      else if (toast && deservesGlobalToast(error)) showErrorToast();
      throw error;
    }

    if (options.blob) return (await response.blob()) as T;
    const schema = options.schema;
    if (isOffThreadSchema(schema)) {
      const text = response.status === 204 ? '' : await response.text();
      const isJson = (response.headers.get('Content-Type') ?? '').includes('json');
      let checked;
      try {
        checked = await checkAnswer(schema, text, isJson);
      } catch (cause) {
        throw noSchema(cause);
      }
      if (!checked.ok) throw mismatch(response.status, checked.issues);
      return checked.data;
    }
    const data = await readBody(response);
    if (!schema) return data as T;
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw mismatch(response.status, parsed.error);
    return parsed.data;
  }

  type MethodOptions<T> = Omit<RequestOptions<T>, 'method'>;
  return {
    request,
    get: <T = unknown>(path: string, options?: MethodOptions<T>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T = unknown>(path: string, options?: MethodOptions<T>) =>
      request<T>(path, { ...options, method: 'POST' }),
    put: <T = unknown>(path: string, options?: MethodOptions<T>) =>
      request<T>(path, { ...options, method: 'PUT' }),
    patch: <T = unknown>(path: string, options?: MethodOptions<T>) =>
      request<T>(path, { ...options, method: 'PATCH' }),
    delete: <T = unknown>(path: string, options?: MethodOptions<T>) =>
      request<T>(path, { ...options, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The public app's client: its session in lib/session; 430 or a refused token refresh logs out
 * and the statuses of docs/product/accounts.md §8 show the global error toast.
 */
export const api = createApiClient({
  errorToasts: true,
  session: {
    accessToken: () => getAccessToken(),
    // Another call may already have refreshed the tokens while this one was in flight.
    refresh: async (staleToken) =>
      getAccessToken() !== staleToken || (await refreshTokens(staleToken)),
    refreshPath: TOKEN_PATH,
    endsSession: (status, path) =>
      status === 430 || (path === TOKEN_PATH && (status === 401 || status === 403)),
    end: endSession,
  },
});
