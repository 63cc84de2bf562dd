import type { Request } from '@playwright/test';
import { expect, test } from '../support/test';
import { holdRequests } from '../support/hold-requests';
import { layoutShift, watchLayoutShifts } from '../support/layout-shifts';
import { firstScreenAsked } from '../support/early-answer';
import { signIn } from '../support/session';
import { waitForShellWorker } from '../support/shell-worker';

/**
 * Issue 17: a signed-in visit that opens on an announcement (a shared link, a notification) asks
 * it, and the gallery's first photo, from index.html's inline script
 * (apps/web/src/features/annonces/api/early-annonce-boot.ts) while the app's own JavaScript is
 * still on its way, and draws the page's frame with that photo in the gallery's place
 * (apps/web/src/lib/early-screen.ts); the app then takes that answer instead of asking again, and
 * takes the screen over in place. The demo's announcement 2 is another member's stolen car with
 * three photos (annonces.spec.ts): on a phone its first photo spans the page's width, where the
 * loading state's photo box is; from 768 px it is one column of three, and is only fetched.
 */
const ANNONCE = 2;
const PHONE_WIDTH = 768;

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
    if (page.viewportSize()!.width < PHONE_WIDTH) {
      await expect(page.locator('#early-annonce img')).toHaveAttribute(
        'srcset',
        /\/files\/\d+\/\w+\?signature=[^ ]+ \d+w/,
      );
    } else {
      const preloaded = await page
        .locator('link[rel="preload"][as="image"]')
        .getAttribute('imagesrcset');
      expect(preloaded).toMatch(/\/files\/\d+\/\w+\?signature=[^ ]+ \d+w/);
    }
  });

  test('asks the announcement before the app’s modules beside its entry: they would take the host’s connections', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto('about:blank');
    const asked: string[] = [];
    page.on('request', (sent) => asked.push(new URL(sent.url()).pathname));
    // The script that adds them is allowed by the server's policy, by its hash.
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`/#/annonce/show/${ANNONCE}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const annonce = asked.indexOf(`/annonce/${ANNONCE}`);
    const modules = asked.flatMap((pathname, index) =>
      /^\/assets\/.+\.js$/.test(pathname) && !/^\/assets\/main-/.test(pathname) ? [index] : [],
    );
    expect(annonce).toBeGreaterThanOrEqual(0);
    expect(modules.length).toBeGreaterThan(0);
    expect(annonce, asked.join(' ')).toBeLessThan(Math.min(...modules));
    expect(refused).toEqual([]);
    // That script ran: every module it names is a modulepreload link of the head.
    const preloads = await page.evaluate(() => {
      const adder = Array.from(document.scripts).find((script) =>
        script.text.includes("link.rel = 'modulepreload'"),
      );
      const named = JSON.parse(/\[[^\]]*\]/.exec(adder?.text ?? '')?.[0] ?? '[]') as string[];
      const linked = Array.from(document.head.querySelectorAll('link[rel="modulepreload"]')).map(
        (link) => new URL((link as HTMLLinkElement).href).pathname,
      );
      return { named, missing: named.filter((href) => !linked.includes(href)) };
    });
    expect(preloads.named.length).toBeGreaterThan(0);
    expect(preloads.missing).toEqual([]);
  });

  test('the app takes that answer: the announcement asked once, its first photo fetched once', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await waitForShellWorker(page);
    const asked = await firstScreenAsked(page, `/#/annonce/show/${ANNONCE}`, {
      isScreenRequest: isAnnonce,
      // The app's own photo, not the early screen's, which stays until the takeover.
      photo: page.locator('#root main img[fetchpriority="high"]'),
    });
    expect(asked.screenRequests).toBe(1);
    // One file of that photo: the gallery picked the very file preloaded for it.
    expect(asked.photoFiles).toEqual([asked.shown]);
  });

  test('draws the page’s frame and its first photo from index.html, then the app takes its place without a move', async ({
    page,
    request,
  }) => {
    test.skip(
      page.viewportSize()!.width >= PHONE_WIDTH,
      'from 768 px the first of several photos is a narrower column: it is only fetched',
    );
    await signIn(page, request);
    await page.goto('about:blank');
    await watchLayoutShifts(page);
    // None of the app runs until released: what shows is index.html's own.
    const release = await holdRequests(page, '**/assets/*.js');
    await page.goto(`/#/annonce/show/${ANNONCE}`, { waitUntil: 'commit' });
    const early = page.locator('#early-annonce');
    await expect(early).toBeVisible();
    await expect(page.locator('#root')).toBeHidden();
    await expect(page.locator('#early-home')).toBeHidden();
    await expect(early).toHaveAttribute('inert', '');
    const earlyPhoto = early.locator('img');
    await expect
      .poll(() =>
        earlyPhoto.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      )
      .toBeGreaterThan(0);
    const before = await earlyPhoto.boundingBox();

    release();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(early).toHaveCount(0);
    const galleryPhoto = page.locator('main img[fetchpriority="high"]');
    await expect(galleryPhoto).toBeVisible();
    // The gallery's first photo where the early one was.
    const after = await galleryPhoto.boundingBox();
    expect(before).not.toBeNull();
    expect(after).not.toBeNull();
    for (const side of ['x', 'y', 'width', 'height'] as const) {
      expect(Math.abs(after![side] - before![side]), side).toBeLessThan(1);
    }
    expect(await layoutShift(page)).toBeLessThan(0.01);
  });

  test('is not drawn for a reader of another language: the app’s own screen comes instead', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.evaluate(() => localStorage.setItem('veilleurs.language', 'en'));
    await page.goto('about:blank');
    const release = await holdRequests(page, '**/assets/*.js');
    await page.goto(`/#/annonce/show/${ANNONCE}`, { waitUntil: 'commit' });
    await expect(page.locator('html')).not.toHaveAttribute('data-early-screen');
    await expect(page.locator('#early-annonce')).toBeHidden();
    // Its first photo is still fetched early, for the gallery.
    await expect(page.locator('link[rel="preload"][as="image"]')).toHaveAttribute(
      'imagesrcset',
      /\/files\/\d+\//,
    );
    release();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('#early-annonce')).toHaveCount(0);
  });
});
