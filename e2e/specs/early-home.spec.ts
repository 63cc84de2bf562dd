import type { Request } from '@playwright/test';
import { expect, test } from '../support/test';
import { signIn } from '../support/session';

/**
 * Issue 17: a signed-in visit of the home asks its data and its first photo from index.html's
 * inline script (apps/web/src/features/discovery/api/early-home-boot.ts), while
 * the app's own JavaScript is still on its way; the app then takes that answer instead of asking
 * again, and the first card shows the photo already fetched.
 */

const isHomeData = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/home/getHomeData';

test.describe('the early home request', () => {
  test('asks the home’s data and its first photo before any of the app’s scripts has arrived', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    // Nothing of the app runs: whatever is asked comes from index.html's inline script.
    await page.route('**/assets/*.js', (route) => route.abort());
    // A new document (the session's sign-in left the page on the home: the same address would only
    // move its hash).
    await page.goto('about:blank');
    const homeData = page.waitForRequest(isHomeData);
    const photo = page.waitForRequest((sent) => new URL(sent.url()).pathname.startsWith('/files/'));
    await page.goto('/#/');
    const sent = await homeData;
    expect(sent.headers()['authorization']).toMatch(/^Bearer /);
    expect((await sent.response())?.status()).toBe(200);
    await photo;
    const preloaded = await page
      .locator('link[rel="preload"][as="image"]')
      .getAttribute('imagesrcset');
    expect(preloaded).toMatch(/\/files\/\d+\/\w+\?signature=[^ ]+ \d+w/);
  });

  test('the app takes that answer: the data asked once, the first card’s photo fetched once', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    // Counted from a new document on: the sign-in left the app on the home, whose own request may
    // still go out until that page is gone.
    await page.goto('about:blank');
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (isHomeData(sent)) asked.push('home');
      else if (new URL(sent.url()).pathname.startsWith('/files/')) asked.push(sent.url());
    });
    await page.goto('/#/');
    const first = page.locator('main article img[fetchpriority="high"]');
    await expect(first).toBeVisible();
    await expect
      .poll(() => first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    const shown = await first.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(asked.filter((entry) => entry === 'home')).toHaveLength(1);
    // One file of that photo, whatever its size: the card picked the very file preloaded for it.
    const photo = /^\/files\/\d+\//.exec(new URL(shown).pathname)?.[0] ?? shown;
    expect(
      asked.filter((entry) => entry !== 'home' && new URL(entry).pathname.startsWith(photo)),
    ).toEqual([shown]);
    expect(
      await page.locator('link[rel="preload"][as="image"]').getAttribute('imagesrcset'),
    ).toContain(new URL(shown).pathname);
  });
});
