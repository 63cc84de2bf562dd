import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { apiError, holdFetch, json, stubFetch } from '@/testing/fetch-stub';
import {
  BOOT_DEVICE_ID,
  drawEarlyScreen,
  imagePreloads,
  isEarlyScreenShown,
  resetBootPage,
  signInOnDevice,
} from '@/testing/early-boot';
import { signIn } from '@/testing/test-utils';
import { makeDetail } from '../testing/annonce-stubs';
import { galleryTileSizes } from '../components/gallery-sizes';
import { getAnnonce } from './annonces';
import { signedInBootScriptSource } from '@/lib/boot-script';
import { EARLY_PHOTO_SLOT_ATTRIBUTE, takeOverEarlyScreen } from '@/lib/early-screen';
import {
  EARLY_ANNONCE_GLOBAL,
  earlyAnnonceBootCall,
  type EarlyAnnonceRequest,
} from './early-annonce-boot';

/**
 * The early announcement request (issue 17): index.html's script asks a signed-in visit's
 * announcement before the app's JavaScript has arrived, and the app takes that answer. Run here
 * from the very text the build writes out, alone, as the browser runs it.
 */

function boot(url: string) {
  window.history.replaceState(null, '', url);
  new Function('window', signedInBootScriptSource([earlyAnnonceBootCall()]))(window);
  return (window as unknown as Record<string, EarlyAnnonceRequest | undefined>)[
    EARLY_ANNONCE_GLOBAL
  ];
}

afterEach(() => resetBootPage(EARLY_ANNONCE_GLOBAL));

describe('the early announcement request', () => {
  it('asks the announcement of the address with the app’s token, device and language', async () => {
    signInOnDevice({ accessToken: 'access-7' });
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    const stub = stubFetch({ 'GET /annonce/42': () => json(makeDetail()) });

    const request = boot('/#/annonce/show/42');
    expect(request?.annonceId).toBe(42);
    expect((await request!.response)?.status).toBe(200);
    const [sent] = stub.callsTo('GET', '/annonce/42');
    expect(sent?.headers.get('Authorization')).toBe('Bearer access-7');
    expect(sent?.headers.get('X-Device-Id')).toBe(BOOT_DEVICE_ID);
    expect(sent?.headers.get('Accept-Language')).toBe('en');
  });

  it('asks nothing for a guest, another screen or page, an id the route refuses, a browser the app has not met', () => {
    const stub = stubFetch();
    localStorage.setItem(STORAGE_KEYS.deviceId, BOOT_DEVICE_ID);
    expect(boot('/#/annonce/show/42')).toBeUndefined();
    signIn();
    expect(boot('/#/')).toBeUndefined();
    expect(boot('/#/annonce/edit/42')).toBeUndefined();
    expect(boot('/admin/#/annonce/show/42')).toBeUndefined();
    expect(boot('/#/annonce/show/')).toBeUndefined();
    expect(boot('/#/annonce/show/42abc')).toBeUndefined();
    expect(boot('/#/annonce/show/..%2Fadmin')).toBeUndefined();
    expect(boot('/#/annonce/show/12345678901')).toBeUndefined();
    localStorage.setItem(STORAGE_KEYS.deviceId, 'short');
    expect(boot('/#/annonce/show/42')).toBeUndefined();
    expect(stub.calls).toHaveLength(0);
  });

  it('fetches the gallery’s first photo with the tile’s own sources and sizes', async () => {
    signInOnDevice();
    stubFetch({ 'GET /annonce/42': () => json(makeDetail()) });
    await boot('/#/annonce/show/42')!.response;
    await vi.waitFor(() => expect(imagePreloads()).toHaveLength(1));
    expect(imagePreloads()[0]).toEqual({
      srcset: 'http://localhost/files/1/small 480w, http://localhost/files/1/large 1280w',
      sizes: galleryTileSizes(5, 0),
      href: null,
      priority: 'high',
    });
  });

  it('fetches the original of a single photo without sizes, as the gallery shows it', async () => {
    signInOnDevice();
    const detail = makeDetail();
    const only = { ...detail.vehicle.vehicleImages[0]!, sources: [] };
    stubFetch({
      'GET /annonce/42': () =>
        json({ ...detail, vehicle: { ...detail.vehicle, vehicleImages: [only] } }),
    });
    await boot('/#/annonce/show/42')!.response;
    await vi.waitFor(() => expect(imagePreloads()).toHaveLength(1));
    expect(imagePreloads()[0]).toMatchObject({ href: only.fileUrl, srcset: null });
  });

  it('preloads nothing without photos or on an error', async () => {
    signInOnDevice();
    const detail = makeDetail();
    stubFetch({
      'GET /annonce/42': () =>
        json({ ...detail, vehicle: { ...detail.vehicle, vehicleImages: [] } }),
      'GET /annonce/43': () => apiError(404, 'NOT_FOUND', 'annonce.not.found'),
    });
    await boot('/#/annonce/show/42')!.response;
    await boot('/#/annonce/show/43')!.response;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(imagePreloads()).toHaveLength(0);
  });
});

describe('the app takes the early request', () => {
  it('uses its answer, checked, instead of asking again; once', async () => {
    signInOnDevice();
    const detail = makeDetail();
    const stub = stubFetch({ 'GET /annonce/42': () => json(detail) });
    boot('/#/annonce/show/42');
    expect((await getAnnonce(42)).id).toBe(42);
    expect(stub.callsTo('GET', '/annonce/42')).toHaveLength(1);
    await getAnnonce(42);
    expect(stub.callsTo('GET', '/annonce/42')).toHaveLength(2);
  });

  it('does not hand one announcement’s answer to another', async () => {
    signInOnDevice();
    const stub = stubFetch({
      'GET /annonce/42': () => json(makeDetail()),
      'GET /annonce/7': () => json(makeDetail({ id: 7, serverId: 7 })),
    });
    boot('/#/annonce/show/42');
    expect((await getAnnonce(7)).id).toBe(7);
    // Dropped: the visitor went elsewhere first, and 42 is asked afresh when it comes.
    await getAnnonce(42);
    expect(stub.callsTo('GET', '/annonce/42')).toHaveLength(2);
  });

  it('refreshes the token and asks again when the early answer is a 401', async () => {
    signInOnDevice({ accessToken: 'old', refreshToken: 'refresh-1' });
    const stub = stubFetch({
      'GET /annonce/42': (request) =>
        request.headers.get('Authorization') === 'Bearer old'
          ? apiError(401, 'UNAUTHENTICATED', 'session.invalid.error')
          : json(makeDetail()),
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
    boot('/#/annonce/show/42');
    expect((await getAnnonce(42)).id).toBe(42);
    expect(
      stub.callsTo('GET', '/annonce/42').map((call) => call.headers.get('Authorization')),
    ).toEqual(['Bearer old', 'Bearer new']);
  });

  it('asks again once the early answer is over a minute old', async () => {
    signInOnDevice();
    const stub = stubFetch({ 'GET /annonce/42': () => json(makeDetail()) });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      boot('/#/annonce/show/42');
      vi.setSystemTime(Date.now() + 61_000);
      await getAnnonce(42);
      expect(stub.callsTo('GET', '/annonce/42')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the early announcement', () => {
  /** index.html as the build writes it: the page's photo box and the rest. */
  const buildPage = () =>
    drawEarlyScreen(
      'annonce',
      `<div class="pulse-group"><div ${EARLY_PHOTO_SLOT_ATTRIBUTE}></div><div></div></div>`,
    );
  const shown = () => isEarlyScreenShown('annonce');
  const slotImage = (early: HTMLElement) =>
    early.querySelector<HTMLImageElement>(`[${EARLY_PHOTO_SLOT_ATTRIBUTE}] img`);

  afterEach(() => {
    window.matchMedia = matchMedia;
  });
  const matchMedia = window.matchMedia;
  function screenWidth(wide: boolean) {
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: wide,
    })) as typeof matchMedia;
  }

  it('is shown to a member in French and gets the gallery’s first photo in its photo box', async () => {
    const early = buildPage();
    signInOnDevice({ roles: ['ROLE_INDIVIDUAL_CONFIRMED'] });
    stubFetch({ 'GET /annonce/42': () => json(makeDetail()) });
    await boot('/#/annonce/show/42')!.response;
    expect(shown()).toBe(true);
    await vi.waitFor(() => expect(slotImage(early)).not.toBeNull());
    const image = slotImage(early)!;
    expect(image.getAttribute('srcset')).toBe(
      'http://localhost/files/1/small 480w, http://localhost/files/1/large 1280w',
    );
    expect(image.getAttribute('sizes')).toBe(galleryTileSizes(5, 0));
    expect(image.alt).toBe('');
    // The image asks the file itself: no preload beside it to race it for the same file.
    expect(imagePreloads()).toHaveLength(0);
    expect(early.querySelector<HTMLElement>('.pulse-group')!.style.animation).toContain('none');
  });

  it('only fetches the photo where the gallery would not draw it in that box', async () => {
    const detail = makeDetail();
    // The owner's page puts its status above the gallery.
    let early = buildPage();
    signInOnDevice();
    stubFetch({ 'GET /annonce/42': () => json({ ...detail, isMine: true }) });
    await boot('/#/annonce/show/42')!.response;
    expect(shown()).toBe(true);
    await vi.waitFor(() => expect(imagePreloads()).toHaveLength(1));
    expect(slotImage(early)).toBeNull();

    // From 768 px, several photos stand in three columns: the first tile is narrower.
    early.remove();
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
    early = buildPage();
    screenWidth(true);
    stubFetch({ 'GET /annonce/42': () => json(detail) });
    await boot('/#/annonce/show/42')!.response;
    await vi.waitFor(() => expect(imagePreloads()).toHaveLength(1));
    expect(slotImage(early)).toBeNull();
  });

  it('draws a single photo in its box at any width', async () => {
    const early = buildPage();
    signInOnDevice();
    screenWidth(true);
    const detail = makeDetail();
    const only = detail.vehicle.vehicleImages[0]!;
    stubFetch({
      'GET /annonce/42': () =>
        json({ ...detail, vehicle: { ...detail.vehicle, vehicleImages: [only] } }),
    });
    await boot('/#/annonce/show/42')!.response;
    await vi.waitFor(() => expect(slotImage(early)).not.toBeNull());
    expect(slotImage(early)!.getAttribute('sizes')).toBe(galleryTileSizes(1, 0));
  });

  it('is not shown to another role, in another language, or on another screen', async () => {
    buildPage();
    stubFetch({
      'GET /annonce/42': () => json(makeDetail()),
      'POST /home/getHomeData': () => json([]),
    });
    signInOnDevice({ roles: ['ROLE_ADMIN'] });
    await boot('/#/annonce/show/42')!.response;
    expect(shown()).toBe(false);

    signInOnDevice();
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    await boot('/#/annonce/show/42')!.response;
    expect(shown()).toBe(false);
    localStorage.removeItem(STORAGE_KEYS.language);

    boot('/#/annonce/edit/42');
    expect(shown()).toBe(false);
  });

  it('gets no photo once the app has taken the screen over', async () => {
    const early = buildPage();
    signInOnDevice();
    const held = holdFetch();
    const request = boot('/#/annonce/show/42')!;
    expect(shown()).toBe(true);
    takeOverEarlyScreen();
    expect(shown()).toBe(false);
    expect(early.isConnected).toBe(false);
    await held.answer(json(makeDetail()));
    await request.response;
    await vi.waitFor(() => expect(imagePreloads()).toHaveLength(1));
    expect(early.querySelector('img')).toBeNull();
  });
});
