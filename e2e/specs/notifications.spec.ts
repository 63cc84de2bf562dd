import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  aCar,
  adminTokenFor,
  newAccount,
  openBackOffice,
  sendIdentity,
  type ApiAccount,
} from '../support/admin';
import { randomPlate } from '../support/annonces';
import { signIn } from '../support/session';

const TOULOUSE = {
  address: '10 rue du Taur, 31000 Toulouse',
  latitude: 43.6065,
  longitude: 1.442,
  departement: '31',
};

const bearer = (account: ApiAccount) => ({ Authorization: `Bearer ${account.token}` });

/** Serious and critical accessibility problems of one part of the page (WCAG 2.1 A/AA rules). */
async function seriousViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

/** A fast car announcement saved and published by its owner; it waits for the back office. */
async function publishCar(request: APIRequestContext, owner: ApiAccount) {
  const car = await aCar(request, owner.token);
  const plate = randomPlate();
  const saved = await request.post('/annonce/saveAnnonceGrandPublic', {
    headers: bearer(owner),
    multipart: {
      annonce: JSON.stringify({
        vehicleType: car.typeId,
        brand: car.brandId,
        model: car.modelId,
        licensePlate: plate,
        licensePlateConfirm: plate,
        energy: 'DIESEL',
        color: 'BLUE',
        address: TOULOUSE,
        isProprio: true,
        ownerAttestation: true,
      }),
      isDraft: 'true',
      isFastAnnonce: 'true',
      currentStep: '4',
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const id = ((await saved.json()) as { id: number }).id;
  const published = await request.post('/annonce/publishAnnonceGP', {
    headers: bearer(owner),
    form: { annonceIds: String(id) },
  });
  expect(published.ok(), await published.text()).toBe(true);
  return { id, car };
}

test.describe('notifications', () => {
  test('an admin validates an announcement: the watcher whose alert matches sees the bell rise live, and the click opens it', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const owner = await newAccount(request);
    await sendIdentity(request, owner);
    const { id: annonceId, car } = await publishCar(request, owner);

    // The watcher has an alert on that brand and is looking at the home screen.
    const watcher = await newAccount(request);
    const alert = await request.post('/savedSearch', {
      headers: bearer(watcher),
      form: { name: 'Ma marque', brandIds: JSON.stringify([car.brandId]) },
    });
    expect(alert.ok(), await alert.text()).toBe(true);
    await request.post('/user/updateFirstConnexion', {
      headers: bearer(watcher),
      form: { isFirstConnexion: 'false' },
    });
    await signIn(page, request, watcher);
    await page.goto('/#/');
    const quietBell = page.getByRole('button', { name: 'Notifications', exact: true });
    await expect(quietBell).toBeVisible();

    // Another browser: the back office validates the announcement.
    const adminContext = await browser.newContext();
    try {
      const admin = await newAccount(request);
      const adminPage = await adminContext.newPage();
      await openBackOffice(adminPage, admin, await adminTokenFor(admin));
      await adminPage.goto(`/admin/#/annonces/${annonceId}`);
      await adminPage.getByRole('button', { name: 'Valider l’annonce' }).click();
      await expect(
        adminPage.getByRole('heading', { name: /Annonces à valider/, level: 1 }),
      ).toBeVisible();
    } finally {
      await adminContext.close();
    }

    // The watcher's tab was never reloaded: the live stream brought the news.
    const bell = page.getByRole('button', { name: 'Notifications, 1 non lue' });
    await expect(bell).toBeVisible({ timeout: 10_000 });
    await expect(bell.getByTestId('notification-count')).toHaveText('1');
    await bell.click();
    const menu = page.getByRole('menu');
    const item = menu.getByRole('menuitem', { name: /Nouveau véhicule pour votre alerte/ });
    await expect(item).toBeVisible();
    await expect(item).toContainText('« Ma marque »');
    // Just now: "à l'instant" under a second, then seconds (a busy machine may take one).
    await expect(item).toContainText(/à l'instant|il y a \d+ secondes?/);
    expect(await seriousViolations(page, '[role="menu"]')).toEqual([]);
    await item.click();
    await expect(page).toHaveURL(new RegExp(`#/annonce/show/${annonceId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Clicked counts as read: the count is gone, and the list remembers the state.
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    const list = await request.post('/lampNotification/getAllForUser', {
      headers: bearer(watcher),
    });
    const notifications = (await list.json()) as Array<{
      type: string;
      clicked: boolean;
      objectId: number;
    }>;
    expect(notifications).toEqual([
      expect.objectContaining({ type: 'NEW_ALERT_VEHICLES', clicked: true, objectId: annonceId }),
    ]);

    // The owner was told too (and by mail, from the job queue).
    const ownerList = await request.post('/lampNotification/getAllForUser', {
      headers: bearer(owner),
    });
    expect(((await ownerList.json()) as Array<{ type: string }>).map((n) => n.type)).toContain(
      'ANNONCE_ACCEPTED',
    );
  });
});
