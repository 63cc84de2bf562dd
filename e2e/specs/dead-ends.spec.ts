import type { Page } from '@playwright/test';
import { adminTokenFor, newAccount, openBackOffice, sendIdentity } from '../support/admin';
import { signIn } from '../support/session';
import { publishFastCar } from '../support/stolen-car';
import { makePng, makePdf } from '../support/fixture-files';
import { expect, test, journeyTimeout } from '../support/test';

// Karim's phone gives its position (Toulouse, capitole).
test.use({
  permissions: ['geolocation'],
  geolocation: { latitude: 43.6045, longitude: 1.444 },
});

const shots = (project: string) => (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/ux-deadends-shots/${project}-${name}.png`, fullPage: true });

test.describe('no dead ends', () => {
  // Three accounts and a back office per journey on a shared 2-core machine.
  test.setTimeout(journeyTimeout(180_000));
  test('Sophie adds her papers from the validated announcement, the back office gets them to check', async ({
    page,
    request,
  }, testInfo) => {
    const shot = shots(testInfo.project.name);
    const sophie = await newAccount(request);
    await sendIdentity(request, sophie);
    const { id } = await publishFastCar(request, sophie);
    // Julien validates it in the back office.
    const julien = await newAccount(request);
    const adminToken = await adminTokenFor(julien);
    const validated = await request.post(`/admin/api/annonce/${id}/validate`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(validated.ok()).toBe(true);

    await signIn(page, request, sophie);
    await page.goto('/#/user/myAnnonce');
    // My announcements: what is missing, until when (no seconds), and one button.
    const notice = page.getByTestId('completion-notice').first();
    await expect(notice).toContainText(
      /Documents à ajouter avant le \d\d\/\d\d à \d\d\u00a0h\u00a0\d\d \(encore 4[78]\u00a0h\)/,
    );
    await expect(notice).not.toContainText(/:\d\d:\d\d/);
    await shot(page, 'sophie-1-my-annonces');

    await page.goto(`/#/annonce/show/${id}`);
    await expect(page.getByText('Annonce en ligne.')).toBeVisible();
    const banner = page.getByTestId('completion-notice');
    await expect(banner).toContainText('Il manque : Carte grise et Dépôt de plainte.');
    await shot(page, 'sophie-2-detail');
    await banner.getByRole('button', { name: 'Ajouter les documents' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter les documents' });
    await expect(dialog).toBeVisible();

    // A wrong file is refused before anything is sent.
    await dialog.getByLabel('Carte grise : Choisir un fichier').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('pas un document'),
    });
    await expect(dialog.getByText(/Ce fichier n’est pas accepté/)).toBeVisible();
    await dialog.getByLabel('Carte grise : Choisir un fichier').setInputFiles({
      name: 'carte-grise.png',
      mimeType: 'image/png',
      buffer: makePng(64, 48, [30, 90, 30]),
    });
    await expect(dialog.getByRole('img', { name: 'Aperçu de carte-grise.png' })).toBeVisible();
    await dialog.getByLabel('Dépôt de plainte : Choisir un fichier').setInputFiles({
      name: 'plainte.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf(),
    });
    await expect(dialog.getByText('plainte.pdf')).toBeVisible();
    await shot(page, 'sophie-3-dialog');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText('Documents envoyés : votre annonce est complète.')).toBeVisible();
    await expect(page.getByTestId('completion-notice')).toHaveCount(0);
    await expect(page.getByText('Annonce en ligne.')).toBeVisible();
    await shot(page, 'sophie-4-complete');

    // The back office sees the papers to check in its queue and on the announcement.
    await openBackOffice(page, julien, adminToken);
    await page.goto(`/admin/#/annonces/${id}`);
    await expect(
      page.getByText(/Documents à vérifier : ajoutés par le propriétaire/),
    ).toBeVisible();
    await shot(page, 'julien-documents-to-check');
    await page.getByRole('button', { name: 'Documents vérifiés' }).click();
    await expect(page.getByText('Documents marqués comme vérifiés.')).toBeVisible();
  });

  test('Karim reports a car without its VIN, his position fills the address', async ({
    page,
    request,
  }, testInfo) => {
    const shot = shots(testInfo.project.name);
    const sophie = await newAccount(request);
    await sendIdentity(request, sophie);
    const { id, plate } = await publishFastCar(request, sophie);
    const julien = await newAccount(request);
    await request.post(`/admin/api/annonce/${id}/validate`, {
      headers: { Authorization: `Bearer ${await adminTokenFor(julien)}` },
    });
    const karim = await newAccount(request);
    await sendIdentity(request, karim);
    await signIn(page, request, karim);
    // He types the plate he sees, as in the scan menu.
    await page.goto('/#/match/verifyMatch');
    const scan = page.getByRole('dialog', { name: 'Vérifier un véhicule' });
    await scan.getByLabel('Plaque').fill(plate);
    await scan.getByRole('button', { name: 'Vérifier' }).click();
    const result = page.getByRole('dialog', { name: 'Véhicule recherché !' });
    await expect(result).toBeVisible({ timeout: 15_000 });
    await result.getByRole('button', { name: 'Signaler ce véhicule' }).click();
    await expect(page.getByText('Étape 1/2')).toBeVisible();
    await page.getByLabel('Photos du véhicule : Choisir dans la galerie').setInputFiles({
      name: 'voiture.png',
      mimeType: 'image/png',
      buffer: makePng(64, 48, [120, 30, 30]),
    });
    await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    await page.getByRole('button', { name: 'Suivant' }).click();

    await expect(page.getByText('Étape 2/2')).toBeVisible();
    // What is required says so; the VIN does not.
    await expect(page.getByText('Numéro VIN (facultatif)')).toBeVisible();
    await expect(page.getByText('Couleur (obligatoire)')).toBeVisible();
    await page.getByRole('button', { name: 'Utiliser ma position' }).click();
    await expect(page.getByText(/Position utilisée : .*Toulouse/)).toBeVisible();
    await expect(page.getByLabel(/^Ville/)).toHaveValue(/Toulouse/);
    await shot(page, 'karim-1-form');
    const colour = page.getByLabel(/^Couleur/);
    if ((await colour.inputValue()) === '') await colour.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await expect(page.getByRole('dialog', { name: 'Signalement envoyé' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText('Ce champ est obligatoire.')).toHaveCount(0);
    await shot(page, 'karim-2-sent');
  });

  test('leaving the wizard and coming back continues the same draft, which can be deleted', async ({
    page,
    request,
  }, testInfo) => {
    const shot = shots(testInfo.project.name);
    const sophie = await newAccount(request);
    await signIn(page, request, sophie);
    await page.goto('/#/annonce/create');
    await expect(page.getByTestId('step-counter')).toHaveText('Avant de commencer');
    await page.getByRole('button', { name: /Annonce rapide/ }).click();
    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await expect(page.getByTestId('step-counter')).toHaveText('Étape 1 / 7');
    await page.getByRole('button', { name: 'Voiture', exact: true }).click();
    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await expect(page.getByText('Enregistré')).toBeVisible();

    // Leaving asks, and says the draft is kept.
    await page.getByRole('button', { name: 'Retour' }).click();
    const leave = page.getByRole('dialog', { name: 'Quitter la création ?' });
    await expect(leave).toContainText('Votre brouillon est enregistré');
    await shot(page, 'draft-1-leave');
    await leave.getByRole('button', { name: 'Quitter' }).click();
    // Gone from the wizard before coming back: on a slow machine the address below was still the
    // wizard's when it was asked again, so the page did not change and showed no offer.
    await expect(page).not.toHaveURL(/#\/annonce\/create/);

    // Later, in a new session of the browser: the wizard offers the draft.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/#/annonce/create');
    const resume = page.getByRole('region', { name: 'Reprendre votre brouillon ?' });
    await expect(resume).toBeVisible();
    await shot(page, 'draft-2-resume');
    await resume.getByRole('button', { name: 'Continuer ce brouillon' }).click();
    // Back where it was saved, with the car already chosen.
    await expect(page.getByTestId('step-counter')).toHaveText('Étape 1 / 7');
    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await expect(page.getByTestId('step-counter')).toHaveText('Étape 2 / 7');
    await page.getByRole('searchbox', { name: 'Rechercher une marque' }).fill('peug');
    await page.getByRole('button', { name: 'Peugeot', exact: true }).click();
    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await expect(page.getByTestId('step-counter')).toHaveText('Étape 3 / 7');

    const mine = await request.get('/annonce/getMyAnnonce', {
      headers: { Authorization: `Bearer ${sophie.token}` },
    });
    expect(((await mine.json()) as { annoncesDraft: unknown[] }).annoncesDraft).toHaveLength(1);

    // My announcements: one draft, deleted after a confirmation.
    await page.getByRole('button', { name: 'Retour' }).click();
    await page
      .getByRole('dialog', { name: 'Quitter la création ?' })
      .getByRole('button', { name: 'Quitter' })
      .click();
    await page.goto('/#/user/myAnnonce');
    await expect(
      page.getByRole('heading', { name: /^Brouillons et annonces refusées\s*,\s*1 brouillon$/ }),
    ).toBeVisible();
    await page.getByRole('button', { name: /Supprimer le brouillon/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer ce brouillon ?' });
    await shot(page, 'draft-3-delete');
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Brouillon supprimé.')).toBeVisible();
    // Her only announcement gone, the page leads to declaring a theft again.
    await expect(page.getByText('Vous n’avez pas encore d’annonce')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Déclarer un vol' })).toBeVisible();
  });
});
