import fs from 'node:fs';
import { test, type Page } from '@playwright/test';
import { blockMapTiles } from '../support/discovery';
import { signIn } from '../support/session';

/** Where the pictures go: outside the repository unless told otherwise. */
const DIR = process.env.SCREENS_DIR ?? '/tmp/veilleurs-screens';
fs.mkdirSync(DIR, { recursive: true });

/** The main screens of the app, signed in as the demo account (hash routes). */
const SCREENS: { name: string; path: string; ready?: (page: Page) => Promise<unknown> }[] = [
  {
    name: 'home',
    path: '/#/',
    ready: (page) => page.getByRole('heading', { name: 'Dernières annonces' }).waitFor(),
  },
  {
    name: 'search-list',
    path: '/#/search?search=peugeot',
    ready: (page) => page.getByRole('list', { name: 'Résultats de la recherche' }).waitFor(),
  },
  {
    name: 'search-map',
    path: '/#/search',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Carte' }).click();
      await page.locator('.discovery-cluster, .discovery-marker').first().waitFor();
    },
  },
  {
    name: 'filters-sheet',
    path: '/#/search?fromBtnName=filters',
    ready: (page) => page.getByRole('dialog', { name: 'Filtres' }).waitFor(),
  },
  {
    name: 'annonce-show',
    path: '/#/',
    ready: async (page) => {
      await page.getByRole('article').first().getByRole('link').first().click();
      await page.waitForURL(/#\/annonce\/show\/\d+/);
      await page.getByRole('button', { name: 'Partager' }).waitFor();
    },
  },
  { name: 'top-annonces', path: '/#/topAnnonces' },
  { name: 'my-alerts', path: '/#/user/MyAlerts' },
  { name: 'my-annonces', path: '/#/user/myAnnonce' },
  { name: 'my-favorites', path: '/#/user/myFavorites' },
  { name: 'my-matches', path: '/#/user/myMatches' },
  { name: 'my-lampions', path: '/#/user/myLampions' },
  { name: 'profile', path: '/#/user/profileShow' },
  { name: 'annonce-create', path: '/#/annonce/create' },
  { name: 'about', path: '/#/about' },
];

/** The pictures on screen have arrived (or failed): a blank card is not what people see. */
async function picturesInViewLoaded(page: Page) {
  await page.evaluate(async () => {
    const inView = Array.from(document.images).filter((image) => {
      const box = image.getBoundingClientRect();
      return (
        box.bottom > 0 &&
        box.top < window.innerHeight &&
        box.right > 0 &&
        box.left < window.innerWidth &&
        box.width > 0
      );
    });
    const arrived = (image: HTMLImageElement) =>
      image.complete
        ? Promise.resolve()
        : new Promise((resolve) => {
            image.addEventListener('load', resolve, { once: true });
            image.addEventListener('error', resolve, { once: true });
          });
    // Arrived is not yet painted: decoded, they are on the next frame.
    await Promise.all(
      inView.map((image) => arrived(image).then(() => image.decode().catch(() => undefined))),
    );
  });
}

test.describe('screens for review', () => {
  for (const screen of SCREENS) {
    test(screen.name, async ({ page, request }, testInfo) => {
      await blockMapTiles(page);
      await signIn(page, request);
      await page.goto(screen.path);
      await page.locator('main, [role="main"]').first().waitFor();
      if (screen.ready) await screen.ready(page);
      else await page.waitForLoadState('networkidle');
      await picturesInViewLoaded(page);
      await page.screenshot({
        path: `${DIR}/${screen.name}-${testInfo.project.name}.png`,
        fullPage: false,
        // Sheets and dialogs as they end up, not halfway through their opening.
        animations: 'disabled',
      });
    });
  }

  test('back office', async ({ page }, testInfo) => {
    // Julien's screens, as the README's demo admin signs in.
    await page.goto('/admin/');
    await page.getByLabel('E-mail').fill('admin.demo@veilleurs.fr');
    await page.getByLabel('Mot de passe').fill('Veilleurs2026');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();
    await page.screenshot({ path: `${DIR}/admin-dashboard-${testInfo.project.name}.png` });
    const navigation = page.getByRole('navigation', { name: 'Back-office' });
    await navigation.getByRole('link', { name: 'Annonces à valider' }).click();
    await page.getByRole('heading', { name: /Annonces à valider/, level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({
      path: `${DIR}/admin-annonces-${testInfo.project.name}.png`,
      animations: 'disabled',
    });
  });

  test('login', async ({ page }, testInfo) => {
    await page.goto('/#/login');
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).waitFor();
    await page.screenshot({
      path: `${DIR}/login-${testInfo.project.name}.png`,
      animations: 'disabled',
    });
  });
});
