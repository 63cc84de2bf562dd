import { expect, test } from '@playwright/test';
import { createValidatedAccount, screenshotPath, signInNewAccount } from '../support/profile';
import { makePng, makePdf } from '../support/fixture-files';

test.describe('profile, identity and first connection', () => {
  test('first connection with real files, then a profile edit, identity in progress', async ({
    page,
    request,
    context,
  }, testInfo) => {
    const project = testInfo.project.name;
    await context.grantPermissions(['notifications', 'geolocation']);
    await context.setGeolocation({ latitude: 43.6045, longitude: 1.444 });
    const account = await createValidatedAccount(request, 'AnnonceCreate');
    await signInNewAccount(page, request, account, 'AnnonceCreate');

    await page.goto('/#/');
    // The modal is named by its step's title, so it is found once and followed by role.
    await expect(
      page.getByRole('dialog', { name: 'Bienvenue parmi les Veilleurs !' }),
    ).toBeVisible();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Étape 1 sur 5')).toBeVisible();
    await expect(dialog.getByText('Notifications activées.')).toBeVisible();
    await page.screenshot({ path: screenshotPath(project, 'onboarding-step1') });

    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await expect(dialog.getByRole('heading', { name: 'Autour de vous' })).toBeVisible();
    await expect(dialog.getByText('Géolocalisation activée.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await expect(dialog.getByRole('heading', { name: 'Comment ça marche' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Suivant' }).click();

    await expect(dialog.getByRole('heading', { name: 'Votre identité' })).toBeVisible();
    await dialog.getByLabel(/^Pièce d’identité, recto : Choisir/).setInputFiles({
      name: 'recto.png',
      mimeType: 'image/png',
      buffer: makePng(48, 32),
    });
    await dialog.getByLabel(/^Pièce d’identité, verso : Choisir/).setInputFiles({
      name: 'verso.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf('Verso'),
    });
    await page.screenshot({ path: screenshotPath(project, 'onboarding-step4') });
    await dialog.getByRole('button', { name: 'Envoyer mon identité' }).click();
    await expect(dialog.getByRole('heading', { name: 'Vérification en cours' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Terminer' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/#\/annonce\/create$/);

    // The modal does not come back, and the profile shows the identity under review.
    await page.goto('/#/user/profileShow');
    await expect(page.getByRole('heading', { name: 'Inès Garnier' })).toBeVisible();
    await expect(page.getByText('Identité en cours de vérification')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.screenshot({ path: screenshotPath(project, 'profile-show'), fullPage: true });

    await page.getByRole('link', { name: 'Modifier mon profil' }).click();
    await expect(page).toHaveURL(/#\/user\/profileEdit$/);
    const phone = page.getByLabel('Téléphone');
    await phone.fill('06 98 76 54 32');
    await page.getByLabel('Profession').selectOption({ label: 'Artisan' });
    await page.getByLabel(/^RIB : Choisir/).setInputFiles({
      name: 'mon-rib.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf('RIB'),
    });
    // The identity already sent shows as a stored file in its picker.
    await expect(page.getByText('recto.png', { exact: true })).toBeVisible();
    await expect(page.getByText('mon-rib.pdf', { exact: true })).toBeVisible();
    await page.screenshot({ path: screenshotPath(project, 'profile-edit'), fullPage: true });
    await page.getByRole('button', { name: 'Enregistrer' }).click();

    await expect(page.getByText('Votre profil a bien été mis à jour.')).toBeVisible();
    await expect(page).toHaveURL(/#\/user\/profileShow$/);
    await expect(page.getByText('06 98 76 54 32')).toBeVisible();
    await expect(page.getByText('Artisan')).toBeVisible();
    await expect(page.getByText('Identité en cours de vérification')).toBeVisible();

    // The rib opens through its short-lived signed link, and only through it.
    const ribHref = await page.getByRole('link', { name: /Voir mon RIB/ }).getAttribute('href');
    expect(ribHref).toMatch(/^\/files\/\d+\?expires=\d+&signature=/);
    const rib = await request.get(ribHref!);
    expect(rib.status()).toBe(200);
    expect(rib.headers()['content-type']).toBe('application/pdf');
    const unsigned = await request.get(ribHref!.split('?')[0]!);
    expect(unsigned.status()).toBe(404);
  });

  test('my lampions and the permissions page', async ({ page, request, context }, testInfo) => {
    const project = testInfo.project.name;
    await context.grantPermissions(['geolocation']);
    const account = await createValidatedAccount(request, 'Home');
    await signInNewAccount(page, request, account, 'Home');
    // The first connection is not the subject here: end it as its last button would.
    const token = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('veilleurs.user') ?? '{}') as { access_token: string })
          .access_token,
    );
    const ended = await request.post('/user/updateFirstConnexion', {
      form: { isFirstConnexion: 'false' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ended.ok()).toBe(true);

    // A full load, so that the app reads the home information again.
    await page.goto('/#/user/myLampions');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Mes lampions', level: 1 })).toBeVisible();
    await expect(page.getByText('0 lampion', { exact: true })).toBeVisible();
    await expect(page.getByText('Veilleur · niveau 1')).toBeVisible();
    await expect(page.getByText('En cours')).toBeVisible();
    await page.screenshot({ path: screenshotPath(project, 'my-lampions'), fullPage: true });

    await page.goto('/#/autorisations');
    await expect(page.getByRole('switch', { name: 'Géolocalisation' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Accès aux fichiers' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Notifications' })).not.toBeChecked();
    await page.getByRole('switch', { name: 'Géolocalisation' }).click();
    await expect(page.getByRole('alert')).toContainText('réglages du site');
    await page.screenshot({ path: screenshotPath(project, 'permissions'), fullPage: true });

    // The notification parameters are kept on the server.
    await page.getByRole('button', { name: 'Paramètres des notifications' }).click();
    const params = page.getByRole('dialog', { name: 'Paramètres des notifications' });
    await params.getByRole('switch', { name: 'Lampions' }).click();
    await expect(params.getByRole('switch', { name: 'Lampions' })).not.toBeChecked();
    await params.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(params).toBeHidden();
    await page.reload();
    await page.getByRole('button', { name: 'Paramètres des notifications' }).click();
    await expect(params.getByRole('switch', { name: 'Lampions' })).not.toBeChecked();
    await expect(params.getByRole('switch', { name: 'Autour de moi' })).toBeChecked();
  });
});
