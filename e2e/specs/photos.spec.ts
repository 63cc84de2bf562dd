import type { Locator } from '@playwright/test';
import { screenshotPath } from '../support/annonces';
import { layoutShift, watchLayoutShifts } from '../support/layout-shifts';
import { signIn } from '../support/session';
import { expect, journeyTimeout, test } from '../support/test';

/** The photo once loaded: which size the browser took, and whether it is sharp on this screen. */
async function loadedPhoto(image: Locator) {
  await expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBeGreaterThan(0);
  return image.evaluate(async (element: HTMLImageElement) => {
    // naturalWidth of a srcset choice is in CSS pixels: the file's own width comes from a copy.
    const file = new Image();
    file.src = element.currentSrc;
    await file.decode();
    return {
      path: new URL(element.currentSrc).pathname,
      fileWidth: file.naturalWidth,
      // What the screen's pixels need: the box's CSS width times the density.
      neededWidth: element.getBoundingClientRect().width * window.devicePixelRatio,
    };
  });
}

test.describe('photos on a phone (issue 17)', () => {
  test('home, search, an announcement: the first photo first, the others lazy and sized, nothing jumps', async ({
    page,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the phone is what the photo sizes are for');
    test.setTimeout(journeyTimeout(90_000));
    const shot = (name: string) =>
      page.screenshot({ path: screenshotPath(testInfo.project.name, `photos-${name}`) });
    await signIn(page, request);
    await watchLayoutShifts(page);
    // A first visit of the home with the session in place: a new document, not a hash change.
    await page.goto('about:blank');
    const photoRequests: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'image' && new URL(req.url()).pathname.startsWith('/files/')) {
        photoRequests.push(new URL(req.url()).pathname);
      }
    });

    await page.goto('/#/');
    const firstRow = page.getByRole('list', { name: 'Dernières annonces' });
    const firstPhoto = firstRow.locator('picture > img').first();
    await expect(firstPhoto).toHaveAttribute('fetchpriority', 'high');
    await expect(firstPhoto).toHaveAttribute('loading', 'eager');
    const photo = await loadedPhoto(firstPhoto);
    // A WebP size, not the original, and enough pixels for the card on this 2× screen.
    expect(photo.path).toMatch(/^\/files\/\d+\/(small|medium|large)$/);
    expect(photo.fileWidth).toBeGreaterThanOrEqual(photo.neededWidth * 0.95);
    const images = page.getByRole('main').locator('picture > img');
    const count = await images.count();
    expect(count).toBeGreaterThan(3);
    for (let index = 0; index < count; index += 1) {
      const image = images.nth(index);
      await expect(image).toHaveAttribute('width', /^\d+$/);
      await expect(image).toHaveAttribute('height', /^\d+$/);
      await expect(image).toHaveAttribute('loading', index === 0 ? 'eager' : 'lazy');
    }
    await page.waitForLoadState('load');
    await shot('1-home');
    // The rows below the first screen wait for the user: a few photos, not the home's 180.
    expect(new Set(photoRequests).size).toBeLessThanOrEqual(15);
    expect(await layoutShift(page)).toBeLessThan(0.1);
    // The rows further down come as the user scrolls to them, and a row's other cards when it is
    // scrolled sideways.
    const top = page.getByRole('region', { name: 'Top annonces' });
    await top.scrollIntoViewIfNeeded();
    await expect(top.getByRole('article')).toHaveCount(3);
    await firstRow.evaluate((row) => row.scrollBy({ left: 300 }));
    await expect(firstRow.getByRole('article')).toHaveCount(12);

    await page.goto('/#/search');
    const results = page.getByRole('list', { name: 'Résultats de la recherche' });
    const firstResult = results.locator('picture > img').first();
    await expect(firstResult).toHaveAttribute('fetchpriority', 'high');
    const thumbnail = await loadedPhoto(firstResult);
    // A row's thumbnail is 7 rem wide: the smallest size is plenty, unless a larger one of the same
    // photo is already in the cache (the home's card), which the browser may take instead.
    expect(thumbnail.path).toMatch(/^\/files\/\d+\/(small|medium|large)$/);
    expect(thumbnail.fileWidth).toBeGreaterThanOrEqual(thumbnail.neededWidth * 0.95);
    await shot('2-search');
    expect(await layoutShift(page)).toBeLessThan(0.1);

    // The first result with a photo: other journeys may have published announcements without one.
    await results
      .getByRole('article')
      .filter({ has: page.locator('picture') })
      .first()
      .getByRole('link')
      .first()
      .click();
    const gallery = page.getByRole('list', { name: 'Photos du véhicule' });
    const firstTile = gallery.locator('picture > img').first();
    await expect(firstTile).toHaveAttribute('fetchpriority', 'high');
    const tile = await loadedPhoto(firstTile);
    expect(tile.path).toMatch(/^\/files\/\d+\/(medium|large)$/);
    expect(tile.fileWidth).toBeGreaterThanOrEqual(tile.neededWidth * 0.95);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot('3-announcement');
    expect(await layoutShift(page)).toBeLessThan(0.1);
  });
});
