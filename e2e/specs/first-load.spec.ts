import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  COMPRESSIBLE,
  firstLoadScriptBytes,
  loginFirstPaintScriptBytes,
} from '../../apps/web/build/first-load';
import { holdRequests } from '../support/hold-requests';
import { signIn } from '../support/session';

/**
 * Issue 17: a phone's first visit, its next one offline, and the installable app. The web build is
 * the one the e2e server serves (npm run build:web:if-needed runs before it starts).
 */
const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

/**
 * Brotli bytes of JavaScript a screen needs before React has rendered it (entry + screen + the
 * screen's texts, each file once), as measured on 2026-11-25 after sonner, the Radix dialogs, zod
 * and the other screens' texts left the first load (login 151, home 144, search 193 KiB), plus a
 * little room: a change that adds a library to the first load fails here instead of quietly slowing
 * every phone. For the login this is what it needs before it is interactive: it shows before, from
 * index.html (LOGIN_SHOWS_BUDGET_KIB below). Issue 17 aims at 150 KB for the home.
 */
const BUDGETS_KIB = {
  // 154.05 KiB on 2026-11-29, its room used up by small additions since (the early screens'
  // takeover, in the entry, the last 15 bytes): the room given back, not a library let in.
  'src/app/routes/login.tsx': 156,
  'src/app/routes/home.tsx': 147,
  'src/app/routes/search.tsx': 196,
  // Measured on 2026-11-28 once its answers were checked in the worker: 179 KiB.
  'src/app/routes/annonce-show.tsx': 182,
};
/** Script files a first screen loads beyond the entry's, its texts apart (measured: 4 to 7). */
const SCREEN_FILES_MAX = 8;
/** The text areas each screen loads with (withTexts in apps/web/src/app/router.tsx). */
const TEXTS: Record<keyof typeof BUDGETS_KIB, string[]> = {
  'src/app/routes/login.tsx': ['auth', 'dates'],
  'src/app/routes/home.tsx': ['discovery', 'cards'],
  'src/app/routes/search.tsx': ['discovery', 'cards'],
  'src/app/routes/annonce-show.tsx': ['annonces', 'cards', 'discovery', 'found', 'recovery'],
};

/**
 * Issue 17's goal for the login: ≤ 100 KB of JavaScript before it shows. The early login
 * (apps/web/build/early-login.ts) paints from index.html with only the inline scripts of its head
 * before it: its boot script (2.1 KiB as written, 0.6 KiB brotli) and the early requests'
 * (build/early-requests.ts: the home's, an announcement's and the search's, which also show their
 * early screens, 2.4 KiB brotli on 2026-11-29 with the search's), which return at once for a
 * visitor without a session, and the one that then adds the app's module preloads (0.3 KiB since
 * 2026-12-02); the budget is that, with room to grow a little, far below the goal.
 * Without the early login the measure becomes the entry and the login screen (~151 KiB) and this
 * fails.
 */
const LOGIN_SHOWS_BUDGET_KIB = 4;

test.describe('first load', () => {
  test('the login shows with almost no JavaScript: it is in index.html', async () => {
    test.skip(test.info().project.name !== 'mobile', 'the build is the same for both projects');
    const { early, total, files } = loginFirstPaintScriptBytes(
      WEB_DIST,
      'src/app/routes/login.tsx',
      TEXTS['src/app/routes/login.tsx'],
    );
    expect(early, 'index.html carries the early login').toBe(true);
    const listed = files.map(({ file, size }) => `${file} ${size} B`).join(', ');
    expect(total / 1024, listed).toBeLessThanOrEqual(LOGIN_SHOWS_BUDGET_KIB);
  });

  test('every text file of the build has its brotli and gzip copies, the smallest too', async () => {
    test.skip(test.info().project.name !== 'mobile', 'the build is the same for both projects');
    // One without them is compressed by the server at each request, as a stream.
    const texts = fs
      .readdirSync(WEB_DIST, { recursive: true, encoding: 'utf8' })
      .filter((file) => !file.startsWith('.vite') && COMPRESSIBLE.test(file));
    expect(texts.length).toBeGreaterThan(100);
    const missing = texts.filter(
      (file) =>
        !fs.existsSync(path.join(WEB_DIST, `${file}.br`)) ||
        !fs.existsSync(path.join(WEB_DIST, `${file}.gz`)),
    );
    expect(missing).toEqual([]);
  });

  test('the scripts each first screen needs stay within their budget', async () => {
    test.skip(test.info().project.name !== 'mobile', 'the build is the same for both projects');
    for (const [screen, budget] of Object.entries(BUDGETS_KIB)) {
      const { total, files } = firstLoadScriptBytes(
        WEB_DIST,
        screen,
        TEXTS[screen as keyof typeof BUDGETS_KIB],
      );
      const largest = [...files]
        .sort((a, b) => b.size - a.size)
        .slice(0, 5)
        .map(({ file, size }) => `${file} ${(size / 1024).toFixed(1)} KiB`)
        .join(', ');
      expect(total / 1024, `${screen}: ${largest}`).toBeLessThanOrEqual(budget);
    }
  });

  test('each first screen comes in a few files beside the entry’s, not dozens', async () => {
    test.skip(test.info().project.name !== 'mobile', 'the build is the same for both projects');
    // apps/web/build/first-screen-chunks.ts: without it the announcement loaded 28 files of its
    // own, most under 1 KiB, six at a time on HTTP/1.1.
    const { files: entry } = firstLoadScriptBytes(WEB_DIST, 'index.html');
    const inEntry = new Set(entry.map(({ file }) => file));
    for (const screen of Object.keys(BUDGETS_KIB)) {
      const { files } = firstLoadScriptBytes(WEB_DIST, screen);
      const own = files.map(({ file }) => file).filter((file) => !inEntry.has(file));
      expect(own.length, `${screen}: ${own.join(', ')}`).toBeLessThanOrEqual(SCREEN_FILES_MAX);
    }
  });

  test('the maps, OCR, payments, back office, wizard and English texts are not in it', async () => {
    test.skip(test.info().project.name !== 'mobile', 'the build is the same for both projects');
    const { files } = firstLoadScriptBytes(
      WEB_DIST,
      'src/app/routes/home.tsx',
      TEXTS['src/app/routes/home.tsx'],
    );
    const { files: login } = firstLoadScriptBytes(
      WEB_DIST,
      'src/app/routes/login.tsx',
      TEXTS['src/app/routes/login.tsx'],
    );
    const names = [...files, ...login].map(({ file }) => file).join(' ');
    for (const later of [
      'leaflet',
      'TileLayer',
      'tesseract',
      'stripe',
      'admin',
      'annonce-wizard',
      'sentry',
    ]) {
      expect(names, later).not.toContain(later);
    }
    // The phone-number rules (libphonenumber's metadata, ~40 KiB) come with the sign-up and the
    // profile edit only: their "mobile or fixed line" type name is in no first-load file.
    const scripts = [...files, ...login].map(({ file }) =>
      fs.readFileSync(path.join(WEB_DIST, file), 'utf8'),
    );
    expect(scripts.some((source) => source.includes('FIXED_LINE_OR_MOBILE'))).toBe(false);
    // zod (answers checked in the answer check worker), sonner (the first toast) and Radix's dialog
    // stack (the menu's drawer, on first use) are not in it either; nor is zod in the search's or
    // the announcement's.
    const searchAndAnnonceScripts = [
      'src/app/routes/search.tsx',
      'src/app/routes/annonce-show.tsx',
    ].flatMap((screen) =>
      firstLoadScriptBytes(WEB_DIST, screen, TEXTS[screen as keyof typeof TEXTS]).files.map(
        ({ file }) => fs.readFileSync(path.join(WEB_DIST, file), 'utf8'),
      ),
    );
    for (const marker of ['ZodObject', 'data-sonner-toaster', 'data-radix-focus-guard']) {
      expect(
        scripts.some((source) => source.includes(marker)),
        marker,
      ).toBe(false);
    }
    expect(searchAndAnnonceScripts.some((source) => source.includes('ZodObject'))).toBe(false);
    // French is the first load; the English catalogue comes only when chosen.
    const firstLoadText = [...files, ...login]
      .map(({ file }) => fs.readFileSync(path.join(WEB_DIST, file), 'utf8'))
      .join('\n');
    expect(firstLoadText).toContain('Connexion ou inscription');
    expect(firstLoadText).not.toContain('Sign in or sign up');
  });
});

test.describe('loading placeholders', () => {
  test('the home’s loading rows pulse as one animation, not one per grey block', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    // The home's answer is held, so its placeholder stays on screen while it is looked at.
    const release = await holdRequests(page, '**/home/getHomeData');
    await page.goto('about:blank');
    await page.goto('/#/');
    // The one on screen: the early home's, drawn by index.html until the app takes over (it is
    // hidden from assistive technology, being a picture of the screen), or the app's own.
    const loading = page.locator('[role="status"][aria-label="Chargement des annonces"]:visible');
    await expect(loading).toBeVisible({ timeout: 30_000 });
    const pulsing = await loading.evaluate(
      (region) =>
        document.getAnimations().filter((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          return target instanceof Node && region.contains(target);
        }).length,
    );
    // Each pulsing block costs the main thread a style recalculation and a repaint at every frame
    // where opacity animations are not composited (index.css, pulse-group).
    expect(pulsing).toBe(1);
    release();
    await expect(page.getByRole('article').first()).toBeVisible({ timeout: 30_000 });
  });
});

test.describe('answers checked off the main thread', () => {
  test('the home shows an answer the worker checked: the page never fetched its schema', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto('/#/');
    // A first visit with an empty cache: on a loaded CI machine this can take longer than usual.
    await expect(page.getByRole('article').first()).toBeVisible({ timeout: 30_000 });
    // A signed-in page starts the worker as it starts (main.tsx).
    const answerCheckWorker = page
      .workers()
      .find((worker) => worker.url().includes('answer-check.worker'));
    expect(answerCheckWorker, 'the answer check worker').toBeDefined();
    const schemaFetched = (scope: { evaluate: (fn: () => string[]) => Promise<string[]> }) =>
      scope
        .evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name))
        .then((names) => names.some((name) => name.includes('/discovery-answers.schema')));
    expect(await schemaFetched(answerCheckWorker!)).toBe(true);
    expect(await schemaFetched(page)).toBe(false);
  });
});

test.describe('the app kept on the device', () => {
  test('a reload without network still shows the app', async ({ page, context }) => {
    await page.goto('/#/login');
    // A first visit with an empty cache: on a loaded CI machine this can take longer than usual.
    await expect(page.getByRole('heading', { name: 'Connexion ou inscription' })).toBeVisible({
      timeout: 30_000,
    });
    // The service worker takes the page over once it has kept the shell.
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const names = await caches.keys();
          const shell = names.find((name) => name.startsWith('veilleurs-shell-'));
          if (!shell) return false;
          return Boolean(await (await caches.open(shell)).match('/index.html'));
        }),
      )
      .toBe(true);

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Connexion ou inscription' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Adresse e-mail' })).toBeEditable();
      // The person is told why signing in would wait, instead of finding out at the button.
      await expect(page.getByText('Vous êtes hors connexion', { exact: false })).toBeVisible();
      await page.screenshot({
        path: `/tmp/web-perf-shots/offline-login-${test.info().project.name}.png`,
      });

      // A page that is not the app (here the back office) gets the offline page, in French.
      await page.goto('/admin/');
      await expect(page.getByRole('heading', { name: 'Vous êtes hors connexion' })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test('the menu offers to install the app when the browser allows it', async ({
    page,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the mobile menu');
    await signIn(page, request);
    await page.goto('/#/');
    const openMenu = page.getByRole('button', { name: 'Ouvrir le menu' });
    // A first visit with an empty cache: on a loaded CI machine this can take longer than usual.
    await expect(openMenu).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `/tmp/web-perf-shots/home-${testInfo.project.name}.png` });
    await openMenu.click();
    // The drawer is fetched on first use: once it is open, it has no install entry yet.
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Installer l’application' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // What Chromium does when the app may be installed: the event carries the install dialog.
    await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(offer, {
        prompt: async () => {
          (window as unknown as { installAsked: boolean }).installAsked = true;
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(offer);
    });
    await openMenu.click();
    const install = page.getByRole('button', { name: 'Installer l’application' });
    await expect(install).toBeVisible();
    await page.screenshot({
      path: `/tmp/web-perf-shots/install-menu-${testInfo.project.name}.png`,
    });
    await install.click();
    expect(
      await page.evaluate(() => (window as unknown as { installAsked?: boolean }).installAsked),
    ).toBe(true);
    // An offer is used once.
    await openMenu.click();
    await expect(page.getByRole('button', { name: 'Installer l’application' })).toHaveCount(0);
  });
});

test.describe('an iPhone’s browser, where only the installed app gets alerts', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });

  test('the menu and the authorisations show the way to the home screen', async ({
    page,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the mobile menu');
    // Safari in a tab has no notifications and never offers to install (no beforeinstallprompt).
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'Notification');
    });
    await signIn(page, request);
    await page.goto('/#/');
    const openMenu = page.getByRole('button', { name: 'Ouvrir le menu' });
    // A first visit with an empty cache: on a loaded CI machine this can take longer than usual.
    await expect(openMenu).toBeVisible({ timeout: 30_000 });
    await openMenu.click();
    const install = page.getByRole('button', { name: 'Installer l’application' });
    await expect(install).toHaveAttribute('aria-expanded', 'false');
    await install.click();
    await expect(install).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Sur l’écran d’accueil', { exact: false })).toBeVisible();
    await page.screenshot({ path: `/tmp/web-perf-shots/iphone-menu-${testInfo.project.name}.png` });
    await page.keyboard.press('Escape');

    await page.goto('/#/autorisations');
    await expect(page.getByText('Après installation de l’application')).toBeVisible();
    await expect(page.getByText('Sur l’écran d’accueil', { exact: false })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Notifications' })).toBeDisabled();
    await page.screenshot({
      path: `/tmp/web-perf-shots/iphone-permissions-${testInfo.project.name}.png`,
    });
  });
});
