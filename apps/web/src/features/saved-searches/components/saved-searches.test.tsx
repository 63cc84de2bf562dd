import type { SavedSearch } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';

const common = {
  'POST /search/getSortObjectsForRadioButtons': () =>
    json({
      sortObjects: [{ value: 'MOST_RECENT', text: 'Plus récentes' }],
      sortSelectedValue: 'MOST_RECENT',
    }),
  'GET /home/getHomeInfos': () =>
    json({ isFirstConnexion: false, identityRefused: false, identityNotSubmitted: false }),
  'POST /search/getSearchAnnonces': () =>
    json({
      annonces: [],
      isEndOfData: true,
      totalNbAnnonces: 0,
      isTotalNbAnnoncesCapped: false,
      researchSorting: 'MOST_RECENT',
    }),
  'POST /search/getDisplaySelectedValuesFiltersAlert': () =>
    json({ displaySelectedValuesText: 'Texte : peugeot rouge', proposedName: 'peugeot rouge' }),
};

function alert(overrides: Partial<SavedSearch> = {}): SavedSearch {
  return {
    id: 4,
    name: 'Peugeot rouges',
    researchText: 'peugeot rouge',
    address: null,
    locationRadius: null,
    latitude: null,
    longitude: null,
    vehicles: [],
    brands: [],
    models: [],
    modelFinishes: [],
    colors: [],
    energies: [],
    minFiscalPower: null,
    maxFiscalPower: null,
    description: 'Texte : peugeot rouge',
    ...overrides,
  };
}

describe('Saved searches', { timeout: 20_000 }, () => {
  it('allows an alert only with a criterion: without one, a tap says so and opens the filters', async () => {
    stubFetch(common);
    const { user } = await renderApp('/search', { user: {} });
    const create = await screen.findByRole('button', { name: 'Créer une alerte' });
    expect(create).toHaveAccessibleDescription(/Ajoutez au moins un critère/);
    await user.click(create);
    expect(await screen.findByRole('dialog', { name: 'Filtres' })).toBeInTheDocument();
    // The hint under the button and the toast (sonner loads on the first toast).
    await waitFor(() =>
      expect(
        screen.getAllByText(/Ajoutez au moins un critère \(texte, localisation ou filtre\)/).length,
      ).toBeGreaterThan(1),
    );
    expect(screen.queryByRole('dialog', { name: 'Créer une alerte' })).toBeNull();
  });

  it('refuses a blank name, then checks for the same search and saves it', async () => {
    const stub = stubFetch({
      ...common,
      'POST /savedSearch/checkExisting': () => json({ savedSearchId: null, savedSearchName: null }),
      'POST /savedSearch': () => json({ id: 9, name: 'Mes Peugeot' }),
      'POST /search/getFiltersDataInitialValuesFromSavedSearch': () => json(null, 404),
    });
    const { user } = await renderApp('/search?search=peugeot%20rouge', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Créer une alerte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Créer une alerte' });
    expect(await within(dialog).findByText('Texte : peugeot rouge')).toBeInTheDocument();
    const summaryForm = stub.callsTo('POST', '/search/getDisplaySelectedValuesFiltersAlert')[0]!
      .form;
    expect(summaryForm.get('researchText')).toBe('peugeot rouge');
    // The name starts as the one proposed from the criteria.
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Nom de l’alerte')).toHaveValue('peugeot rouge'),
    );

    await user.clear(within(dialog).getByLabelText('Nom de l’alerte'));
    await user.type(within(dialog).getByLabelText('Nom de l’alerte'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer l’alerte' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Donnez un nom à votre alerte.');
    expect(within(dialog).getByLabelText('Nom de l’alerte')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(stub.callsTo('POST', '/savedSearch')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Nom de l’alerte'));
    await user.type(within(dialog).getByLabelText('Nom de l’alerte'), 'Mes Peugeot');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer l’alerte' }));
    await waitFor(() => expect(stub.callsTo('POST', '/savedSearch')).toHaveLength(1));
    const order = stub.calls
      .map((call) => call.path)
      .filter((path) => path.startsWith('/savedSearch'));
    // The screen asked once whether the search was an alert; the modal asks again before saving.
    const saved = order.indexOf('/savedSearch');
    expect(order.slice(saved - 1, saved + 1)).toEqual([
      '/savedSearch/checkExisting',
      '/savedSearch',
    ]);
    const form = stub.callsTo('POST', '/savedSearch')[0]!.form;
    expect([form.get('name'), form.get('researchText'), form.get('brandIds')]).toEqual([
      'Mes Peugeot',
      'peugeot rouge',
      '[]',
    ]);
    // The screen now shows the alert.
    await waitFor(() => expect(currentRoute()).toContain('savedSearchId=9'));
  });

  it('shows that the search is already an alert instead of offering it again', async () => {
    const stub = stubFetch({
      ...common,
      'POST /savedSearch/checkExisting': () =>
        json({ savedSearchId: 4, savedSearchName: 'Peugeot rouges' }),
    });
    await renderApp('/search?search=peugeot', { user: {} });
    const active = await screen.findByRole('link', {
      name: /^Alerte active «\s?Peugeot rouges\s?» : gérer mes alertes$/,
    });
    expect(active).toHaveAttribute('href', '#/user/MyAlerts');
    expect(active).toHaveTextContent('Alerte active');
    expect(screen.queryByRole('button', { name: 'Créer une alerte' })).toBeNull();
    expect(stub.callsTo('POST', '/savedSearch/checkExisting')[0]!.form.get('researchText')).toBe(
      'peugeot',
    );
    expect(stub.callsTo('POST', '/savedSearch')).toHaveLength(0);
  });

  it('lists the alerts, opens one as a saved search, and deletes after confirmation', async () => {
    let alerts = [alert(), alert({ id: 5, name: 'Motos', description: 'Type : Moto' })];
    const stub = stubFetch({
      ...common,
      'GET /savedSearch/getMyAlerts': () => json(alerts),
      'DELETE /savedSearch/5': () => {
        alerts = alerts.filter((item) => item.id !== 5);
        return json({ deleted: true });
      },
    });
    const { user } = await renderApp('/user/MyAlerts', { user: {} });
    const list = await screen.findByRole('list', { name: 'Mes alertes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Type : Moto')).toBeInTheDocument();
    expect(
      within(list).getByRole('link', { name: 'Ouvrir l’alerte Peugeot rouges' }),
    ).toHaveAttribute(
      'href',
      '#/search?annonceType=SAVED_SEARCH_ANNONCES&savedSearchId=4&savedSearchName=Peugeot+rouges',
    );

    await user.click(within(list).getByRole('button', { name: 'Supprimer l’alerte Motos' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer l’alerte ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(stub.callsTo('DELETE', '/savedSearch/5')).toHaveLength(1);
  });

  it('shows a 4-second error toast when the alert is already gone (404)', async () => {
    stubFetch({
      ...common,
      'GET /savedSearch/getMyAlerts': () => json([alert()]),
      'DELETE /savedSearch/4': () => apiError(404, 'NOT_FOUND', 'resource.not.found'),
    });
    const { user } = await renderApp('/user/MyAlerts', { user: {} });
    await user.click(
      await screen.findByRole('button', { name: 'Supprimer l’alerte Peugeot rouges' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }),
    );
    expect(await screen.findByText('Erreur')).toBeInTheDocument();
  });

  it('opens a saved search with its filters', async () => {
    const stub = stubFetch({
      ...common,
      'POST /search/getFiltersDataInitialValuesFromSavedSearch': () =>
        json({
          savedSearchId: 4,
          savedSearchName: 'Peugeot rouges',
          researchText: 'peugeot',
          researchSorting: 'MOST_RECENT',
          address: null,
          locationRadius: null,
          latitude: null,
          longitude: null,
          vehicles: [],
          brands: [10],
          models: [],
          modelFinishes: [],
          colors: ['RED'],
          energies: [],
          modelsHigherCategoryIds: [],
          modelFinishesHigherCategoryIds: [],
          minFiscalPower: null,
          maxFiscalPower: null,
          isSelectedFiscalPowerFilter: false,
          selectedFilterVehicleTypeNameIfOne: null,
          selectedFilterBrandNameIfOne: 'Peugeot',
        }),
    });
    await renderApp(
      '/search?annonceType=SAVED_SEARCH_ANNONCES&savedSearchId=4&savedSearchName=Peugeot%20rouges',
      { user: {} },
    );
    expect(
      await screen.findByRole('heading', { name: 'Peugeot rouges', level: 1 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(stub.callsTo('POST', '/search/getSearchAnnonces')).toHaveLength(1));
    const form = stub.callsTo('POST', '/search/getSearchAnnonces')[0]!.form;
    expect([form.get('researchText'), form.get('brandIds'), form.get('colors')]).toEqual([
      'peugeot',
      '[10]',
      '["RED"]',
    ]);
    expect(screen.getByRole('button', { name: 'Supprimer l’alerte' })).toBeEnabled();
  });

  it('shows the empty state and sends the create button to the filters', async () => {
    stubFetch({ ...common, 'GET /savedSearch/getMyAlerts': () => json([]) });
    const { user } = await renderApp('/user/MyAlerts', { user: {} });
    expect(await screen.findByText('Aucune alerte pour l’instant')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Créer une alerte' }));
    expect(await screen.findByRole('dialog', { name: 'Filtres' })).toBeInTheDocument();
  });
});
