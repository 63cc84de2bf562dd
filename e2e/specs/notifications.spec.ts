import { expect, test } from '@playwright/test';
import { adminTokenFor, newAccount, openBackOffice, sendIdentity } from '../support/admin';
import { signIn } from '../support/session';
import { seriousViolations } from '../support/accessibility';
import { bearer, publishFastCar } from '../support/stolen-car';

test.describe('notifications', () => {
  test('an admin validates an announcement: the watcher whose alert matches sees the bell rise live, and the click opens it', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const owner = await newAccount(request);
    await sendIdentity(request, owner);
    const { id: annonceId, car } = await publishFastCar(request, owner);

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
    expect(await seriousViolations(page, { within: '[role="menu"]' })).toEqual([]);
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
