import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubWizard } from '@/features/annonces/testing/annonce-stubs';
import { SORT_OBJECTS, searchPage } from '@/features/discovery/testing/discovery-fixtures';
import { json } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';

/** Every screen answered with empty lists, as for a newcomer's first visit. */
function stubEmptyAccount() {
  return stubWizard({
    'GET /annonce/getMyAnnonce': () => json({ annoncesDraft: [], toValidate: [], validated: [] }),
    'GET /annonce/getMyFavorites': () => json([]),
    'GET /savedSearch/getMyAlerts': () => json([]),
    'GET /user/getUserInfoMatches': () =>
      json({ currentMatches: [], validatedMatches: [], refusedMatches: [] }),
    'POST /lampNotification/getAllForUser': () => json([]),
    'POST /home/getHomeData': () => json([]),
    'POST /home/getTopAnnonces': () => json(searchPage([])),
    'POST /search/getSearchAnnonces': () => json(searchPage([])),
    'POST /search/getSortObjectsForRadioButtons': () => json(SORT_OBJECTS),
  });
}

/** The one shared empty state: icon, title, one sentence and one way on, nothing else. */
async function emptyState() {
  const empty = await screen.findByTestId('empty-state');
  expect(empty.querySelector('svg')).not.toBeNull();
  expect(empty.querySelectorAll('p')).toHaveLength(2);
  const actions = within(empty)
    .queryAllByRole('link')
    .concat(within(empty).queryAllByRole('button'));
  expect(actions).toHaveLength(1);
  return { empty, action: actions[0]! };
}

describe('empty lists', { timeout: 20_000 }, () => {
  it('My announcements: one empty state that leads to declaring a theft', async () => {
    stubEmptyAccount();
    await renderApp('/user/myAnnonce', { user: {} });
    const { empty, action } = await emptyState();
    expect(within(empty).getByText('Vous n’avez pas encore d’annonce')).toBeInTheDocument();
    expect(action).toHaveAccessibleName('Déclarer un vol');
    expect(action).toHaveAttribute('href', '#/annonce/create');
  });

  it('My favourites: leads to a search', async () => {
    stubEmptyAccount();
    await renderApp('/user/myFavorites', { user: {} });
    const { empty, action } = await emptyState();
    expect(within(empty).getByText('Aucun favori pour l’instant')).toBeInTheDocument();
    expect(action).toHaveAccessibleName('Lancer une recherche');
    expect(action).toHaveAttribute('href', '#/search');
  });

  it('My alerts: its button is the one way to create an alert', async () => {
    stubEmptyAccount();
    const { user } = await renderApp('/user/MyAlerts', { user: {} });
    const { empty, action } = await emptyState();
    expect(within(empty).getByText('Aucune alerte pour l’instant')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Créer une alerte' })).toEqual([action]);
    await user.click(action);
    expect(await screen.findByRole('dialog', { name: 'Filtres' })).toBeInTheDocument();
  });

  it('My reports: leads to checking a vehicle', async () => {
    stubEmptyAccount();
    const { user } = await renderApp('/user/myMatches', { user: {} });
    const { empty, action } = await emptyState();
    expect(within(empty).getByText('Aucun signalement pour l’instant')).toBeInTheDocument();
    await user.click(action);
    await waitFor(() => expect(currentRoute()).toMatch(/^\/match\/verifyMatch/));
  });

  it('Top announcements: leads to a search', async () => {
    stubEmptyAccount();
    await renderApp('/topAnnonces', { user: {} });
    const { action } = await emptyState();
    expect(action).toHaveAttribute('href', '#/search');
  });

  it('The home with nothing to show: leads to a search', async () => {
    stubEmptyAccount();
    await renderApp('/', { user: {} });
    const { empty, action } = await emptyState();
    expect(within(empty).getByText('Aucune annonce à afficher pour le moment')).toBeInTheDocument();
    expect(action).toHaveAttribute('href', '#/search');
  });

  it('A search without result: clears its criteria', async () => {
    stubEmptyAccount();
    const { user } = await renderApp('/search?search=zzz', { user: {} });
    const { empty, action } = await emptyState();
    expect(within(empty).getByText('Aucune annonce ne correspond')).toBeInTheDocument();
    expect(action).toHaveAccessibleName('Effacer les filtres');
    const chip = { name: /Retirer le filtre.*zzz/ };
    expect(screen.getByRole('button', chip)).toBeInTheDocument();
    await user.click(action);
    await waitFor(() => expect(screen.queryByRole('button', chip)).toBeNull());
  });

  it('Notifications: leads to the announcements near me', async () => {
    stubEmptyAccount();
    const { user } = await renderApp('/', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const menu = await screen.findByRole('menu');
    const empty = within(menu).getByTestId('empty-state');
    expect(within(empty).getByText('Aucune notification pour l’instant')).toBeInTheDocument();
    await user.click(within(empty).getByRole('button', { name: 'Voir les annonces près de moi' }));
    expect(currentRoute()).toBe('/search?annonceType=CLOSE_ANNONCES');
  });
});
