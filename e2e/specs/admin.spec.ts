import { expect, test } from '@playwright/test';
import { adminTokenFor, newAccount, openBackOffice, sendIdentity } from '../support/admin';
import { signIn } from '../support/session';
import { seriousViolations } from '../support/accessibility';
import { makePng } from '../support/fixture-files';
import { bearer, publishFastCar, TOULOUSE_STREET } from '../support/stolen-car';

test.describe('back office', () => {
  test('refuses an individual account at its own login', async ({ page, request }) => {
    const someone = await newAccount(request);
    await page.goto('/admin/');
    await expect(
      page.getByRole('heading', { name: 'Connexion au back-office', level: 1 }),
    ).toBeVisible();
    expect(await seriousViolations(page, { afterToasts: true })).toEqual([]);
    await page.getByLabel('E-mail').fill(someone.username);
    await page.getByLabel('Mot de passe').fill(someone.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert')).toHaveText('Ce profil ne peut pas se connecter ici.');
  });

  test('lets the demo admin of the README sign in and see the queues', async ({ page }) => {
    await page.goto('/admin/');
    await page.getByLabel('E-mail').fill('admin.demo@veilleurs.fr');
    await page.getByLabel('Mot de passe').fill('Veilleurs2026');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeVisible();
    await expect(page.getByText('annonces à valider').first()).toBeVisible();
  });

  test('the dashboard shows two figures a row on a phone, more from 768 px', async ({
    page,
  }, testInfo) => {
    await page.goto('/admin/');
    await page.getByLabel('E-mail').fill('admin.demo@veilleurs.fr');
    await page.getByLabel('Mot de passe').fill('Veilleurs2026');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    const tiles = page.getByRole('main').getByRole('listitem');
    await expect(tiles.first()).toBeVisible();
    const boxes = await tiles.evaluateAll((items) =>
      items.map((item) => item.getBoundingClientRect().top),
    );
    const firstRow = boxes.filter((top) => Math.abs(top - boxes[0]!) < 1).length;
    expect(firstRow).toBe(testInfo.project.name === 'mobile' ? 2 : 4);
  });

  test('the lists fit the screen: on a phone each row is a card naming its columns', async ({
    page,
  }, testInfo) => {
    await page.goto('/admin/');
    await page.getByLabel('E-mail').fill('admin.demo@veilleurs.fr');
    await page.getByLabel('Mot de passe').fill('Veilleurs2026');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    // The users' list always has rows (the demo accounts); every list shares its table style.
    await page
      .getByRole('navigation', { name: 'Back-office' })
      .getByRole('link', { name: 'Utilisateurs' })
      .click();
    const firstRow = page.getByRole('main').locator('tbody tr').first();
    await expect(firstRow).toBeVisible();
    // Nothing runs off the right edge of the screen.
    const overflow = await page
      .getByRole('main')
      .locator('table')
      .evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const label = await firstRow
      .locator('td')
      .first()
      .evaluate((cell) => getComputedStyle(cell, '::before').content);
    if (testInfo.project.name === 'mobile') expect(label).toBe('"Utilisateur"');
    else expect(label).toBe('none');
  });

  test('every back-office screen passes the axe checks; the language switch reaches English', async ({
    page,
    request,
  }) => {
    const admin = await newAccount(request);
    await openBackOffice(page, admin, await adminTokenFor(admin));
    const screens: [string, RegExp][] = [
      ['Tableau de bord', /Tableau de bord/],
      ['Annonces à valider', /Annonces à valider/],
      ['Identités', /Identités à vérifier/],
      ['Signalements', /Signalements/],
      ['Suppressions', /Demandes de suppression/],
      ['Marques et modèles', /Marques, modèles et finitions/],
      ['Utilisateurs', /Utilisateurs/],
      ['Bugs et messages', /Bugs et messages/],
      ['Journal d’audit', /Journal d’audit/],
      ['Message à la communauté', /Message à la communauté/],
    ];
    for (const [link, heading] of screens) {
      await page
        .getByRole('navigation', { name: 'Back-office' })
        .getByRole('link', { name: link })
        .click();
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      expect(await seriousViolations(page, { afterToasts: true }), link).toEqual([]);
    }
    await page.goto(`/admin/#/users/${admin.id}`);
    await expect(
      page.getByRole('heading', { name: new RegExp(`#${admin.id}`), level: 1 }),
    ).toBeVisible();
    expect(await seriousViolations(page, { afterToasts: true })).toEqual([]);
    // English too.
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('link', { name: 'Audit log' })).toBeVisible();
  });

  test('an announcement refused with reasons, fixed and validated; a match validated and finished', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const admin = await newAccount(request);
    const adminToken = await adminTokenFor(admin);
    const owner = await newAccount(request);
    await sendIdentity(request, owner);
    const published = await publishFastCar(request, owner);
    const { id: annonceId, plate, car } = published;

    // The admin finds it in the queue and refuses it with two reasons and a comment.
    await openBackOffice(page, admin, adminToken);
    await expect(page.getByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeVisible();
    expect(await seriousViolations(page, { afterToasts: true })).toEqual([]);
    await page
      .getByRole('link', { name: /annonces à valider/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: /Annonces à valider/, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: new RegExp(`#${annonceId}$`) }).click();
    await expect(
      page.getByRole('heading', { name: new RegExp(`#${annonceId}`), level: 1 }),
    ).toBeVisible();
    await expect(page.getByText(plate.replace(/[\s-]/g, '').toUpperCase())).toBeVisible();
    expect(await seriousViolations(page, { afterToasts: true })).toEqual([]);
    await page.getByRole('button', { name: 'Refuser…' }).click();
    const refuse = page.getByRole('dialog', { name: 'Refuser l’annonce' });
    await refuse.getByLabel('Carte grise').check();
    await refuse.getByLabel('Photos').check();
    await refuse
      .getByLabel('Commentaire pour le propriétaire')
      .fill('Ajoutez la carte grise et une photo.');
    expect(await seriousViolations(page, { afterToasts: true })).toEqual([]);
    await refuse.getByRole('button', { name: 'Refuser avec ces raisons' }).click();
    await expect(page.getByRole('heading', { name: /Annonces à valider/, level: 1 })).toBeVisible();

    // The owner reads the reasons on the announcement.
    await signIn(page, request, owner);
    await page.goto(`/#/annonce/show/${annonceId}`);
    await page.getByRole('button', { name: 'Voir les raisons' }).click();
    const reasons = page.getByRole('dialog', { name: 'Raisons du refus' });
    await expect(reasons.getByText('Carte grise', { exact: true })).toBeVisible();
    await expect(reasons.getByText('Photos', { exact: true })).toBeVisible();
    await expect(reasons.getByText('Ajoutez la carte grise et une photo.')).toBeVisible();
    await expect(reasons.getByText('Pièce d’identité', { exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Fixed and published again; the admin validates it.
    await publishFastCar(request, owner, { existing: published, changes: { color: 'BLACK' } });
    await openBackOffice(page, admin, adminToken);
    await page.goto(`/admin/#/annonces/${annonceId}`);
    await expect(page.getByText('Décisions précédentes')).toBeVisible();
    await page.getByRole('button', { name: 'Valider l’annonce' }).click();
    await expect(page.getByRole('heading', { name: /Annonces à valider/, level: 1 })).toBeVisible();
    const detail = await request.get(`/annonce/${annonceId}`, { headers: bearer(owner) });
    expect(((await detail.json()) as { status: { value: string } }).status.value).toBe('VALIDATED');

    // A watcher whose identity the admin accepts reports the car.
    const watcher = await newAccount(request);
    await sendIdentity(request, watcher);
    await page.goto('/admin/#/identities');
    await page.getByRole('link', { name: new RegExp(`#${watcher.id}$`) }).click();
    await expect(page.getByRole('link', { name: /Pièce d’identité \(recto\)/ })).toBeVisible();
    await page.getByRole('button', { name: 'Accepter l’identité' }).click();
    await expect(page.getByText('Acceptée', { exact: true }).first()).toBeVisible();

    const report = await request.post('/matchAnnonce/saveMatchAnnonceGrandPublic', {
      headers: bearer(watcher),
      multipart: {
        match: JSON.stringify({
          address: TOULOUSE_STREET,
          vehicleType: car.typeId,
          brand: car.brandId,
          model: car.modelId,
          vin: 'VF1AB000123456789',
          color: 'BLACK',
          energy: 'DIESEL',
          description: 'Garée devant la boulangerie.',
        }),
        scannedIdentifier: JSON.stringify({ licensePlate: plate, annonceId }),
        nbImagesVehicle: '1',
        'imagesVehicle[0]': { name: 'vue.png', mimeType: 'image/png', buffer: makePng(48, 32) },
      },
    });
    expect(report.ok(), await report.text()).toBe(true);

    // The admin validates the match, then records the return of the vehicle.
    await page.goto('/admin/#/matches');
    const matchLink = page
      .getByRole('listitem')
      .filter({ hasText: watcher.username })
      .getByRole('link', { name: /Signalement n°/ });
    await matchLink.click();
    expect(await seriousViolations(page, { afterToasts: true })).toEqual([]);
    await page.getByRole('button', { name: 'Valider le signalement' }).click();
    await expect(page.getByText('Validé', { exact: true })).toBeVisible();
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' });
    await page.getByLabel('Date de restitution').fill(today);
    await page.getByRole('button', { name: 'Clore : véhicule rendu' }).click();
    await expect(page.getByRole('heading', { name: 'Signalements', level: 1 })).toBeVisible();

    // The watcher sees the money and the lampions in My matches.
    await signIn(page, request, watcher);
    await page.goto('/#/user/myMatches');
    await expect(page.getByText(/100,00\s€ gagnés/)).toBeVisible();
    await expect(page.getByText('720 lampions')).toBeVisible();
  });
});
