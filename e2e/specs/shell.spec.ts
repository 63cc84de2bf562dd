import { expect, test, type Page } from '@playwright/test';
import { newAccount } from '../support/admin';
import { DEMO_ACCOUNT, signIn, signInWithRoles } from '../support/session';
import { seriousViolations } from '../support/accessibility';

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;

test.describe('a visitor who is not signed in', () => {
  test('is sent to the login page from any screen, in French by default', async ({ page }) => {
    await page.goto('/#/user/myAnnonce');
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('main')).toBeVisible();
    // Navigation is hidden when not authenticated.
    await expect(page.getByRole('button', { name: 'Menu du compte' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('switches the language to English and keeps the choice after a reload', async ({ page }) => {
    await page.goto('/#/login');
    const languages = page.getByRole('group', { name: 'Langue' }).first();
    await languages.getByRole('button', { name: 'English' }).click();
    await expect(
      page
        .getByRole('group', { name: 'Language' })
        .first()
        .getByRole('button', { name: 'English' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('reads the credits page, which names the data licences', async ({ page }) => {
    await page.goto('/#/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/ODbL/).first()).toBeVisible();
    await expect(page.getByText(/Bike Index/).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('follows a shared deep link through the login page and lands on the announcement', async ({
    page,
  }) => {
    await page.goto('/openapp?id=3&utm_source=sms');
    await expect(page).toHaveURL(/#\/login/);
    await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNT.username);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_ACCOUNT.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    // Back where the shared link pointed, with its other parameters kept.
    await expect(page).toHaveURL(/#\/annonce\/show\/3\?utm_source=sms$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('a signed-in member', () => {
  test.beforeEach(async ({ page, request }) => {
    await signIn(page, request);
  });

  test('sees the app shell on Home: search, filters, create button, footer and environment badge', async ({
    page,
  }) => {
    await page.goto('/#/');
    await expect(page.getByRole('banner')).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Rechercher un véhicule' });
    await expect(search).toBeVisible();
    await expect(search).toHaveAttribute('maxlength', '250');
    await expect(page.getByRole('list', { name: 'Filtres' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Créer une annonce' }).first()).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // APP_ENV=test: four letters, shown whole and upper-cased.
    const badge = page.getByTitle(/^Environnement\s:\stest$/);
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText(/TEST$/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('searches from the top bar', async ({ page }) => {
    await page.goto('/#/');
    await page.getByRole('searchbox', { name: 'Rechercher un véhicule' }).fill('clio rouge');
    await page.getByRole('button', { name: 'Lancer la recherche' }).click();
    await expect(page).toHaveURL(/#\/search\?search=clio(\+|%20)rouge/);
  });

  test('has no filters, footer or create button while creating an announcement', async ({
    page,
  }) => {
    await page.goto('/#/annonce/create');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Filtres' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Créer une annonce' }),
    ).toHaveCount(0);
  });

  test('is sent Home when opening the login page', async ({ page }) => {
    await page.goto('/#/login');
    await expect(page).toHaveURL(/#\/$/);
  });

  test('opens the menu and logs out', async ({ page }) => {
    await page.goto('/#/');
    if (isMobile(page)) {
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
      await expect(drawer.getByRole('link', { name: 'Accueil' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await drawer.getByRole('button', { name: 'Se déconnecter' }).click();
    } else {
      await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeHidden();
      await page.getByRole('button', { name: 'Menu du compte' }).click();
      await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    }
    await expect(page).toHaveURL(/#\/login/);
    await expect(page.getByRole('textbox', { name: 'Adresse e-mail' })).toBeVisible();
    await page.goto('/#/');
    await expect(page).toHaveURL(/#\/login/);
  });
});

test('an administrator is kept out of the individual-only screens', async ({ page, request }) => {
  await signInWithRoles(page, ['ROLE_ADMIN'], await newAccount(request));
  await page.goto('/#/user/myAnnonce');
  // Sent home, still signed in: waited on what the screen shows, not on the address alone.
  await expect(page.getByRole('heading', { name: 'Dernières annonces' })).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { name: 'Mes annonces' })).toHaveCount(0);
  await page.goto('/#/topAnnonces');
  await expect(page.getByRole('heading', { name: 'Top annonces', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/#\/topAnnonces$/);
});
