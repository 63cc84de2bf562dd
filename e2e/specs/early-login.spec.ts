import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { holdRequests } from '../support/hold-requests';
import { DEMO_ACCOUNT, signIn } from '../support/session';

/**
 * Issue 17: the login screen is in index.html (rendered at build from the app's components,
 * apps/web/src/lib/early-login.ts), shown before any of the app's JavaScript for a signed-out
 * visitor, then taken over by the app; nobody else ever sees it.
 */

/** Every script file of the app (the boot script that decides what the first paint shows is inline). */
const APP_SCRIPTS = '**/assets/*.js';

/** Records, on every frame from the page's start, whether the early login or a login field was ever visible. */
async function watchForLogin(page: Page) {
  await page.addInitScript(() => {
    const seen = { early: false, field: false };
    (window as unknown as { loginSeen: typeof seen }).loginSeen = seen;
    const look = () => {
      seen.early ||= document.getElementById('early-login')?.checkVisibility() ?? false;
      seen.field ||= document.getElementById('precheck-email')?.checkVisibility() ?? false;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { loginSeen: { early: boolean; field: boolean } }).loginSeen,
    );
}

const heading = (page: Page) => page.getByRole('heading', { name: 'Connexion ou inscription' });
const emailField = (page: Page) => page.getByRole('textbox', { name: 'Adresse e-mail' });

test.describe('the early login', () => {
  test('shows, usable, before any of the app’s scripts has arrived', async ({ page }) => {
    await page.route(APP_SCRIPTS, (route) => route.abort());
    await page.goto('/#/login');
    await expect(heading(page)).toBeVisible();
    await expect(emailField(page)).toBeEditable();
    await expect(page.getByRole('button', { name: 'Continuer' })).toBeVisible();
    await expect(page.locator('#root')).toBeHidden();
    await page.screenshot({
      path: `/tmp/web-perf-shots/early-login-${test.info().project.name}.png`,
    });

    // Sent before the app is there, the form stays on the page: the address never goes into the URL.
    await emailField(page).fill('demo@veilleurs.fr');
    await page.keyboard.press('Enter');
    await expect(heading(page)).toBeVisible();
    expect(page.url()).not.toContain('demo');
  });

  test('an empty route starts on it too, as the app would send a signed-out visitor to #/login', async ({
    page,
  }) => {
    await page.route(APP_SCRIPTS, (route) => route.abort());
    await page.goto('/');
    await expect(heading(page)).toBeVisible();
    expect(new URL(page.url()).hash).toBe('#/login');
  });

  test('greets a visitor opening a shared announcement, and signing in goes on to it', async ({
    page,
  }) => {
    // Monique's friend taps her Facebook link: no account, no session, a slow phone.
    await page.route(APP_SCRIPTS, (route) => route.abort());
    await page.goto('/#/annonce/show/2');
    await expect(heading(page)).toBeVisible();
    expect(new URL(page.url()).hash).toBe('#/login');
    await page.unroute(APP_SCRIPTS);

    // With the app: the announcement's code is not fetched for the visitor, only once signed in.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('about:blank');
    await page.goto('/#/annonce/show/2');
    await emailField(page).fill(DEMO_ACCOUNT.username);
    await page.keyboard.press('Enter');
    await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_ACCOUNT.password);
    const beforeSigningIn = scripts.length;
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveTitle(/^Annonce/);
    expect(new URL(page.url()).hash).toBe('#/annonce/show/2');
    const announcementCode = (path: string) => /\/annonce-show[-.][^/]*\.js$/.test(path);
    expect(scripts.slice(0, beforeSigningIn).filter(announcementCode)).toEqual([]);
    expect(scripts.slice(beforeSigningIn).filter(announcementCode)).not.toEqual([]);
  });

  test('is taken over in place, with what was typed and sent before the app arrived', async ({
    page,
  }) => {
    const release = await holdRequests(page, APP_SCRIPTS);
    await page.goto('/#/login', { waitUntil: 'commit' });
    await expect(heading(page)).toBeVisible();
    const before = await emailField(page).boundingBox();
    await emailField(page).fill('demo@veilleurs.fr');
    await page.getByRole('button', { name: 'Continuer' }).click();
    release();
    // The press on "Continuer" is acted on by the app: the known address goes to the password.
    await expect(page.getByLabel('Mot de passe', { exact: true })).toBeVisible();
    await expect(page.locator('#early-login')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Adresse e-mail' })).toHaveValue(
      'demo@veilleurs.fr',
    );
    expect(before).not.toBeNull();
  });

  test('keeps the field, its place and the caret while someone is typing', async ({ page }) => {
    const release = await holdRequests(page, APP_SCRIPTS);
    await page.goto('/#/login', { waitUntil: 'commit' });
    await expect(emailField(page)).toBeEditable();
    const before = await emailField(page).boundingBox();
    await emailField(page).pressSequentially('demo@veil');
    release();
    await expect(page.locator('#early-login')).toHaveCount(0);
    // The app's field, in the same place, focused, with the text: typing goes on at its end.
    await expect(emailField(page)).toBeFocused();
    expect(await emailField(page).boundingBox()).toEqual(before);
    await page.keyboard.type('leurs.fr');
    await expect(emailField(page)).toHaveValue('demo@veilleurs.fr');
    await page.screenshot({
      path: `/tmp/web-perf-shots/early-login-taken-over-${test.info().project.name}.png`,
    });
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Mot de passe', { exact: true })).toBeVisible();
  });

  test('applies a language chosen on it before the app arrived', async ({ page }) => {
    const release = await holdRequests(page, APP_SCRIPTS);
    await page.goto('/#/login', { waitUntil: 'commit' });
    await page
      .getByRole('group', { name: 'Langue' })
      .getByRole('button', { name: 'English' })
      .click();
    release();
    await expect(page.getByRole('heading', { name: 'Sign in or sign up' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('never shows to a signed-in visitor, on the home or a deep link', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    const loginSeen = await watchForLogin(page);
    // Each a new page load (a change of hash alone would not load the page again).
    await page.goto('about:blank');
    await page.goto('/#/');
    await expect(page).toHaveTitle(/^Accueil/);
    expect(await loginSeen()).toEqual({ early: false, field: false });

    await page.goto('about:blank');
    await page.goto('/#/annonce/show/2');
    await expect(page).toHaveTitle(/^Annonce/);
    expect(await loginSeen()).toEqual({ early: false, field: false });
    await page.screenshot({
      path: `/tmp/web-perf-shots/signed-in-deep-link-${test.info().project.name}.png`,
    });
  });

  test('never shows to someone who chose English: the app shows its English login', async ({
    page,
  }) => {
    await page.goto('/#/login');
    await page.evaluate(() => localStorage.setItem('veilleurs.language', 'en'));
    const loginSeen = await watchForLogin(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in or sign up' })).toBeVisible();
    expect((await loginSeen()).early).toBe(false);
  });

  test('left to the app for an English reader of a shared link: its login first, the announcement’s code never fetched', async ({
    page,
  }) => {
    await page.goto('/#/login');
    await page.evaluate(() => localStorage.setItem('veilleurs.language', 'en'));
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('about:blank');
    await page.goto('/#/annonce/show/2');
    await expect(page.getByRole('heading', { name: 'Sign in or sign up' })).toBeVisible();
    expect(new URL(page.url()).hash).toBe('#/login');
    // The app has settled on its login: nothing more is on its way for the announcement.
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /\/annonce-show[-.][^/]*\.js$/.test(path))).toEqual([]);
  });
});
