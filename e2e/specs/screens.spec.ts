import { expect, test, type APIRequestContext } from '@playwright/test';
import { blockMapTiles, deleteAllAlerts, demoToken, TOULOUSE } from '../support/discovery';
import { holdRequests } from '../support/hold-requests';
import { signIn } from '../support/session';

/** Screenshots to look at by eye, outside the repository. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/ux-screens-shots';

interface Point {
  id: number;
  title: string;
  latitude: number;
  longitude: number;
}

/** A place (one commune's centre) holding 2 to 12 announcements and no other place within 3 km. */
async function sharedPlace(request: APIRequestContext, token: string) {
  const res = await request.post('/search/getSearchMapPoints', {
    headers: { Authorization: `Bearer ${token}` },
    form: { latitude: TOULOUSE.latitude, longitude: TOULOUSE.longitude, locationRadius: 200 },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { points } = (await res.json()) as { points: Point[] };
  const places = new Map<string, Point[]>();
  for (const point of points) {
    const key = `${point.latitude},${point.longitude}`;
    places.set(key, [...(places.get(key) ?? []), point]);
  }
  const km = (a: Point, b: Point) =>
    Math.hypot(
      (a.latitude - b.latitude) * 111,
      (a.longitude - b.longitude) * 111 * Math.cos((a.latitude * Math.PI) / 180),
    );
  const groups = [...places.values()];
  return groups.find(
    (group) =>
      group.length >= 2 &&
      group.length <= 12 &&
      groups.every((other) => other === group || km(other[0]!, group[0]!) > 3),
  );
}

test.describe('finish of the main screens (issue 15)', () => {
  test('two announcements of one commune on the map: each can be tapped', async ({
    page,
    request,
  }, testInfo) => {
    const token = await demoToken(request);
    const group = await sharedPlace(request, token);
    expect(group, 'the demo data has a commune with several announcements').toBeDefined();
    const place = group![0]!;
    await blockMapTiles(page);
    await signIn(page, request);
    const filters = {
      latitude: place.latitude,
      longitude: place.longitude,
      locationRadius: 1,
      address: 'Commune',
    };
    await page.goto(`/#/search?filtersData=${encodeURIComponent(JSON.stringify(filters))}`);
    await page.getByRole('button', { name: 'Carte' }).click();
    const map = page.getByTestId('search-map');
    // Tiles refused: the map says so, the markers stay.
    await expect(
      page.getByRole('status').filter({ hasText: 'Le fond de carte ne se charge pas' }),
    ).toBeVisible();
    const cluster = map.locator('.discovery-cluster').first();
    await expect(cluster).toContainText(String(group!.length));
    // On a phone the map ends at the bottom of the screen, where the selected card rises.
    const frame = (await map.boundingBox())!;
    const screen = page.viewportSize()!;
    if (testInfo.project.name === 'mobile') {
      expect(Math.abs(frame.y + frame.height - screen.height)).toBeLessThanOrEqual(1);
    }
    await cluster.click();
    const markers = map.locator('.discovery-marker--theft_location');
    await expect(markers).toHaveCount(group!.length);
    // Spread apart: no two markers on the same spot.
    const boxes = await markers.evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return `${Math.round(box.x)},${Math.round(box.y)}`;
      }),
    );
    expect(new Set(boxes).size).toBe(group!.length);
    for (const index of [0, 1]) {
      const marker = markers.nth(index);
      const title = (await marker.getAttribute('title'))!;
      await marker.click();
      const card = page.getByRole('region', { name: 'Annonce sélectionnée' });
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(title);
    }
    // The map's credits stay readable under the risen card (the OpenStreetMap licence).
    const credits = map.locator('.leaflet-control-attribution');
    await expect(credits).toBeVisible();
    await credits.scrollIntoViewIfNeeded();
    expect(
      await credits.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return top !== null && element.contains(top);
      }),
    ).toBe(true);
    await page.screenshot({ path: `${SHOTS}/map-spread-${testInfo.project.name}.png` });
  });

  test('filters sheet: action bar on the bottom edge, one-line button, brands of vehicles only, chips', async ({
    page,
    request,
  }, testInfo) => {
    await signIn(page, request);
    await page.goto('/#/search');
    await page
      .getByRole('toolbar')
      .getByRole('button', { name: /^Filtres/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Filtres' });
    const show = dialog.getByRole('button', { name: /^(Voir|Aucune annonce)/ });
    await expect(show).toBeVisible();
    const viewport = page.viewportSize()!;
    if (testInfo.project.name === 'mobile') {
      // The sheet slides up: measured once it has come to rest on the bottom edge.
      await expect
        .poll(async () => {
          const box = (await dialog.boundingBox())!;
          return Math.abs(box.y + box.height - viewport.height);
        })
        .toBeLessThan(2);
    }
    const dialogBox = (await dialog.boundingBox())!;
    const showBox = (await show.boundingBox())!;
    if (testInfo.project.name === 'mobile') {
      // Its action bar sits on that edge (no content under it).
      expect(dialogBox.y + dialogBox.height - (showBox.y + showBox.height)).toBeLessThan(32);
    }
    // One line: a button of one line of text is under 56 px high.
    expect(showBox.height).toBeLessThan(56);
    await page.screenshot({ path: `${SHOTS}/filters-sheet-${testInfo.project.name}.png` });

    // Without a vehicle type: vehicle brands, no accessory makers.
    await dialog.getByRole('button', { name: /^Marques/ }).click();
    const brandSearch = dialog.getByRole('searchbox', { name: 'Rechercher dans : Marques' });
    await brandSearch.fill('Abus');
    await expect(dialog.getByText('Aucun résultat.')).toBeVisible();
    await brandSearch.fill('Audi');
    await expect(dialog.getByRole('checkbox', { name: 'Audi', exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Retour aux filtres' }).click();
    // Scoped to the chosen type: bicycles have no Audi.
    await dialog.getByRole('button', { name: /^Types de véhicule/ }).click();
    await dialog.getByRole('checkbox', { name: 'Vélo', exact: true }).check();
    await dialog.getByRole('button', { name: 'Retour aux filtres' }).click();
    await dialog.getByRole('button', { name: /^Marques/ }).click();
    await brandSearch.fill('Audi');
    await expect(dialog.getByText('Aucun résultat.')).toBeVisible();
    await brandSearch.fill('Peugeot');
    await dialog.getByRole('checkbox', { name: 'Peugeot', exact: true }).check();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The active filters show as chips, each removable, and all clear in one tap.
    const chips = page.getByRole('list', { name: 'Filtres actifs' });
    await expect(chips.getByRole('button')).toHaveCount(2);
    await expect(chips).toContainText('Peugeot');
    await page.screenshot({ path: `${SHOTS}/search-chips-${testInfo.project.name}.png` });
    await chips.getByRole('button', { name: /Peugeot/ }).click();
    await expect(chips.getByRole('button')).toHaveCount(1);
    await expect(chips).not.toContainText('Peugeot');
    await page
      .getByRole('toolbar')
      .getByRole('button', { name: /^Filtres/ })
      .click();
    await dialog.getByRole('button', { name: /^Couleurs/ }).click();
    await dialog.getByRole('checkbox', { name: 'Rouge', exact: true }).check();
    await page.keyboard.press('Escape');
    await expect(chips.getByRole('button')).toHaveCount(2);
    await page.getByRole('button', { name: 'Tout effacer' }).click();
    await expect(chips).toBeHidden();
  });

  test('a search that is already an alert shows "Alerte active" and leads to the alerts', async ({
    page,
    request,
  }) => {
    const token = await demoToken(request);
    await deleteAllAlerts(request, token);
    const created = await request.post('/savedSearch', {
      headers: { Authorization: `Bearer ${token}` },
      form: { name: 'Mes Peugeot', researchText: 'peugeot' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    await signIn(page, request);
    await page.goto('/#/search?search=peugeot');
    // The guillemets hold the name with non-breaking spaces.
    const active = page.getByRole('link', {
      name: /^Alerte active «\s?Mes Peugeot\s?» : gérer mes alertes$/,
    });
    await expect(active).toBeVisible();
    await expect(page.getByRole('button', { name: 'Créer une alerte' })).toHaveCount(0);
    await active.click();
    await expect(page).toHaveURL(/#\/user\/MyAlerts/);
    await expect(page.getByText('Mes Peugeot')).toBeVisible();

    // Another search: the create modal proposes a name from the criteria.
    await page.goto('/#/search?search=citroen');
    await page.getByRole('button', { name: 'Créer une alerte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer une alerte' });
    await expect(dialog.getByLabel('Nom de l’alerte')).toHaveValue('citroen');
    await deleteAllAlerts(request, token);
  });
  for (const list of [
    {
      name: 'search results',
      path: '/#/search?search=peugeot',
      api: '**/search/getSearchAnnonces',
      label: 'Résultats de la recherche',
    },
    {
      name: 'top announcements',
      path: '/#/topAnnonces',
      api: '**/home/getTopAnnonces',
      label: 'Top annonces',
    },
  ]) {
    test(`${list.name}: the loading placeholders take the place and size of the results`, async ({
      page,
      request,
    }) => {
      await blockMapTiles(page);
      await signIn(page, request);
      // A new document: the home signIn leaves behind has placeholders of its own.
      await page.goto('about:blank');
      // The answer waits until the placeholders are measured: no timing involved.
      const release = await holdRequests(page, list.api);
      await page.goto(list.path);
      const placeholder = page.getByTestId('annonce-card-skeleton').first();
      // The top bar settled first (its search row comes with the shell), then the placeholders.
      await expect(page.getByRole('searchbox', { name: 'Rechercher un véhicule' })).toBeVisible();
      await expect(placeholder).toBeVisible();
      const before = await placeholder.boundingBox();
      expect(before, 'the placeholder has a box').not.toBeNull();
      release();
      const card = page.getByRole('list', { name: list.label }).getByRole('article').first();
      await expect(card).toBeVisible();
      const after = await card.boundingBox();
      expect(after, 'the card has a box').not.toBeNull();
      if (!before || !after) return;
      // A row on a phone, a card from 768 px: same place, same width, same height.
      expect(Math.abs(after.x - before.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(1);
      expect(Math.abs(after.width - before.width)).toBeLessThanOrEqual(1);
      expect(Math.abs(after.height - before.height)).toBeLessThanOrEqual(2);
    });
  }
});
