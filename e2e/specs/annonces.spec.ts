import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  fillTheftDescription,
  createDraft,
  demoToken,
  randomBicycode,
  randomPlate,
  screenshotPath,
} from '../support/annonces';
import { signIn } from '../support/session';
import { makePng, makePdf } from '../support/fixture-files';

const next = (page: Page) => page.getByRole('button', { name: 'Suivant', exact: true });
const counter = (page: Page) => page.getByTestId('step-counter');

/** The path of the file an <img> shows once loaded (its srcset choice), or '' before. */
function loadedPhotoPath(image: Locator): Promise<string> {
  return image.evaluate((element: HTMLImageElement) =>
    element.complete && element.naturalWidth > 0 ? new URL(element.currentSrc).pathname : '',
  );
}

test.describe('announcements', () => {
  test.beforeEach(async ({ page, request }) => {
    await signIn(page, request);
    // Start the app again with the session in place, so later hash navigations run signed in.
    await page.reload();
    await expect(page.getByRole('main')).toBeVisible();
  });

  test('a fast announcement for a car, from onboarding to the success modal', async ({
    page,
  }, testInfo) => {
    const shot = (name: string) =>
      page.screenshot({
        path: screenshotPath(testInfo.project.name, `fast-${name}`),
        fullPage: true,
      });
    await page.goto('/#/annonce/create');
    await expect(page.getByRole('heading', { name: 'Quel type d’annonce ?' })).toBeVisible();
    await page.getByRole('button', { name: /Annonce rapide/ }).click();
    await expect(counter(page)).toHaveText('Avant de commencer');
    await shot('0-onboarding');
    await next(page).click();

    await page.getByRole('button', { name: 'Voiture', exact: true }).click();
    await shot('1-type');
    await next(page).click();
    await expect(page.getByText('Enregistré')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Rechercher une marque' }).fill('peug');
    await page.getByRole('button', { name: 'Peugeot', exact: true }).click();
    await shot('2-brand');
    await next(page).click();

    await page.getByRole('searchbox', { name: 'Rechercher un modèle' }).fill('208');
    await page.getByRole('button', { name: '208', exact: true }).first().click();
    await next(page).click();

    await expect(counter(page)).toHaveText('Étape 4 / 7');
    // Next with nothing filled: the rules of the domain, in French, under the fields.
    await next(page).click();
    await expect(page.getByText('Cochez l’attestation pour continuer.')).toBeVisible();
    const plate = randomPlate();
    await page
      .getByLabel('Plaque d’immatriculation')
      .fill(plate.toLowerCase().replaceAll('-', ' '));
    await page.getByLabel('Confirmez la plaque').fill(plate.replaceAll('-', ''));
    await fillTheftDescription(page, {
      colour: 'Noir',
      energy: 'Diesel',
      street: '12 rue des Lilas',
    });
    await shot('4-mandatory');
    await next(page).click();

    await expect(page.getByRole('heading', { name: 'Récompense additionnelle' })).toBeVisible();
    await expect(counter(page)).toHaveText('Étape 5 / 7');
    await page.getByRole('button', { name: /1 étoile/ }).click();
    await shot('5-reward');
    await next(page).click();

    await expect(page.getByRole('heading', { name: 'Récapitulatif' })).toBeVisible();
    const basket = page.getByRole('list', { name: 'Annonces à publier' });
    await expect(basket.getByText(plate)).toBeVisible();
    await shot('6-recap');
    await next(page).click();

    await expect(counter(page)).toHaveText('Étape 7 / 7');
    await expect(page.getByTestId('payment-total')).toHaveText(/500\s€/);
    await shot('7-payment');
    await page.getByRole('button', { name: 'Publier', exact: true }).click();

    const incomplete = page.getByRole('dialog', { name: 'Annonce incomplète' });
    await expect(incomplete).toBeVisible();
    await shot('8-incomplete');
    await incomplete.getByRole('button', { name: 'Publier' }).click();
    const promise = page.getByRole('dialog', { name: 'Engagement de paiement' });
    await expect(promise.getByRole('button', { name: 'Confirmer et publier' })).toBeDisabled();
    await promise.getByRole('checkbox').check();
    await shot('9-promise');
    await promise.getByRole('button', { name: 'Confirmer et publier' }).click();

    const success = page.getByRole('dialog', {
      name: 'Votre annonce est publiée, à compléter sous 48 h',
    });
    await expect(success).toBeVisible();
    await shot('10-success');
    await success.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/#\/user\/myAnnonce$/);
    const inValidation = page.getByRole('list', { name: 'En attente de validation' });
    await expect(inValidation.getByText(plate.slice(0, -2) + '**')).toBeVisible();
    await shot('11-my-annonces');
  });

  test('a complete announcement for a bicycle with photos and papers', async ({
    page,
  }, testInfo) => {
    const shot = (name: string) =>
      page.screenshot({
        path: screenshotPath(testInfo.project.name, `complete-${name}`),
        fullPage: true,
      });
    await page.goto('/#/annonce/create');
    await page.getByRole('button', { name: /Annonce complète/ }).click();
    await expect(counter(page)).toHaveText('Avant de commencer');
    await next(page).click();
    await page.getByRole('searchbox', { name: 'Rechercher un type de véhicule' }).fill('vél');
    await page.getByRole('button', { name: 'Vélo', exact: true }).click();
    await next(page).click();

    await page.getByRole('searchbox', { name: 'Rechercher une marque' }).fill('decathlon');
    await page.getByRole('button', { name: 'Decathlon', exact: true }).click();
    await next(page).click();

    // A model missing from the catalogue is created on the spot.
    const modelName = `Riverside ${Date.now() % 100000}`;
    await page.getByRole('button', { name: 'Mon modèle n’est pas dans la liste' }).click();
    const custom = page.getByRole('dialog', { name: 'Ajouter un modèle' });
    await custom.getByLabel('Nom').fill(modelName);
    await custom.getByRole('button', { name: 'Ajouter' }).click();
    await expect(page.getByRole('button', { name: modelName })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await shot('3-model');
    await next(page).click();

    const bicycode = randomBicycode();
    await page.getByLabel('Bicycode').fill(bicycode);
    await page.getByLabel('Numéro de série').fill(`SN${bicycode}`);
    await fillTheftDescription(page, {
      colour: 'Rouge',
      energy: 'Sans motorisation',
      street: '3 place du Capitole',
    });
    await shot('4-mandatory');
    await next(page).click();

    await expect(page.getByRole('heading', { name: 'Informations complémentaires' })).toBeVisible();
    await page
      .getByLabel('Contexte du vol')
      .fill('Volé la nuit dans le local à vélos fermé à clé.');
    await shot('5-additional');
    await next(page).click();

    await expect(page.getByRole('heading', { name: 'Photos du véhicule' })).toBeVisible();
    await next(page).click();
    await expect(page.getByText('Ce champ est obligatoire.')).toBeVisible();
    await page.getByLabel(/^Ajouter des photos : Choisir/).setInputFiles([
      { name: 'velo-1.png', mimeType: 'image/png', buffer: makePng(64, 48, [200, 30, 30]) },
      { name: 'velo-2.png', mimeType: 'image/png', buffer: makePng(48, 64, [30, 30, 200]) },
    ]);
    await expect(
      page.getByRole('list', { name: 'Photos choisies' }).getByRole('listitem'),
    ).toHaveCount(2);
    await page.getByLabel('État du véhicule').fill('Bon état, selle noire.');
    await shot('6-photos');
    await next(page).click();

    await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
    await page.getByLabel('Compagnie d’assurance').fill('MAIF');
    await page.getByLabel(/^Dépôt de plainte : Choisir/).setInputFiles({
      name: 'plainte.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf(),
    });
    await expect(page.getByText('plainte.pdf')).toBeVisible();
    await shot('7-papers');
    await next(page).click();

    await expect(counter(page)).toHaveText('Étape 8 / 10');
    await next(page).click();
    await expect(
      page.getByRole('list', { name: 'Annonces à publier' }).getByText(bicycode, { exact: false }),
    ).toBeVisible();
    await next(page).click();
    await expect(page.getByTestId('payment-total')).toHaveText(/150\s€/);
    await page.getByRole('button', { name: 'Publier', exact: true }).click();

    // Complete: straight to the payment promise.
    const promise = page.getByRole('dialog', { name: 'Engagement de paiement' });
    await promise.getByRole('checkbox').check();
    await promise.getByRole('button', { name: 'Confirmer et publier' }).click();
    const success = page.getByRole('dialog', { name: 'Votre annonce est en ligne !' });
    await expect(success).toBeVisible();
    await success.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/#\/user\/myAnnonce$/);
  });

  test('a draft resumes at its saved step', async ({ page }) => {
    await page.goto('/#/user/myAnnonce');
    const drafts = page.getByRole('list', { name: 'Brouillons' });
    const card = drafts.getByRole('article').filter({ hasText: 'Hyundai Nexo' });
    await card.getByRole('link', { name: 'Modifier le brouillon' }).click();
    await expect(page.getByRole('heading', { name: 'Marque' })).toBeVisible();
    await expect(counter(page)).toHaveText('Étape 2 / 7');
    await expect(page.getByRole('button', { name: 'Hyundai', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await next(page).click();
    await expect(page.getByRole('button', { name: 'Nexo', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('the detail page: gallery, tabs and the theft zone on the map', async ({
    page,
  }, testInfo) => {
    // A card's photo comes in its WebP size, in a box sized before it loads (issue 17).
    await page.goto('/#/user/myAnnonce');
    const cardPhoto = page.getByRole('article').locator('picture img').first();
    await expect(cardPhoto).toHaveAttribute('width', /^\d+$/);
    await expect
      .poll(() => loadedPhotoPath(cardPhoto))
      .toMatch(/^\/files\/\d+\/(small|medium|large)$/);

    await page.goto('/#/annonce/show/204');
    await expect(page.getByRole('heading', { name: 'Fiat Strada' })).toBeVisible();
    await expect(page.getByText('Annonce en ligne.')).toBeVisible();
    const galleryPhoto = page
      .getByRole('list', { name: 'Photos du véhicule' })
      .locator('picture img')
      .first();
    await expect(galleryPhoto).toHaveAttribute('height', /^\d+$/);
    await expect
      .poll(() => loadedPhotoPath(galleryPhoto))
      .toMatch(/^\/files\/\d+\/(small|medium|large)$/);
    await page.screenshot({
      path: screenshotPath(testInfo.project.name, 'show-owner'),
      fullPage: true,
    });
    await page.getByRole('tab', { name: 'Positions' }).click();
    const map = page.getByRole('img', { name: /Carte de la zone du vol/ });
    await expect(map).toBeVisible();
    // The 1000 m circle and the centre are drawn even when no tile can load.
    await expect(map.locator('path.leaflet-interactive')).toHaveCount(2);
    await page.screenshot({
      path: screenshotPath(testInfo.project.name, 'show-map'),
      fullPage: true,
    });
    await page.getByRole('button', { name: 'Partager' }).click();
    const share = page.getByRole('dialog', { name: 'Partager l’annonce' });
    await expect(share.getByRole('textbox')).toHaveValue(/\/openapp\?id=204$/);
    await expect(share.getByRole('link')).toHaveCount(7);
    await page.screenshot({ path: screenshotPath(testInfo.project.name, 'show-share') });
  });

  test('favourite from the card', async ({ page }) => {
    await page.goto('/#/annonce/show/2');
    await expect(page.getByRole('heading', { name: 'Citroën Xantia' })).toBeVisible();
    const heart = page.getByRole('button', { name: 'Ajouter aux favoris' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/#/user/myFavorites');
    const card = page.getByRole('article').filter({ hasText: 'Citroën Xantia' });
    const cardHeart = card.getByRole('button', { name: 'Ajouter aux favoris' });
    await expect(cardHeart).toHaveAttribute('aria-pressed', 'true');
    await cardHeart.click();
    await expect(page.getByText('Aucun favori pour l’instant')).toBeVisible();
  });

  test('delete a draft', async ({ page, request }) => {
    const id = await createDraft(request, await demoToken(request));
    await page.goto('/#/user/myAnnonce');
    await page.goto(`/#/annonce/show/${id}`);
    await expect(page.getByText('Brouillon : pas encore publié.')).toBeVisible();
    await page.getByRole('button', { name: 'Supprimer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer l’annonce ?' });
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Annonce supprimée.')).toBeVisible();
    await expect(page).toHaveURL(/#\/user\/myAnnonce$/);
    const res = await request.get(`/annonce/${id}`, {
      headers: { Authorization: `Bearer ${await demoToken(request)}` },
    });
    expect(res.status()).toBe(404);
  });
});
