import { toast } from '@/lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { expectConsoleError } from '@/testing/setup-tests';
import { signIn } from '@/testing/test-utils';
import { ApiError, api } from './api-client';
import { loadClientConfig } from './client-config';
import { i18n } from './i18n';
import { offThreadSchema } from './off-thread-schema';
import { getSession } from './session';

const refreshed = {
  username: 'camille@example.org',
  roles: ['ROLE_INDIVIDUAL_CONFIRMED'],
  token_type: 'Bearer',
  access_token: 'access-2',
  expires_in: 900,
  refresh_token: 'refresh-2',
};

/** An endpoint that accepts only the refreshed token. */
const needsFreshToken = (request: { headers: Headers }) =>
  request.headers.get('Authorization') === 'Bearer access-2'
    ? json({ ok: true })
    : apiError(401, 'UNAUTHENTICATED', 'session.invalid.error');

describe('api client', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('sends the bearer token, form bodies as form fields, and reads JSON', async () => {
    signIn();
    const stub = stubFetch({ 'POST /user/sendFeedbackMail': () => json({ sent: true }) });
    await expect(
      api.post('/user/sendFeedbackMail', {
        form: { feedbackType: 'QUESTION', content: 'Bonjour', skip: undefined },
      }),
    ).resolves.toEqual({ sent: true });
    const [call] = stub.callsTo('POST', '/user/sendFeedbackMail');
    expect(call?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(call?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(call?.body).toBe('feedbackType=QUESTION&content=Bonjour');
  });

  it('asks for labels in the language chosen in the app, not the browser’s', async () => {
    signIn();
    const stub = stubFetch({ 'GET /apiMobile/getColors': () => json([]) });
    await i18n.changeLanguage('en');
    try {
      await api.get('/apiMobile/getColors');
    } finally {
      await i18n.changeLanguage('fr');
    }
    await api.get('/apiMobile/getColors');
    const [english, french] = stub.callsTo('GET', '/apiMobile/getColors');
    expect(english?.headers.get('Accept-Language')).toBe('en');
    expect(french?.headers.get('Accept-Language')).toBe('fr');
  });

  it('maps an error answer to ApiError with status, code, message key and field', async () => {
    signIn();
    stubFetch({
      'POST /register/checkStep1Register': () =>
        apiError(403, 'FIELD_INVALID', 'email.format.error', 'username'),
    });
    const error = await api
      .post('/register/checkStep1Register', { json: {}, silent: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'FIELD_INVALID',
      messageKey: 'email.format.error',
      invalidField: 'username',
    });
  });

  it('on a 401 refreshes the tokens once and retries the call once', async () => {
    signIn();
    const stub = stubFetch({
      'GET /user/getProfile': needsFreshToken,
      'POST /oauth/access_token': () => json(refreshed),
    });
    await expect(api.get('/user/getProfile')).resolves.toEqual({ ok: true });

    const refreshes = stub.callsTo('POST', '/oauth/access_token');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.form.get('grant_type')).toBe('refresh_token');
    expect(refreshes[0]?.form.get('refresh_token')).toBe('refresh-1');
    expect(stub.callsTo('GET', '/user/getProfile')).toHaveLength(2);
    expect(getSession()).toMatchObject({ access_token: 'access-2', refresh_token: 'refresh-2' });
  });

  it('retries only once when the refreshed token is refused too', async () => {
    signIn();
    const stub = stubFetch({
      'GET /user/getProfile': () => apiError(401, 'UNAUTHENTICATED', 'session.invalid.error'),
      'POST /oauth/access_token': () => json(refreshed),
    });
    await expect(api.get('/user/getProfile')).rejects.toMatchObject({ status: 401 });
    expect(stub.callsTo('GET', '/user/getProfile')).toHaveLength(2);
    expect(stub.callsTo('POST', '/oauth/access_token')).toHaveLength(1);
  });

  it('makes concurrent 401s share one refresh', async () => {
    signIn();
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const stub = stubFetch({
      'GET /user/getProfile': needsFreshToken,
      'GET /user/currentUserData': needsFreshToken,
      'GET /home/getHomeInfos': needsFreshToken,
      'POST /oauth/access_token': async () => {
        await refreshGate;
        return json(refreshed);
      },
    });
    const results = Promise.all([
      api.get('/user/getProfile'),
      api.get('/user/currentUserData'),
      api.get('/home/getHomeInfos'),
    ]);
    await vi.waitFor(() => expect(stub.callsTo('POST', '/oauth/access_token')).toHaveLength(1));
    releaseRefresh();
    await expect(results).resolves.toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(stub.callsTo('POST', '/oauth/access_token')).toHaveLength(1);
  });

  it('does not refresh for a call made without a session (a wrong password is just a 401)', async () => {
    const stub = stubFetch({
      'POST /api/login': () => apiError(401, 'LOGIN_INCORRECT', 'login.incorrect.error'),
    });
    await expect(api.post('/api/login', { json: {}, anonymous: true })).rejects.toMatchObject({
      status: 401,
      messageKey: 'login.incorrect.error',
    });
    expect(stub.callsTo('POST', '/oauth/access_token')).toHaveLength(0);
  });

  it('logs out and goes to /login on a 430', async () => {
    signIn();
    window.location.hash = '#/about';
    stubFetch({
      'GET /user/getProfile': () => apiError(430, 'SESSION_EXPIRED', 'session.invalid.error'),
    });
    await expect(api.get('/user/getProfile')).rejects.toMatchObject({ status: 430 });
    expect(getSession()).toBeNull();
    expect(window.location.hash).toBe('#/login');
  });

  it('logs out when the token endpoint refuses the refresh token', async () => {
    signIn();
    stubFetch({
      'GET /user/getProfile': () => apiError(401, 'UNAUTHENTICATED', 'session.invalid.error'),
      'POST /oauth/access_token': () => apiError(401, 'UNAUTHENTICATED', 'session.invalid.error'),
    });
    await expect(api.get('/user/getProfile')).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(window.location.hash).toBe('#/login');
  });

  it('shows the error toast for 20 s on a 500, bottom right', async () => {
    signIn();
    const toastError = vi.spyOn(toast, 'error');
    stubFetch({ 'GET /user/getProfile': () => apiError(500, 'INTERNAL', 'internal.server.error') });
    await expect(api.get('/user/getProfile')).rejects.toMatchObject({ status: 500 });
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith(
      'Une erreur s’est produite.',
      expect.objectContaining({ duration: 20_000, position: 'bottom-right', action: undefined }),
    );
  });

  it.each([
    [400, undefined],
    [404, undefined],
    [403, undefined],
  ])('shows the error toast on a %i without a field', async (status, field) => {
    signIn();
    const toastError = vi.spyOn(toast, 'error');
    stubFetch({ 'GET /x': () => apiError(status, 'ANY', 'error.generic', field) });
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(toastError).toHaveBeenCalledTimes(1);
  });

  it('shows no toast for a 403 naming a field, nor for a silent call', async () => {
    signIn();
    const toastError = vi.spyOn(toast, 'error');
    stubFetch({
      'POST /field': () => apiError(403, 'FIELD_INVALID', 'phone.format.error', 'phoneNumber'),
      'GET /broken': () => apiError(500, 'INTERNAL', 'internal.server.error'),
    });
    await expect(api.post('/field')).rejects.toMatchObject({ invalidField: 'phoneNumber' });
    await expect(api.get('/broken', { silent: true })).rejects.toMatchObject({ status: 500 });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('offers "Signaler un bug" in the toast only in preproduction and production', async () => {
    signIn();
    const toastError = vi.spyOn(toast, 'error');
    stubFetch({
      'GET /client-config': () =>
        json({ environmentName: 'preproduction', sentryDsn: null, publicUrl: 'https://x.fr' }),
      'GET /broken': () => apiError(500, 'INTERNAL', 'internal.server.error'),
    });
    await loadClientConfig();
    await expect(api.get('/broken')).rejects.toBeInstanceOf(ApiError);
    expect(toastError).toHaveBeenCalledWith(
      'Une erreur s’est produite.',
      expect.objectContaining({ action: expect.objectContaining({ label: 'Signaler un bug' }) }),
    );
  });

  it('hands an answer over only once an off-thread schema has arrived and checked it', async () => {
    signIn();
    stubFetch({
      'GET /home/getHomeInfos': () => json({ count: 3 }),
      'GET /apiMobile/getColors': () => json({ count: 'three' }),
    });
    let arrive: (schema: z.ZodType<{ count: number; checked: boolean }>) => void = () => {};
    // Like a dynamic import: one fetch, whoever asks.
    const arrival = new Promise<z.ZodType<{ count: number; checked: boolean }>>(
      (resolve) => (arrive = resolve),
    );
    const schema = offThreadSchema('test/homeInfos', () => arrival);
    const answer = api.get('/home/getHomeInfos', { schema, silent: true });
    // The schema arrives after the call was sent; what comes out went through it.
    arrive(z.object({ count: z.number() }).transform((value) => ({ ...value, checked: true })));
    await expect(answer).resolves.toEqual({ count: 3, checked: true });
    // The same schema refuses a wrong answer.
    await expect(api.get('/apiMobile/getColors', { schema, silent: true })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
    expectConsoleError(/Unexpected answer from \/apiMobile\/getColors/);
  });

  it('refuses the answer when an off-thread schema cannot be fetched (offline)', async () => {
    signIn();
    stubFetch({ 'GET /home/getHomeInfos': () => json({ count: 3 }) });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const schema = offThreadSchema<{ count: number }>('test/offline', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await expect(api.get('/home/getHomeInfos', { schema, silent: true })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
    });
  });

  it('treats no answer at all as an error with status 0', async () => {
    vi.spyOn(toast, 'error');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/user/getProfile', { silent: true })).rejects.toMatchObject({
      status: 0,
      messageKey: 'network.error',
    });
  });
});
