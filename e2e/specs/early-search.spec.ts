import type { Request } from '@playwright/test';
import { expect, test } from '../support/test';
import { holdRequests } from '../support/hold-requests';
import { layoutShift, watchLayoutShifts } from '../support/layout-shifts';
import { firstScreenAsked } from '../support/early-answer';
import { signIn } from '../support/session';
import { waitForShellWorker } from '../support/shell-worker';

/**
 * Issue 17: a signed-in visit that opens on the search without criteria (`/search`: the menu's
 * search, a bookmark, a reload) asks its first page and the first result's photo from
 * index.html's inline script (apps/web/src/features/discovery/api/early-search-boot.ts) while the
 * app's own JavaScript is still on its way, and draws the search's frame with that photo in the
 * first loading card (apps/web/src/lib/early-screen.ts); the app's first search then takes that
 * answer instead of asking again, and the app takes the screen over in place.
 */
const PHONE_WIDTH = 768;

const isSearch = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/search/getSearchAnnonces';

test.describe('the early search request', () => {
  test('asks the first page and its first photo before any of the app’s scripts has arrived', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    // Nothing of the app runs: whatever is asked comes from index.html's inline script.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('about:blank');
    const search = page.waitForRequest(isSearch);
    const photo = page.waitForRequest((sent) => new URL(sent.url()).pathname.startsWith('/files/'));
    await page.goto('/#/search');
    const sent = await search;
    expect(sent.headers()['authorization']).toMatch(/^Bearer /);
    // The first page, without criteria or position: what the app's first search sends.
    expect(new URLSearchParams(sent.postData() ?? '').get('offset')).toBe('0');
    expect(new URLSearchParams(sent.postData() ?? '').has('userLatitude')).toBe(false);
    expect((await sent.response())?.status()).toBe(200);
    await photo;
    await expect(page.locator('#early-search img')).toHaveAttribute(
      'srcset',
      /\/files\/\d+\/\w+\?signature=[^ ]+ \d+w/,
    );
  });

  test('the app takes that answer: the search asked once, the first result’s photo fetched once', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await waitForShellWorker(page);
    const asked = await firstScreenAsked(page, '/#/search', {
      isScreenRequest: isSearch,
      photo: page.locator('#root main article img[fetchpriority="high"]'),
    });
    expect(asked.screenRequests).toBe(1);
    // One file of that photo: the card picked the very file asked early for it.
    expect(asked.photoFiles).toEqual([asked.shown]);
  });

  test('draws the search and its first photo from index.html, then the app takes its place without a move', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto('about:blank');
    await watchLayoutShifts(page);
    // None of the app runs until released: what shows is index.html's own.
    const release = await holdRequests(page, '**/assets/*.js');
    await page.goto('/#/search', { waitUntil: 'commit' });
    const early = page.locator('#early-search');
    await expect(early).toBeVisible();
    await expect(page.locator('#root')).toBeHidden();
    await expect(page.locator('#early-home')).toBeHidden();
    // The screen's own title, in a picture hidden from assistive technology until the app comes.
    await expect(early.locator('h1')).toHaveText('Recherche');
    await expect(early).toHaveAttribute('inert', '');
    const earlyPhoto = early.locator('img');
    await expect
      .poll(() =>
        earlyPhoto.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      )
      .toBeGreaterThan(0);
    const before = await earlyPhoto.boundingBox();

    release();
    await expect(early).toHaveCount(0);
    const cardPhoto = page.locator('main article img[fetchpriority="high"]');
    await expect(cardPhoto).toBeVisible();
    const after = await cardPhoto.boundingBox();
    expect(before).not.toBeNull();
    expect(after).not.toBeNull();
    // The app's first photo where the early one was. On a phone a result is a row, as tall as its
    // text: the thumbnail may only grow downwards with it.
    const phone = page.viewportSize()!.width < PHONE_WIDTH;
    for (const side of phone
      ? (['x', 'y', 'width'] as const)
      : (['x', 'y', 'width', 'height'] as const)) {
      expect(Math.abs(after![side] - before![side]), side).toBeLessThan(1);
    }
    if (phone) expect(after!.height).toBeGreaterThanOrEqual(before!.height - 1);
    expect(await layoutShift(page)).toBeLessThan(0.01);
  });

  test('is neither asked nor drawn for an address with criteria, and not drawn in another language', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto('about:blank');
    let release = await holdRequests(page, '**/assets/*.js');
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (isSearch(sent)) asked.push(sent.postData() ?? '');
    });
    await page.goto('/#/search?search=Clio', { waitUntil: 'commit' });
    await expect(page.locator('html')).not.toHaveAttribute('data-early-screen');
    await expect(page.locator('#early-search')).toBeHidden();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Recherche' })).toBeVisible();
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    // The app's own search, with its text: nothing was asked before it.
    expect(new URLSearchParams(asked[0]).get('researchText')).toBe('Clio');

    await page.unrouteAll();
    await page.evaluate(() => localStorage.setItem('veilleurs.language', 'en'));
    await page.goto('about:blank');
    release = await holdRequests(page, '**/assets/*.js');
    await page.goto('/#/search', { waitUntil: 'commit' });
    await expect(page.locator('html')).not.toHaveAttribute('data-early-screen');
    await expect(page.locator('#early-search')).toBeHidden();
    // Its first photo is still fetched early, for the app's card.
    await expect(page.locator('link[rel="preload"][as="image"]')).toHaveAttribute(
      'imagesrcset',
      /\/files\/\d+\//,
    );
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    await expect(page.locator('#early-search')).toHaveCount(0);
  });
});
