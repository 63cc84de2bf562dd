import { blockMapTiles, countNearToulouse, deleteAllAlerts, demoToken } from '../support/discovery';
import { signIn } from '../support/session';
import { expect, test } from '../support/test';

/** Screenshots to look at by eye (375 px and 1280 px), outside the repository. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/discovery-e2e';

test.describe('discovery', () => {
  test('search near Toulouse, add a brand, open a map cluster, save as an alert, reopen it', async ({
    page,
    request,
  }, testInfo) => {
    const project = testInfo.project.name;
    const token = await demoToken(request);
    await deleteAllAlerts(request, token);
    // Robust to the demo data: "peugeot rouge" when Toulouse has some, else any Peugeot.
    const text =
      (await countNearToulouse(request, token, 'peugeot rouge', 200)) > 0
        ? 'peugeot rouge'
        : 'peugeot';
    expect(await countNearToulouse(request, token, text, 200)).toBeGreaterThan(0);

    await blockMapTiles(page);
    await signIn(page, request);
    await page.goto('/#/');
    await expect(page.getByRole('heading', { name: 'Dernières annonces' })).toBeVisible();

    // The navbar search box goes to /search with the text.
    const box = page.getByRole('searchbox', { name: 'Rechercher un véhicule' });
    await box.fill(text);
    await box.press('Enter');
    await expect(page).toHaveURL(/#\/search\?search=peugeot/);
    await expect(page.getByRole('heading', { name: 'Recherche', level: 1 })).toBeVisible();

    // Location filter: the navbar button opens the modal at the address field.
    await page
      .getByRole('list', { name: 'Filtres' })
      .getByRole('button', { name: 'Localisation' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Filtres' });
    const address = dialog.getByRole('combobox', { name: 'Adresse ou ville' });
    await expect(address).toBeFocused();
    await address.fill('Toulouse');
    await dialog.getByRole('option', { name: 'Toulouse (31000)' }).click();
    await expect(address).toHaveValue('Toulouse (31000)');
    const radius = dialog.getByRole('slider', { name: /Rayon/ });
    await radius.focus();
    await radius.press('End');
    await expect(dialog.getByText('200 km')).toBeVisible();

    // Brand filter, from the list's own search box.
    await dialog.getByRole('button', { name: /^Marques/ }).click();
    await dialog.getByRole('searchbox', { name: 'Rechercher dans : Marques' }).fill('Peugeot');
    await dialog.getByRole('checkbox', { name: 'Peugeot', exact: true }).check();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const results = page.getByRole('list', { name: 'Résultats de la recherche' });
    await expect(results.getByRole('article').first()).toBeVisible();
    await expect(results.getByRole('article').first()).toContainText('Peugeot');
    // The first results, titles included, show above the fold, on a phone too.
    const shownAtOnce = Math.min(2, await results.getByRole('article').count());
    for (let index = 0; index < shownAtOnce; index += 1) {
      await expect(results.getByRole('article').nth(index).getByRole('heading')).toBeInViewport();
    }
    await expect(page.getByRole('button', { name: /Filtres/ })).toContainText('2');
    await page.screenshot({ path: `${SHOTS}/discovery-${project}-list.png` });

    // The map: zoom out until the markers group, then open a cluster.
    await page.getByRole('button', { name: 'Carte' }).click();
    const map = page.getByTestId('search-map');
    await expect(map.locator('.discovery-marker, .discovery-cluster').first()).toBeVisible();
    const clusters = map.locator('.discovery-cluster');
    // Each zoom step is awaited through what it shows (a cluster appears), never through a sleep.
    for (let step = 0; step < 8 && (await clusters.count()) === 0; step += 1) {
      await map.getByRole('button', { name: 'Zoom out' }).click();
      await clusters
        .first()
        .waitFor({ state: 'visible', timeout: 1500 })
        .catch(() => undefined);
    }
    await expect(clusters.first()).toBeVisible();
    const inCluster = Number(await clusters.first().innerText());
    const markersBefore = await map.locator('.discovery-marker').count();
    await clusters.first().click();
    await expect
      .poll(async () => map.locator('.discovery-marker').count())
      .toBeGreaterThan(markersBefore);
    expect(inCluster).toBeGreaterThan(1);
    await map.locator('.discovery-marker').first().click();
    await expect(page.getByRole('region', { name: 'Annonce sélectionnée' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/discovery-${project}-map.png` });

    // Save the search as an alert.
    const alertName = `Peugeot autour de Toulouse (${project})`;
    await page.getByRole('button', { name: 'Créer une alerte' }).click();
    const create = page.getByRole('dialog', { name: 'Créer une alerte' });
    await expect(create.getByTestId('saved-search-summary')).toContainText('Peugeot');
    // A name is proposed from the criteria; emptied, the alert cannot be saved.
    const name = create.getByLabel('Nom de l’alerte');
    await expect(name).toHaveValue(/Peugeot/);
    await name.fill('');
    await create.getByRole('button', { name: 'Enregistrer l’alerte' }).click();
    await expect(create.getByRole('alert')).toHaveText('Donnez un nom à votre alerte.');
    await create.getByLabel('Nom de l’alerte').fill(alertName);
    await create.getByRole('button', { name: 'Enregistrer l’alerte' }).click();
    await expect(create).toBeHidden();
    await expect(page).toHaveURL(/savedSearchId=\d+/);

    // Back to the list: on a phone the map takes the whole screen, title included.
    await page.getByRole('button', { name: 'Liste' }).click();

    // Reopen it from My alerts.
    await page.goto('/#/user/MyAlerts');
    const alerts = page.getByRole('list', { name: 'Mes alertes' });
    await expect(alerts.getByRole('heading', { name: alertName })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/discovery-${project}-alerts.png` });
    await alerts.getByRole('link', { name: `Ouvrir l’alerte ${alertName}` }).click();
    await expect(page.getByRole('heading', { name: alertName, level: 1 })).toBeInViewport();
    await expect(page.getByText(`« ${text} »`)).toBeVisible();
    // On a phone too: the title, the first result and the map one tap away, without scrolling.
    await expect(
      page.getByRole('list', { name: 'Résultats de la recherche' }).getByRole('article').first(),
    ).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Carte' })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `${SHOTS}/discovery-${project}-reopened.png` });
    // The alert's filters are back: the brand and the place around Toulouse.
    await page.getByRole('button', { name: /Filtres/ }).click();
    const reopened = page.getByRole('dialog', { name: 'Filtres' });
    await expect(reopened.getByRole('button', { name: /^Marques/ })).toContainText('Peugeot');
    await expect(reopened.getByRole('combobox', { name: 'Adresse ou ville' })).toHaveValue(
      'Toulouse (31000)',
    );
    await page.keyboard.press('Escape');
    await expect(reopened).toBeHidden();
    await expect(
      page.getByRole('list', { name: 'Résultats de la recherche' }).getByRole('article').first(),
    ).toContainText('Peugeot');

    // And delete it, with confirmation.
    await page.getByRole('button', { name: 'Supprimer l’alerte' }).click();
    await page
      .getByRole('dialog', { name: 'Supprimer l’alerte ?' })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    // Deleted, the app says so and leaves the alert for a plain search: leave only then, or its
    // own navigation would come after ours.
    await expect(page.getByText(`Alerte « ${alertName} » supprimée.`)).toBeVisible();
    await expect(page).not.toHaveURL(/savedSearchId/);
    await expect(page.getByRole('heading', { name: 'Recherche', level: 1 })).toBeVisible();
    await page.goto('/#/user/MyAlerts');
    await expect(page.getByText('Aucune alerte pour l’instant')).toBeVisible();
  });
});
