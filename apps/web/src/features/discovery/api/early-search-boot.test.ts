import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROW_PHOTO_SIZES } from '@/components/annonce-card/card-photo-sizes';
import { signedInBootScriptSource } from '@/lib/boot-script';
import { EARLY_PHOTO_SLOT_ATTRIBUTE, takeOverEarlyScreen } from '@/lib/early-screen';
import { STORAGE_KEYS } from '@/lib/storage';
import { apiError, holdFetch, json, stubFetch } from '@/testing/fetch-stub';
import {
  BOOT_DEVICE_ID,
  drawEarlyScreen,
  imagePreloads,
  isEarlyScreenShown,
  resetBootPage,
  signInOnDevice,
  withPhoto,
} from '@/testing/early-boot';
import { signIn } from '@/testing/test-utils';
import { EMPTY_FILTERS } from '../lib/filters';
import { plainSearchFirstBody } from '../lib/search-form';
import { makeCards, searchPage } from '../testing/discovery-fixtures';
import { getSearchAnnonces } from './discovery-api';
import {
  EARLY_SEARCH_GLOBAL,
  earlySearchBootCall,
  type EarlySearchRequest,
} from './early-search-boot';

/**
 * The early search request (issue 17): index.html's script asks the first page of `/search` before
 * the app's JavaScript has arrived, and the app's first search takes that answer. Run here from the
 * very text the build writes out (with the body the build asks of the app's form), alone, as the
 * browser runs it.
 */
const SEARCH = 'POST /search/getSearchAnnonces';

function boot(url: string) {
  window.history.replaceState(null, '', url);
  const script = signedInBootScriptSource([earlySearchBootCall(plainSearchFirstBody())]);
  new Function('window', script)(window);
  return (window as unknown as Record<string, EarlySearchRequest | undefined>)[EARLY_SEARCH_GLOBAL];
}

/** Results whose first photo is on the card of rank `rank`. */
function resultsWithPhotoAt(rank: number, count = 8) {
  return searchPage(
    makeCards(count).map((card, index) => (index === rank ? withPhoto(card) : card)),
  );
}

afterEach(() => resetBootPage(EARLY_SEARCH_GLOBAL));

describe('the early search request', () => {
  it('asks the first page of the search without criteria, as the app would, with its token, device and language', async () => {
    signInOnDevice({ accessToken: 'access-7' });
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    const stub = stubFetch({ [SEARCH]: () => json(searchPage(makeCards(3))) });

    const request = boot('/#/search');
    expect((await request!.response)?.status).toBe(200);
    const [sent] = stub.callsTo('POST', '/search/getSearchAnnonces');
    expect(sent?.headers.get('Authorization')).toBe('Bearer access-7');
    expect(sent?.headers.get('X-Device-Id')).toBe(BOOT_DEVICE_ID);
    expect(sent?.headers.get('Accept-Language')).toBe('en');
    // No criteria and no position: the app's first search before the phone says where it is.
    expect(Object.fromEntries(sent!.form)).toEqual({
      offset: '0',
      vehicleTypeIds: '[]',
      brandIds: '[]',
      modelIds: '[]',
      modelFinishIds: '[]',
      colors: '[]',
      energies: '[]',
    });
  });

  it('asks nothing for a guest, an address with criteria, another screen or page, a browser the app has not met', () => {
    const stub = stubFetch();
    localStorage.setItem(STORAGE_KEYS.deviceId, BOOT_DEVICE_ID);
    expect(boot('/#/search')).toBeUndefined();
    signIn();
    expect(boot('/#/search?search=AB-123-CD')).toBeUndefined();
    expect(boot('/#/search?annonceType=LAST_ANNONCES')).toBeUndefined();
    expect(boot('/#/searchx')).toBeUndefined();
    expect(boot('/#/')).toBeUndefined();
    expect(boot('/admin/#/search')).toBeUndefined();
    localStorage.setItem(STORAGE_KEYS.deviceId, 'short');
    expect(boot('/#/search')).toBeUndefined();
    expect(stub.calls).toHaveLength(0);
  });

  it('fetches the first result’s photo with a row’s sources and sizes', async () => {
    signInOnDevice();
    stubFetch({ [SEARCH]: () => json(resultsWithPhotoAt(2)) });
    await boot('/#/search')!.response;
    await vi.waitFor(() => expect(imagePreloads()).toHaveLength(1));
    expect(imagePreloads()[0]).toEqual({
      srcset: '/files/3/small 480w, /files/3/medium 800w',
      sizes: ROW_PHOTO_SIZES,
      href: null,
      priority: 'high',
    });
  });

  it('preloads nothing without photos or on an error', async () => {
    signInOnDevice();
    stubFetch({ [SEARCH]: () => json(searchPage(makeCards(4))) });
    await boot('/#/search')!.response;
    stubFetch({ [SEARCH]: () => apiError(500, 'INTERNAL', 'error.generic') });
    await boot('/#/search')!.response;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(imagePreloads()).toHaveLength(0);
  });
});

describe('the app takes the early request', () => {
  it('uses its answer, checked, for its first search of the same body; once', async () => {
    signInOnDevice();
    const stub = stubFetch({ [SEARCH]: () => json(searchPage(makeCards(3))) });
    boot('/#/search');
    expect((await getSearchAnnonces(EMPTY_FILTERS, 0, null)).annonces).toHaveLength(3);
    expect(stub.callsTo('POST', '/search/getSearchAnnonces')).toHaveLength(1);
    await getSearchAnnonces(EMPTY_FILTERS, 0, null);
    expect(stub.callsTo('POST', '/search/getSearchAnnonces')).toHaveLength(2);
  });

  it('does not hand it to a first search of another body, and drops it', async () => {
    signInOnDevice();
    const stub = stubFetch({ [SEARCH]: () => json(searchPage(makeCards(3))) });
    boot('/#/search');
    await getSearchAnnonces(EMPTY_FILTERS, 0, { latitude: 43.6, longitude: 1.44 });
    const sent = stub.callsTo('POST', '/search/getSearchAnnonces');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.form.get('userLatitude')).toBe('43.6');
    // The visitor's first search was another: the plain one is asked afresh when it comes.
    await getSearchAnnonces(EMPTY_FILTERS, 0, null);
    expect(stub.callsTo('POST', '/search/getSearchAnnonces')).toHaveLength(3);
  });

  it('refreshes the token and asks again when the early answer is a 401', async () => {
    signInOnDevice({ accessToken: 'old', refreshToken: 'refresh-1' });
    const stub = stubFetch({
      [SEARCH]: (request) =>
        request.headers.get('Authorization') === 'Bearer old'
          ? apiError(401, 'UNAUTHENTICATED', 'session.invalid.error')
          : json(searchPage(makeCards(2))),
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
    boot('/#/search');
    expect((await getSearchAnnonces(EMPTY_FILTERS, 0, null)).annonces).toHaveLength(2);
    expect(
      stub
        .callsTo('POST', '/search/getSearchAnnonces')
        .map((call) => call.headers.get('Authorization')),
    ).toEqual(['Bearer old', 'Bearer new']);
  });

  it('asks again once the early answer is over a minute old', async () => {
    signInOnDevice();
    const stub = stubFetch({ [SEARCH]: () => json(searchPage(makeCards(1))) });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      boot('/#/search');
      vi.setSystemTime(Date.now() + 61_000);
      await getSearchAnnonces(EMPTY_FILTERS, 0, null);
      expect(stub.callsTo('POST', '/search/getSearchAnnonces')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the early search', () => {
  /** index.html as the build writes it: six loading cards. */
  const buildPage = () =>
    drawEarlyScreen(
      'search',
      `<div class="pulse-group">${`<div><div ${EARLY_PHOTO_SLOT_ATTRIBUTE}></div><div></div></div>`.repeat(6)}</div>`,
    );
  const shown = () => isEarlyScreenShown('search');
  const slotImages = (early: HTMLElement) =>
    [...early.querySelectorAll(`[${EARLY_PHOTO_SLOT_ATTRIBUTE}]`)].map((slot) =>
      slot.querySelector('img'),
    );

  it('is shown to a member in French and gets the first photo in the loading card of its rank', async () => {
    const early = buildPage();
    signInOnDevice({ roles: ['ROLE_INDIVIDUAL_CONFIRMED'] });
    stubFetch({ [SEARCH]: () => json(resultsWithPhotoAt(1)) });
    await boot('/#/search')!.response;
    expect(shown()).toBe(true);
    await vi.waitFor(() => expect(slotImages(early)[1]).not.toBeNull());
    const image = slotImages(early)[1]!;
    expect(image.getAttribute('srcset')).toBe('/files/2/small 480w, /files/2/medium 800w');
    expect(image.getAttribute('sizes')).toBe(ROW_PHOTO_SIZES);
    expect(image.alt).toBe('');
    expect(slotImages(early).filter(Boolean)).toHaveLength(1);
    // The image asks the file itself: no preload beside it to race it for the same file.
    expect(imagePreloads()).toHaveLength(0);
  });

  it('only fetches a first photo further down than its loading cards', async () => {
    const early = buildPage();
    signInOnDevice();
    stubFetch({ [SEARCH]: () => json(resultsWithPhotoAt(7)) });
    await boot('/#/search')!.response;
    await vi.waitFor(() => expect(imagePreloads()).toHaveLength(1));
    expect(slotImages(early).filter(Boolean)).toHaveLength(0);
  });

  it('is not shown to another role, in another language, or for an address with criteria', async () => {
    buildPage();
    stubFetch({ [SEARCH]: () => json(searchPage([])) });
    signInOnDevice({ roles: ['ROLE_ADMIN'] });
    await boot('/#/search')!.response;
    expect(shown()).toBe(false);

    signInOnDevice();
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    await boot('/#/search')!.response;
    expect(shown()).toBe(false);
    localStorage.removeItem(STORAGE_KEYS.language);

    boot('/#/search?search=clio');
    expect(shown()).toBe(false);
  });

  it('gets no photo once the app has taken the screen over', async () => {
    const early = buildPage();
    signInOnDevice();
    const held = holdFetch();
    const request = boot('/#/search')!;
    expect(shown()).toBe(true);
    takeOverEarlyScreen();
    expect(early.isConnected).toBe(false);
    await held.answer(json(resultsWithPhotoAt(0)));
    await request.response;
    await vi.waitFor(() => expect(imagePreloads()).toHaveLength(1));
    expect(early.querySelector('img')).toBeNull();
  });
});
