import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { apiError, holdFetch, json, stubFetch } from '@/testing/fetch-stub';
import {
  BOOT_DEVICE_ID,
  drawEarlyScreen,
  imagePreloads,
  isEarlyScreenShown,
  MEMBER_ROLES,
  resetBootPage,
  signInOnDevice,
  withPhoto,
} from '@/testing/early-boot';
import { signIn } from '@/testing/test-utils';
import { CARD_PHOTO_SIZES } from '@/components/annonce-card/card-photo-sizes';
import { makeCards, makeGroup } from '../testing/discovery-fixtures';
import { signedInBootScriptSource } from '@/lib/boot-script';
import {
  EARLY_PHOTO_SLOT_ATTRIBUTE,
  EARLY_SCREEN_ROLES_META,
  takeOverEarlyScreen,
} from '@/lib/early-screen';
import { EARLY_HOME_GLOBAL, earlyHomeBootCall, type EarlyHomeRequest } from './early-home-boot';
import { loadHomeData, startHomeDataEarly } from './early-home-data';
import { POSITION_WAIT_MS } from '../lib/position-options';

/**
 * The early home request (issue 17): index.html's script asks the signed-in home's data before the
 * app's JavaScript has arrived, and the app takes that answer. Run here from the very text the
 * build writes out, alone, as the browser runs it.
 */

function boot(url: string) {
  window.history.replaceState(null, '', url);
  new Function('window', signedInBootScriptSource([earlyHomeBootCall()]))(window);
  return (window as unknown as Record<string, EarlyHomeRequest | undefined>)[EARLY_HOME_GLOBAL];
}

afterEach(() => resetBootPage(EARLY_HOME_GLOBAL));

describe('the early home request', () => {
  it('asks the signed-in home’s data with the app’s token, device and language, once the position is known', async () => {
    signInOnDevice({ accessToken: 'access-7' });
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 43.6, longitude: 1.44 } } as GeolocationPosition),
      },
    });
    const stub = stubFetch({ 'POST /home/getHomeData': () => json([]) });

    const request = boot('/#/');
    expect(request).toBeDefined();
    const { position, response } = await request!.answer;
    expect(position).toEqual({ latitude: 43.6, longitude: 1.44 });
    expect(response?.status).toBe(200);
    const [sent] = stub.callsTo('POST', '/home/getHomeData');
    expect(sent?.headers.get('Authorization')).toBe('Bearer access-7');
    expect(sent?.headers.get('X-Device-Id')).toBe(BOOT_DEVICE_ID);
    expect(sent?.headers.get('Accept-Language')).toBe('en');
    expect(sent?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(sent?.body).get('latitude')).toBe('43.6');
    expect(new URLSearchParams(sent?.body).get('longitude')).toBe('1.44');
  });

  it('asks without a position when the browser gives none', async () => {
    signInOnDevice();
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_ok: PositionCallback, refused: PositionErrorCallback) =>
          refused({ code: 1 } as GeolocationPositionError),
      },
    });
    const stub = stubFetch({ 'POST /home/getHomeData': () => json([]) });
    expect((await boot('/')!.answer).position).toBeNull();
    expect(stub.callsTo('POST', '/home/getHomeData')[0]?.body).toBe('');
  });

  it('asks without a position once the wait is over while the browser’s prompt stays open, and keeps the late answer', async () => {
    signInOnDevice();
    // The browser neither answers nor times out: its timeout does not count an open prompt.
    let give: PositionCallback = () => {};
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) => {
          give = ok;
        },
      },
    });
    const groups = [makeGroup({ annonces: makeCards(1) })];
    const stub = stubFetch({ 'POST /home/getHomeData': () => json(groups) });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const request = boot('/#/')!;
      await vi.advanceTimersByTimeAsync(POSITION_WAIT_MS - 1);
      expect(stub.callsTo('POST', '/home/getHomeData')).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect((await request.answer).position).toBeNull();
      expect(stub.callsTo('POST', '/home/getHomeData')[0]?.body).toBe('');
      // The app takes that answer for a home without a position…
      startHomeDataEarly();
      expect(await loadHomeData(null)).toEqual(groups);
      expect(stub.callsTo('POST', '/home/getHomeData')).toHaveLength(1);
      // …and the browser's own answer, when the user gives it at last.
      give({ coords: { latitude: 43.6, longitude: 1.44 } } as GeolocationPosition);
      expect(await request.located).toEqual({ latitude: 43.6, longitude: 1.44 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks nothing for a guest, another screen, another page or a browser the app has not met', () => {
    const stub = stubFetch();
    localStorage.setItem(STORAGE_KEYS.deviceId, BOOT_DEVICE_ID);
    expect(boot('/#/')).toBeUndefined();
    signIn();
    expect(boot('/#/search')).toBeUndefined();
    expect(boot('/#/annonce/show/2')).toBeUndefined();
    expect(boot('/admin/#/')).toBeUndefined();
    localStorage.removeItem(STORAGE_KEYS.deviceId);
    expect(boot('/#/')).toBeUndefined();
    localStorage.setItem(STORAGE_KEYS.deviceId, 'short');
    expect(boot('/#/')).toBeUndefined();
    localStorage.setItem(STORAGE_KEYS.deviceId, BOOT_DEVICE_ID);
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(boot('/#/')).toBeUndefined();
    expect(stub.calls).toHaveLength(0);
  });

  it('fetches the first row’s first photo with the card’s own sources and sizes', async () => {
    signInOnDevice();
    const [plain, pictured, later] = makeCards(3);
    const groups = [
      makeGroup({ annonces: [plain!, withPhoto(pictured!), withPhoto(later!)] }),
      makeGroup({ annonceType: 'TOP_ANNONCES', annonces: [withPhoto(makeCards(1, 9)[0]!)] }),
    ];
    stubFetch({ 'POST /home/getHomeData': () => json(groups) });
    await boot('/#/')!.answer;
    await vi.waitFor(() => expect(imagePreloads()).toHaveLength(1));
    expect(imagePreloads()[0]).toEqual({
      srcset: `/files/${pictured!.id}/small 480w, /files/${pictured!.id}/medium 800w`,
      sizes: CARD_PHOTO_SIZES,
      href: null,
      priority: 'high',
    });
  });

  it('fetches the photo the answer’s header names before its body has arrived', async () => {
    signInOnDevice();
    const pictured = withPhoto(makeCards(1, 4)[0]!);
    const sources = pictured.vehicleFiles[0]!.sources;
    // Headers in, the body still on its way (it never comes).
    const headersOnly = (named: string) =>
      new Response(new ReadableStream({ start: () => {} }), {
        headers: { 'Content-Type': 'application/json', 'home-first-photo': named },
      });
    stubFetch({
      'POST /home/getHomeData': () => headersOnly(JSON.stringify({ rank: 1, sources })),
    });
    await boot('/#/')!.answer;
    await vi.waitFor(() => expect(imagePreloads()).toHaveLength(1));
    expect(imagePreloads()[0]).toMatchObject({
      srcset: `/files/${pictured.id}/small 480w, /files/${pictured.id}/medium 800w`,
      sizes: CARD_PHOTO_SIZES,
    });
    // A rank past the cards drawn before the row is used, or a header that is not JSON: nothing.
    for (const named of [JSON.stringify({ rank: 99, sources }), '{not json']) {
      resetBootPage(EARLY_HOME_GLOBAL);
      signInOnDevice();
      stubFetch({ 'POST /home/getHomeData': () => headersOnly(named) });
      await boot('/#/')!.answer;
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(imagePreloads()).toHaveLength(0);
    }
  });

  it('preloads nothing when the first row has no photo or the answer is an error', async () => {
    signInOnDevice();
    stubFetch({ 'POST /home/getHomeData': () => json([makeGroup({ annonces: makeCards(3) })]) });
    await boot('/#/')!.answer;
    stubFetch({ 'POST /home/getHomeData': () => json({ code: 'x' }, 500) });
    await boot('/#/')!.answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(imagePreloads()).toHaveLength(0);
  });
});

describe('the early home', () => {
  /** index.html as the build writes it: a first row of three loading cards, then another. */
  const buildPage = (roles: string | null = MEMBER_ROLES) =>
    drawEarlyScreen(
      'home',
      '<div class="pulse-group">' +
        `<div ${EARLY_PHOTO_SLOT_ATTRIBUTE}></div>`.repeat(3) +
        '</div>' +
        `<div class="pulse-group"><div ${EARLY_PHOTO_SLOT_ATTRIBUTE}></div></div>`,
      roles,
    );
  const shown = () => isEarlyScreenShown('home');

  it('is shown to a member, in French, and gets the first photo in its card of that rank', async () => {
    const early = buildPage();
    signInOnDevice({ roles: ['ROLE_INDIVIDUAL_CONFIRMED'] });
    const [plain, pictured] = makeCards(2);
    stubFetch({
      'POST /home/getHomeData': () =>
        json([makeGroup({ annonces: [plain!, withPhoto(pictured!)] })]),
    });
    await boot('/#/')!.answer;
    expect(shown()).toBe(true);
    await vi.waitFor(() => expect(early.querySelector('img')).not.toBeNull());
    const slots = early.querySelectorAll(`[${EARLY_PHOTO_SLOT_ATTRIBUTE}]`);
    const image = slots[1]!.querySelector('img')!;
    expect(image.getAttribute('srcset')).toBe(
      `/files/${pictured!.id}/small 480w, /files/${pictured!.id}/medium 800w`,
    );
    expect(image.getAttribute('sizes')).toBe(CARD_PHOTO_SIZES);
    expect(image.alt).toBe('');
    expect(slots[0]!.childElementCount).toBe(0);
    // The image asks the file itself: no preload beside it to race it for the same file.
    expect(imagePreloads()).toHaveLength(0);
    // The rows stop pulsing: their content is on its way.
    for (const group of early.querySelectorAll<HTMLElement>('.pulse-group')) {
      expect(group.style.animation).toContain('none');
    }
  });

  it('gets the photo the answer’s header names in its card before the body has arrived', async () => {
    const early = buildPage();
    signInOnDevice({ roles: ['ROLE_INDIVIDUAL_CONFIRMED'] });
    const pictured = withPhoto(makeCards(1, 5)[0]!);
    const named = JSON.stringify({ rank: 2, sources: pictured.vehicleFiles[0]!.sources });
    stubFetch({
      'POST /home/getHomeData': () =>
        new Response(new ReadableStream({ start: () => {} }), {
          headers: { 'Content-Type': 'application/json', 'home-first-photo': named },
        }),
    });
    await boot('/#/')!.answer;
    await vi.waitFor(() => expect(early.querySelector('img')).not.toBeNull());
    const slots = early.querySelectorAll(`[${EARLY_PHOTO_SLOT_ATTRIBUTE}]`);
    expect(slots[2]!.querySelector('img')!.getAttribute('srcset')).toBe(
      `/files/${pictured.id}/small 480w, /files/${pictured.id}/medium 800w`,
    );
    expect(imagePreloads()).toHaveLength(0);
  });

  it('is not shown to another role, another language, a guest or where the page has none', async () => {
    localStorage.setItem(STORAGE_KEYS.deviceId, BOOT_DEVICE_ID);
    stubFetch({ 'POST /home/getHomeData': () => json([]) });
    buildPage();
    signIn({ roles: ['ROLE_ADMIN'] });
    await boot('/#/')!.answer;
    expect(shown()).toBe(false);

    signIn();
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    await boot('/#/')!.answer;
    expect(shown()).toBe(false);
    localStorage.removeItem(STORAGE_KEYS.language);

    boot('/#/search');
    expect(shown()).toBe(false);

    document.head.querySelectorAll('meta').forEach((meta) => meta.remove());
    await boot('/#/')!.answer;
    expect(shown()).toBe(false);

    localStorage.removeItem(STORAGE_KEYS.user);
    document.head.appendChild(
      Object.assign(document.createElement('meta'), {
        name: EARLY_SCREEN_ROLES_META,
        content: MEMBER_ROLES,
      }),
    );
    (window as unknown as Record<string, unknown>)[EARLY_HOME_GLOBAL] = undefined;
    expect(boot('/#/')).toBeUndefined();
    expect(shown()).toBe(false);
  });

  it('gets no photo once the app has taken the screen over', async () => {
    const early = buildPage();
    signInOnDevice();
    const held = holdFetch();
    const request = boot('/#/')!;
    expect(shown()).toBe(true);
    takeOverEarlyScreen();
    expect(shown()).toBe(false);
    expect(early.isConnected).toBe(false);
    await held.answer(json([makeGroup({ annonces: [withPhoto(makeCards(1)[0]!)] })]));
    await request.answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(early.querySelector('img')).toBeNull();
    expect(imagePreloads()).toHaveLength(1);
  });
});

describe('the app takes the early request', () => {
  it('uses its answer, checked, instead of asking again, and its position for the screen', async () => {
    signInOnDevice();
    const groups = [makeGroup({ annonces: makeCards(2) })];
    const stub = stubFetch({ 'POST /home/getHomeData': () => json(groups) });
    boot('/#/');
    startHomeDataEarly();
    expect(await loadHomeData(null)).toEqual(groups);
    expect(stub.callsTo('POST', '/home/getHomeData')).toHaveLength(1);
    // Taken once: the next home asks anew, and so does the next early start.
    startHomeDataEarly();
    await loadHomeData(null);
    expect(stub.callsTo('POST', '/home/getHomeData')).toHaveLength(2);
  });

  it('refreshes the token and asks again when the early answer is a 401', async () => {
    signInOnDevice({ accessToken: 'old', refreshToken: 'refresh-1' });
    const groups = [makeGroup({ annonces: makeCards(1) })];
    const stub = stubFetch({
      'POST /home/getHomeData': (request) =>
        request.headers.get('Authorization') === 'Bearer old'
          ? apiError(401, 'UNAUTHENTICATED', 'session.invalid.error')
          : json(groups),
      'POST /oauth/access_token': () =>
        json({
          username: 'camille@example.org',
          roles: ['ROLE_INDIVIDUAL_CONFIRMED'],
          token_type: 'Bearer',
          access_token: 'new',
          expires_in: 900,
          refresh_token: 'refresh-2',
        }),
    });
    boot('/#/');
    startHomeDataEarly();
    expect(await loadHomeData(null)).toEqual(groups);
    const asked = stub.callsTo('POST', '/home/getHomeData');
    expect(asked.map((call) => call.headers.get('Authorization'))).toEqual([
      'Bearer old',
      'Bearer new',
    ]);
  });

  it('takes it even when the app’s code came slowly, but not once the visitor has been elsewhere a minute', async () => {
    signInOnDevice();
    const stub = stubFetch({ 'POST /home/getHomeData': () => json([]) });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      boot('/#/');
      vi.setSystemTime(Date.now() + 20_000);
      startHomeDataEarly();
      await loadHomeData(null);
      expect(stub.callsTo('POST', '/home/getHomeData')).toHaveLength(1);

      boot('/#/');
      vi.setSystemTime(Date.now() + 61_000);
      startHomeDataEarly();
      await loadHomeData(null);
      expect(stub.callsTo('POST', '/home/getHomeData')).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends the request itself when the early one never got an answer', async () => {
    signInOnDevice();
    const groups = [makeGroup({ annonces: makeCards(1) })];
    let first = true;
    const stub = stubFetch({
      'POST /home/getHomeData': () => {
        if (first) {
          first = false;
          throw new TypeError('Failed to fetch');
        }
        return json(groups);
      },
    });
    boot('/#/');
    startHomeDataEarly();
    expect(await loadHomeData(null)).toEqual(groups);
    expect(stub.callsTo('POST', '/home/getHomeData')).toHaveLength(2);
  });
});
