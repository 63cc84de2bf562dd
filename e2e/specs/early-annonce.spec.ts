import type { Request } from '@playwright/test';
import { expect, test } from '../support/test';
import { signIn } from '../support/session';

/**
 * Issue 17: a signed-in visit that opens on an announcement (a shared link, a notification) asks
 * it, and the gallery's first photo, from index.html's inline script
 * (apps/web/src/features/annonces/api/early-annonce-boot.ts) while the app's own JavaScript is
 * still on its way; the app then takes that answer instead of asking again. The demo's
 * announcement 2 is a stolen car with photos (annonces.spec.ts).
 */
const ANNONCE = 2;

const isAnnonce = (request: Request) =>
  request.method() === 'GET' && new URL(request.url()).pathname === `/annonce/${ANNONCE}`;

test.describe('the early announcement request', () => {
  test('asks the announcement and its first photo before any of the app’s scripts has arrived', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    // Nothing of the app runs: whatever is asked comes from index.html's inline script.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('about:blank');
    const annonce = page.waitForRequest(isAnnonce);
    const photo = page.waitForRequest((sent) => new URL(sent.url()).pathname.startsWith('/files/'));
    await page.goto(`/#/annonce/show/${ANNONCE}`);
    const sent = await annonce;
    expect(sent.headers()['authorization']).toMatch(/^Bearer /);
    expect((await sent.response())?.status()).toBe(200);
    await photo;
    const preloaded = await page
      .locator('link[rel="preload"][as="image"]')
      .getAttribute('imagesrcset');
    expect(preloaded).toMatch(/\/files\/\d+\/\w+\?signature=[^ ]+ \d+w/);
  });

  test('the app takes that answer: the announcement asked once, its first photo fetched once', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto('about:blank');
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (isAnnonce(sent)) asked.push('annonce');
      else if (new URL(sent.url()).pathname.startsWith('/files/')) asked.push(sent.url());
    });
    await page.goto(`/#/annonce/show/${ANNONCE}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const first = page.locator('main img[fetchpriority="high"]');
    await expect
      .poll(() => first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    const shown = await first.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(asked.filter((entry) => entry === 'annonce')).toHaveLength(1);
    // One file of that photo: the gallery picked the very file preloaded for it.
    const photo = /^\/files\/\d+\//.exec(new URL(shown).pathname)?.[0] ?? shown;
    expect(
      asked.filter((entry) => entry !== 'annonce' && new URL(entry).pathname.startsWith(photo)),
    ).toEqual([shown]);
    expect(
      await page.locator('link[rel="preload"][as="image"]').getAttribute('imagesrcset'),
    ).toContain(new URL(shown).pathname);
  });
});
