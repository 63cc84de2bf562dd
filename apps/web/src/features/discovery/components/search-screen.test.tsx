import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { makeCards, option, searchPage, SORT_OBJECTS } from '../testing/discovery-fixtures';
import { FILTER_DEBOUNCE_MS } from './sub-filter-list';

const common = {
  'POST /search/getSortObjectsForRadioButtons': () => json(SORT_OBJECTS),
  'GET /home/getHomeInfos': () =>
    json({ isFirstConnexion: false, identityRefused: false, identityNotSubmitted: false }),
};

/** Answers pages of 12 out of `total` cards, by offset. */
function pagedSearch(total: number) {
  return (request: StubRequest) => {
    const offset = Number(request.form.get('offset'));
    const count = Math.max(0, Math.min(12, total - offset));
    return json(
      searchPage(makeCards(count, offset + 1), {
        isEndOfData: offset + count >= total,
        totalNbAnnonces: total,
      }),
    );
  };
}

describe('Search screen', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pages with "see more" by offset and stops at the end of data', async () => {
    const stub = stubFetch({ ...common, 'POST /search/getSearchAnnonces': pagedSearch(30) });
    const { user } = await renderApp('/search?search=peugeot%20rouge', { user: {} });
    const results = await screen.findByRole('list', { name: 'Résultats de la recherche' });
    expect(within(results).getAllByRole('article')).toHaveLength(12);
    expect(screen.getByText(/30 annonces/)).toBeInTheDocument();
    const first = stub.callsTo('POST', '/search/getSearchAnnonces')[0]!.form;
    expect(first.get('offset')).toBe('0');
    expect(first.get('researchText')).toBe('peugeot rouge');
    expect(first.get('brandIds')).toBe('[]');

    await user.click(screen.getByRole('button', { name: 'Voir plus' }));
    await waitFor(() => expect(within(results).getAllByRole('article')).toHaveLength(24));
    await user.click(screen.getByRole('button', { name: 'Voir plus' }));
    await waitFor(() => expect(within(results).getAllByRole('article')).toHaveLength(30));
    expect(
      stub.callsTo('POST', '/search/getSearchAnnonces').map((call) => call.form.get('offset')),
    ).toEqual(['0', '12', '24']);
    // End of data: no next offset, no button.
    expect(screen.queryByRole('button', { name: 'Voir plus' })).not.toBeInTheDocument();
  });

  it('starts a new list from offset 0 when the filters change (reset)', async () => {
    const stub = stubFetch({
      ...common,
      'POST /search/getSearchAnnonces': pagedSearch(30),
      'POST /search/getSubFilterObjectsForOptions': () =>
        json([option({ id: 1, name: 'Voiture' }), option({ id: 2, name: 'Moto' })]),
    });
    const { user } = await renderApp('/search', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Voir plus' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Résultats de la recherche' })).getAllByRole(
          'article',
        ),
      ).toHaveLength(24),
    );
    await user.click(screen.getByRole('button', { name: /Filtres/ }));
    await user.click(await screen.findByRole('button', { name: /Types de véhicule/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Moto' }));
    await waitFor(() => expect(stub.callsTo('POST', '/search/getSearchAnnonces')).toHaveLength(3));
    const reset = stub.callsTo('POST', '/search/getSearchAnnonces')[2]!.form;
    expect(reset.get('offset')).toBe('0');
    expect(reset.get('vehicleTypeIds')).toBe('[2]');
  });

  it('waits 500 ms after the last change before searching (debounce)', () => {
    vi.useFakeTimers();
    const same = (a: string, b: string) => a === b;
    const { result, rerender } = renderHook(
      ({ value }) => useDebouncedValue(value, FILTER_DEBOUNCE_MS, same),
      {
        initialProps: { value: 'a' },
      },
    );
    rerender({ value: 'ab' });
    act(() => vi.advanceTimersByTime(400));
    rerender({ value: 'abc' });
    act(() => vi.advanceTimersByTime(400));
    expect(result.current).toBe('a');
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe('abc');
  });

  it('opens the filters at the brands list from the navbar button, with all / none / clear', async () => {
    const brands = [
      option({ id: 10, name: 'Peugeot' }),
      option({ id: 11, name: 'Renault' }),
      option({ id: 12, name: 'Citroën' }),
    ];
    const stub = stubFetch({
      ...common,
      'POST /search/getSearchAnnonces': pagedSearch(3),
      'POST /search/getSubFilterObjectsForOptions': (request) =>
        json(
          brands.map((brand) => ({
            ...brand,
            isVisible:
              (request.form.get('subFilterSearch') ?? '') === '' || brand.name.startsWith('P'),
          })),
        ),
      'POST /search/getDisplaySelectedValuesTextForObjectType': () =>
        json({
          displaySelectedValuesText: 'x',
          nbSelected: 1,
          displaySelectedValueCode: null,
          displaySelectedValuesCode: 'search.filters.selected.one',
        }),
    });
    const { user } = await renderApp('/search?fromBtnName=brands', { user: {} });
    const dialog = await screen.findByRole('dialog', { name: 'Filtres' });
    expect(within(dialog).getByRole('heading', { name: 'Marques' })).toBeInTheDocument();
    await within(dialog).findByRole('checkbox', { name: 'Peugeot' });

    // The choice applies once the lower lists' selections are pruned (an await), a moment after.
    await user.click(within(dialog).getByRole('button', { name: 'Tout sélectionner' }));
    for (const name of ['Peugeot', 'Renault', 'Citroën'])
      await waitFor(() => expect(within(dialog).getByRole('checkbox', { name })).toBeChecked());

    await user.click(within(dialog).getByRole('button', { name: 'Tout désélectionner' }));
    for (const name of ['Peugeot', 'Renault', 'Citroën'])
      await waitFor(() => expect(within(dialog).getByRole('checkbox', { name })).not.toBeChecked());

    // The search box narrows the list; "all" then selects only what it shows.
    await user.type(
      within(dialog).getByRole('searchbox', { name: 'Rechercher dans : Marques' }),
      'P',
    );
    await waitFor(() =>
      expect(within(dialog).queryByRole('checkbox', { name: 'Renault' })).not.toBeInTheDocument(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Tout sélectionner' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Peugeot' })).toBeChecked();
    await waitFor(() =>
      expect(stub.callsTo('POST', '/search/getSearchAnnonces').at(-1)!.form.get('brandIds')).toBe(
        '[10]',
      ),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Effacer' }));
    await waitFor(() =>
      expect(stub.callsTo('POST', '/search/getSearchAnnonces').at(-1)!.form.get('brandIds')).toBe(
        '[]',
      ),
    );

    // Closing forgets the button, so that pressing it again reopens the modal.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(currentRoute()).toBe('/search'));
  });

  it('removes the brands no longer linked when a vehicle type is deselected', async () => {
    const stub = stubFetch({
      ...common,
      'POST /search/getSearchAnnonces': pagedSearch(3),
      'POST /search/getSubFilterObjectsForOptions': () =>
        json([option({ id: 1, name: 'Voiture' }), option({ id: 2, name: 'Moto' })]),
      'POST /search/getIdsFromListNotLinkedToHigherFilterIds': () => json([10]),
      'POST /search/getDisplaySelectedValuesTextForObjectType': () =>
        json({
          displaySelectedValuesText: 'x',
          nbSelected: 1,
          displaySelectedValueCode: null,
          displaySelectedValuesCode: 'search.filters.selected.one',
        }),
    });
    const filtersData = JSON.stringify({ vehicles: [1, 2], brands: [10, 11] });
    const { user } = await renderApp(
      `/search?filtersData=${encodeURIComponent(filtersData)}&fromBtnName=vehicles`,
      { user: {} },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Filtres' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Moto' }));
    await waitFor(() =>
      expect(stub.callsTo('POST', '/search/getIdsFromListNotLinkedToHigherFilterIds')).toHaveLength(
        1,
      ),
    );
    const asked = stub.callsTo('POST', '/search/getIdsFromListNotLinkedToHigherFilterIds')[0]!.form;
    expect(asked.get('higherFilterIds')).toBe('[1]');
    expect(asked.get('subFilterToFilterIds')).toBe('[10,11]');
    await waitFor(() => {
      const last = stub.callsTo('POST', '/search/getSearchAnnonces').at(-1)!.form;
      expect([last.get('vehicleTypeIds'), last.get('brandIds')]).toEqual(['[1]', '[11]']);
    });
  });

  it('disables the search tools while an identity is to be submitted', async () => {
    stubFetch({
      ...common,
      'GET /home/getHomeInfos': () =>
        json({ isFirstConnexion: false, identityRefused: false, identityNotSubmitted: true }),
      'POST /search/getSearchAnnonces': pagedSearch(3),
    });
    await renderApp('/search', { user: {} });
    await waitFor(() => expect(screen.getByRole('button', { name: /Filtres/ })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Localisation' })).toBeDisabled();
    expect(screen.getByRole('searchbox', { name: 'Rechercher un véhicule' })).toBeDisabled();
  });
});
