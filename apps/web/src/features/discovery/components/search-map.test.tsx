import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PositionOptions from '../lib/position-options';
import { json, stubFetch } from '@/testing/fetch-stub';
import { POSITION_WAIT_MS } from '../lib/position-options';
import { renderApp } from '@/testing/test-utils';
import {
  makeCards,
  makeDiscoveryCard,
  mapPoints,
  searchPage,
  SORT_OBJECTS,
} from '../testing/discovery-fixtures';

// A short wait, so that a test does not sit through the real one.
vi.mock('../lib/position-options', async (importOriginal) => ({
  ...(await importOriginal<typeof PositionOptions>()),
  POSITION_WAIT_MS: 50,
}));

const common = {
  'POST /search/getSortObjectsForRadioButtons': () => json(SORT_OBJECTS),
  'GET /home/getHomeInfos': () =>
    json({ isFirstConnexion: false, identityRefused: false, identityNotSubmitted: false }),
};

/** jsdom has no layout: the map container is given a size so that Leaflet computes its view. */
function stubContainerSize() {
  const width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get: () => 800,
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => 600,
  });
  return () => {
    if (width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', width);
    if (height) Object.defineProperty(HTMLElement.prototype, 'clientHeight', height);
  };
}

describe('Search map', { timeout: 20_000 }, () => {
  let restore: () => void = () => {};
  beforeEach(() => {
    restore = stubContainerSize();
  });
  afterEach(() => restore());

  it('plots every match, spreads the ones sharing a place so each can be tapped, shows police stations', async () => {
    // Four announcements of one commune share its centre: no zoom can ever separate them.
    const cards = makeCards(3).map((card) => ({ ...card, latitude: 43.6, longitude: 1.44 }));
    const noAddress = makeDiscoveryCard({
      id: 50,
      title: 'Vélo sans adresse',
      address: null,
      latitude: 43.6,
      longitude: 1.44,
    });
    const stub = stubFetch({
      ...common,
      // The list has loaded only its first page (one card of "Plus de 100")...
      'POST /search/getSearchAnnonces': () =>
        json(searchPage([cards[0]!], { isEndOfData: false, totalNbAnnonces: 100 })),
      // ...the map asks for every located match.
      'POST /search/getSearchMapPoints': () => json(mapPoints([...cards, noAddress])),
      'GET /policeStation/getAllPoliceStationInsideBounds': () =>
        json([
          {
            id: 3,
            name: 'Commissariat central',
            address: '23 boulevard de l’Embouchure, Toulouse',
            phoneNumber: '05 61 12 77 77',
            department: '31 - Haute-Garonne',
            latitude: 43.6,
            longitude: 1.44,
            postalCode: '31000',
            kind: 'commissariat',
          },
        ]),
      'GET /geo/reverse': () =>
        json([
          {
            label: 'Toulouse 31000',
            city: 'Toulouse',
            postalCode: '31000',
            inseeCode: '31555',
            departmentCode: '31',
            latitude: 43.6,
            longitude: 1.44,
          },
        ]),
    });
    const { user, container } = await renderApp('/search', { user: {} });
    await screen.findByRole('list', { name: 'Résultats de la recherche' });
    await user.click(screen.getByRole('button', { name: 'Carte' }));
    await waitFor(() => expect(container.querySelector('.discovery-cluster')).not.toBeNull());
    expect(await screen.findByText('4 annonces sur la carte')).toBeInTheDocument();
    const cluster = container.querySelector<HTMLElement>('.discovery-cluster')!;
    expect(cluster).toHaveTextContent('4');
    expect(cluster).toHaveAttribute('title', '4 annonces, agrandir');
    // The cluster cannot split: tapping it spreads its four markers around the place.
    await user.click(cluster);
    await waitFor(() =>
      expect(container.querySelectorAll('.discovery-marker--theft_location')).toHaveLength(4),
    );
    expect(container.querySelector('.discovery-cluster')).toBeNull();
    const markers = [
      ...container.querySelectorAll<HTMLElement>('.discovery-marker--theft_location'),
    ];
    const places = new Set(markers.map((marker) => `${marker.style.left},${marker.style.top}`));
    expect(places.size).toBe(4);
    // Each spread marker opens its own announcement.
    fireEvent.click(markers.find((marker) => marker.title === 'Vélo sans adresse')!);
    let selected = await screen.findByRole('region', { name: 'Annonce sélectionnée' });
    expect(within(selected).getByRole('link', { name: 'Vélo sans adresse' })).toHaveAttribute(
      'href',
      '#/annonce/show/50',
    );
    expect(await within(selected).findByText(/Toulouse 31000/)).toBeInTheDocument();
    expect(stub.callsTo('GET', '/geo/reverse')[0]!.url.searchParams.get('lat')).toBe('43.6');
    fireEvent.click(
      container.querySelectorAll<HTMLElement>('.discovery-marker--theft_location')[0]!,
    );
    selected = await screen.findByRole('region', { name: 'Annonce sélectionnée' });
    expect(within(selected).getByRole('link', { name: 'Annonce 1' })).toBeInTheDocument();
    expect(within(selected).getByText('1 sur 4')).toBeInTheDocument();
    await user.click(within(selected).getByRole('button', { name: 'Annonce précédente' }));
    expect(within(selected).getByText('4 sur 4')).toBeInTheDocument();
    expect(stub.callsTo('POST', '/search/getSearchMapPoints')).toHaveLength(1);

    // Above zoom 15 the police stations of the view are asked, as a badge with its info window.
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() =>
      expect(container.querySelector('.discovery-marker--police')).not.toBeNull(),
    );
    const police = container.querySelector<HTMLElement>('.discovery-marker--police')!;
    expect(police.innerHTML).not.toContain('>P<');
    const bounds = stub.callsTo('GET', '/policeStation/getAllPoliceStationInsideBounds')[0]!.url
      .searchParams;
    expect(Number(bounds.get('neLat'))).toBeGreaterThan(Number(bounds.get('swLat')));
    // A plain click: two pointer sequences in a row read as Leaflet's touch double-tap in jsdom.
    fireEvent.click(police);
    const popup = await waitFor(() => {
      const element = container.querySelector<HTMLElement>('.leaflet-popup-content');
      expect(element).not.toBeNull();
      return element!;
    });
    expect(popup).toHaveTextContent('Commissariat central');
    expect(popup).toHaveTextContent('31 - Haute-Garonne');
    expect(within(popup).getByRole('link', { name: '05 61 12 77 77' })).toHaveAttribute(
      'href',
      'tel:0561127777',
    );
    // The legend names the police badge.
    expect(screen.getByText('Commissariat ou gendarmerie')).toBeInTheDocument();

    // Geolocation unavailable: the locate button is disabled with its explanation.
    const locate = screen.getByRole('button', { name: 'Me localiser' });
    expect(locate).toBeDisabled();
    expect(locate).toHaveAccessibleDescription(
      'La géolocalisation n’est pas disponible ou a été refusée dans votre navigateur.',
    );
  });

  it('lists the announcements of a place too crowded to spread', async () => {
    const crowd = makeCards(14).map((card) => ({ ...card, latitude: 43.6, longitude: 1.44 }));
    stubFetch({
      ...common,
      'POST /search/getSearchAnnonces': () => json(searchPage(crowd.slice(0, 12))),
      'POST /search/getSearchMapPoints': () => json(mapPoints(crowd)),
    });
    const { user, container } = await renderApp('/search', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Carte' }));
    await waitFor(() => expect(container.querySelector('.discovery-cluster')).not.toBeNull());
    await user.click(container.querySelector<HTMLElement>('.discovery-cluster')!);
    const list = await screen.findByRole('region', { name: '14 annonces à cet endroit' });
    expect(within(list).getAllByRole('article')).toHaveLength(14);
    await user.click(within(list).getByRole('link', { name: 'Annonce 14' }));
  });

  it('says when the map background cannot load, and keeps the markers', async () => {
    stubFetch({
      ...common,
      'POST /search/getSearchAnnonces': () => json(searchPage(makeCards(2))),
      'POST /search/getSearchMapPoints': () => json(mapPoints(makeCards(2))),
    });
    const { user, container } = await renderApp('/search', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Carte' }));
    await waitFor(() =>
      expect(
        container.querySelectorAll('.discovery-marker--theft_location').length,
      ).toBeGreaterThan(0),
    );
    const tile = await waitFor(() => {
      const element = container.querySelector<HTMLImageElement>('img.leaflet-tile');
      expect(element).not.toBeNull();
      return element!;
    });
    fireEvent.error(tile);
    expect(
      await screen.findByText(
        'Le fond de carte ne se charge pas (connexion ?). Les repères restent utilisables.',
      ),
    ).toBeInTheDocument();
    expect(container.querySelectorAll('.discovery-marker--theft_location').length).toBeGreaterThan(
      0,
    );
  });

  it('keeps "Me localiser" while the browser’s prompt stays open past the wait', async () => {
    // The browser neither answers nor times out: its timeout does not count an open prompt.
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: () => {} },
    });
    try {
      stubFetch({
        ...common,
        'POST /search/getSearchAnnonces': () => json(searchPage(makeCards(2))),
        'POST /search/getSearchMapPoints': () => json(mapPoints(makeCards(2))),
      });
      const { user } = await renderApp('/search', { user: {} });
      await user.click(await screen.findByRole('button', { name: 'Carte' }));
      // Past the wait the search went on without a position; asking again stays possible.
      await new Promise((resolve) => setTimeout(resolve, POSITION_WAIT_MS + 50));
      expect(screen.getByRole('button', { name: 'Me localiser' })).toBeEnabled();
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });

  it('shows the geocoding failure with its status', async () => {
    stubFetch({
      ...common,
      'POST /search/getSearchAnnonces': () =>
        json(searchPage([makeDiscoveryCard({ address: null })])),
      'POST /search/getSearchMapPoints': () =>
        json(mapPoints([makeDiscoveryCard({ address: null })])),
      'GET /geo/reverse': () => json({ code: 'UNAVAILABLE', messageKey: 'x' }, 503),
    });
    const { user } = await renderApp('/search', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Carte' }));
    await user.click(await screen.findByRole('button', { name: 'Voir la première' }));
    expect(await screen.findByText(/Erreur de géocodage 503/)).toBeInTheDocument();
  });
});
