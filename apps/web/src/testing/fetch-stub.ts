import { vi } from 'vitest';

export interface StubRequest {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: string;
  /** The form fields of a form-encoded body. */
  form: URLSearchParams;
}

type Answer = Response | { status?: number; body?: unknown };
export type StubHandler = (request: StubRequest) => Answer | Promise<Answer>;

/** A JSON answer. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The wire shape of an API error. */
export function apiError(
  status: number,
  code: string,
  messageKey: string,
  invalidField?: string,
): Response {
  return json({ code, messageKey, ...(invalidField ? { invalidField } : {}) }, status);
}

export const DEV_CLIENT_CONFIG = {
  environmentName: 'development',
  sentryDsn: null,
  publicUrl: 'http://localhost:3000',
};

/**
 * Replaces fetch with a table of "METHOD /path" handlers (msw-like, without msw). Unknown calls
 * answer a JSON 404, as the real server does. `calls` records every request in order.
 */
export function stubFetch(handlers: Record<string, StubHandler> = {}) {
  const calls: StubRequest[] = [];
  const table: Record<string, StubHandler> = {
    'GET /client-config': () => json(DEV_CLIENT_CONFIG),
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body =
      typeof init.body === 'string'
        ? init.body
        : init.body instanceof URLSearchParams
          ? init.body.toString()
          : '';
    const headers = new Headers(init.headers);
    // A boot script of index.html sends its form as a string (early-search-boot.ts).
    const formEncoded =
      init.body instanceof URLSearchParams ||
      headers.get('Content-Type') === 'application/x-www-form-urlencoded';
    const request: StubRequest = {
      method,
      path: url.pathname,
      url,
      headers,
      body,
      form: new URLSearchParams(formEncoded ? body : ''),
    };
    calls.push(request);
    const handler = table[`${method} ${url.pathname}`];
    if (!handler) return apiError(404, 'ROUTE_NOT_FOUND', 'resource.not.found');
    const answer = await handler(request);
    if (answer instanceof Response) return answer;
    return json(answer.body ?? null, answer.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /** Adds or replaces handlers mid-test. */
    use(more: Record<string, StubHandler>) {
      Object.assign(table, more);
    },
    callsTo(method: string, path: string) {
      return calls.filter((call) => call.method === method && call.path === path);
    },
  };
}

/**
 * Holds every request until `answer` is called: for what must happen while a request is out (the
 * app taking a screen over before the early answer came).
 */
export function holdFetch() {
  const held: ((response: Response) => void)[] = [];
  vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => held.push(resolve)));
  return {
    /** Answers the requests held so far, once at least one has gone out. */
    async answer(response: Response) {
      await vi.waitFor(() => {
        if (held.length === 0) throw new Error('no request has gone out yet');
      });
      for (const resolve of held.splice(0)) resolve(response.clone());
    },
  };
}
