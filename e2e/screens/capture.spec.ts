import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { newAccount, sendIdentity } from '../support/admin';
import { fillTheftDescription, randomPlate } from '../support/annonces';
import { blockMapTiles } from '../support/discovery';
import { makePng } from '../support/fixture-files';
import { signIn } from '../support/session';
import { publishFastCar } from '../support/stolen-car';

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
    name: 'search-empty',
    path: '/#/search?search=zzzzzz',
    ready: (page) => page.getByTestId('empty-state').waitFor(),
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

/** What the phone shows, and for a long form the whole page too (what lies under the fold). */
async function capture(page: Page, name: string, project: string, { whole = false } = {}) {
  await picturesInViewLoaded(page);
  await page.screenshot({ path: `${DIR}/${name}-${project}.png`, animations: 'disabled' });
  if (whole) {
    // A window as tall as the page, rather than a full-page picture of a short one: the sticky
    // top bar and the fixed action bar are then drawn where a person scrolling would see them.
    const size = page.viewportSize()!;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: size.width, height });
    await page.screenshot({ path: `${DIR}/${name}-whole-${project}.png`, animations: 'disabled' });
    await page.setViewportSize(size);
  }
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
    const navigation = (page: Page) => page.getByRole('navigation', { name: 'Back-office' });
    // Julien's screens, as the README's demo admin signs in.
    await page.goto('/admin/');
    await page.getByLabel('E-mail').fill('admin.demo@veilleurs.fr');
    await page.getByLabel('Mot de passe').fill('Veilleurs2026');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();
    // The figures, not the "Chargement…" before them.
    await page.getByRole('main').getByRole('listitem').first().waitFor();
    await page.screenshot({ path: `${DIR}/admin-dashboard-${testInfo.project.name}.png` });
    await navigation(page).getByRole('link', { name: 'Utilisateurs' }).click();
    await page.getByRole('main').locator('tbody tr').first().waitFor();
    await page.screenshot({ path: `${DIR}/admin-users-${testInfo.project.name}.png` });
    await navigation(page).getByRole('link', { name: 'Annonces à valider' }).click();
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
  test('announcement wizard, with data typed', async ({ page, request }, testInfo) => {
    const shot = (name: string, options?: { whole?: boolean }) =>
      capture(page, `wizard-${name}`, testInfo.project.name, options);
    const next = page.getByRole('button', { name: 'Suivant', exact: true });
    const counter = page.getByTestId('step-counter');
    // A newcomer without any draft, so the wizard starts from its first screen.
    const sophie = await newAccount(request);
    await blockMapTiles(page);
    await signIn(page, request, sophie);
    await page.goto('/#/annonce/create');
    await page.getByRole('button', { name: /Annonce rapide/ }).click();
    await expect(counter).toHaveText('Avant de commencer');
    await shot('0-before-starting');
    await next.click();
    await page.getByRole('button', { name: 'Voiture', exact: true }).click();
    await shot('1-type');
    await next.click();
    await page.getByRole('searchbox', { name: 'Rechercher une marque' }).fill('peug');
    await page.getByRole('button', { name: 'Peugeot', exact: true }).click();
    await shot('2-brand');
    await next.click();
    await page.getByRole('searchbox', { name: 'Rechercher un modèle' }).fill('208');
    await page.getByRole('button', { name: '208', exact: true }).first().click();
    await next.click();
    await expect(counter).toHaveText('Étape 4 / 7');
    // Next with nothing typed: how the errors read.
    await next.click();
    await expect(page.getByText('Cochez l’attestation pour continuer.')).toBeVisible();
    await shot('4-errors');
    const plate = randomPlate();
    await page.getByLabel('Plaque d’immatriculation').fill(plate);
    await page.getByLabel('Confirmez la plaque').fill(plate);
    await fillTheftDescription(page, {
      colour: 'Noir',
      energy: 'Diesel',
      street: '12 rue des Lilas',
    });
    await shot('4-vehicle', { whole: true });
    await next.click();
    await expect(counter).toHaveText('Étape 5 / 7');
    await page.getByRole('button', { name: /1 étoile/ }).click();
    await shot('5-reward');
    await next.click();
    await expect(page.getByRole('heading', { name: 'Récapitulatif' })).toBeVisible();
    await shot('6-recap', { whole: true });
    await next.click();
    await expect(counter).toHaveText('Étape 7 / 7');
    await shot('7-payment');
  });

  test('sighting report: scan a plate, then the report form', async ({
    page,
    request,
    context,
  }, testInfo) => {
    const shot = (name: string, options?: { whole?: boolean }) =>
      capture(page, `report-${name}`, testInfo.project.name, options);
    // Sophie's car, online; Karim, in the street of Toulouse, sees it.
    const sophie = await newAccount(request);
    await sendIdentity(request, sophie);
    const { plate } = await publishFastCar(request, sophie, { validate: true });
    const karim = await newAccount(request);
    await sendIdentity(request, karim);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 43.6045, longitude: 1.444 });
    await blockMapTiles(page);
    await signIn(page, request, karim);
    await page.goto('/#/match/verifyMatch');
    const scan = page.getByRole('dialog', { name: 'Vérifier un véhicule' });
    await scan.getByLabel('Plaque').fill(plate);
    await shot('1-scan');
    await scan.getByRole('button', { name: 'Vérifier' }).click();
    const result = page.getByRole('dialog', { name: 'Véhicule recherché !' });
    await expect(result).toBeVisible({ timeout: 15_000 });
    await shot('2-wanted');
    await result.getByRole('button', { name: 'Signaler ce véhicule' }).click();
    await expect(page.getByText('Étape 1/2')).toBeVisible();
    await page.getByLabel('Photos du véhicule : Choisir dans la galerie').setInputFiles({
      name: 'voiture.png',
      mimeType: 'image/png',
      buffer: makePng(64, 48, [120, 30, 30]),
    });
    await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    await shot('3-photos');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page.getByText('Étape 2/2')).toBeVisible();
    await shot('4-form');
    await page.getByRole('button', { name: 'Utiliser ma position' }).click();
    await expect(page.getByLabel(/^Ville/)).toHaveValue(/Toulouse/);
    await shot('5-form-filled', { whole: true });
  });
});
