import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/test-utils';
import {
  makeCards,
  makeDiscoveryCard,
  searchPage,
  SORT_OBJECTS,
} from '../testing/discovery-fixtures';

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

  it('shows clusters, opens one, and shows the selected listing with its geocoded place', async () => {
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
      'POST /search/getSearchAnnonces': () => json(searchPage([...cards, noAddress])),
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
    const cluster = container.querySelector<HTMLElement>('.discovery-cluster')!;
    expect(cluster).toHaveTextContent('4');
    expect(cluster).toHaveAttribute('title', '4 annonces, agrandir');
    // Opening the cluster zooms past the cluster max zoom: the four theft markers show.
    await user.click(cluster);
    await waitFor(() =>
      expect(container.querySelectorAll('.discovery-marker--theft_location')).toHaveLength(4),
    );
    expect(container.querySelector('.discovery-cluster')).toBeNull();
    // Above zoom 15 the police stations of the view are asked, with their info window.
    await waitFor(() =>
      expect(container.querySelector('.discovery-marker--police')).not.toBeNull(),
    );
    expect(stub.callsTo('POST', '/search/getSearchAnnonces')).toHaveLength(1);
    const bounds = stub.callsTo('GET', '/policeStation/getAllPoliceStationInsideBounds')[0]!.url
      .searchParams;
    expect(Number(bounds.get('neLat'))).toBeGreaterThan(Number(bounds.get('swLat')));
    // A plain click: two pointer sequences in a row read as Leaflet's touch double-tap in jsdom.
    fireEvent.click(container.querySelector<HTMLElement>('.discovery-marker--police')!);
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

    // Geolocation unavailable: the locate button is disabled with its explanation.
    const locate = screen.getByRole('button', { name: 'Me localiser' });
    expect(locate).toBeDisabled();
    expect(locate).toHaveAccessibleDescription(
      'La géolocalisation n’est pas disponible ou a été refusée dans votre navigateur.',
    );

    await user.click(screen.getByRole('button', { name: 'Voir la première' }));
    const selected = await screen.findByRole('region', { name: 'Annonce sélectionnée' });
    expect(within(selected).getByText('1 sur 4')).toBeInTheDocument();
    await user.click(within(selected).getByRole('button', { name: 'Annonce précédente' }));
    expect(within(selected).getByText('4 sur 4')).toBeInTheDocument();
    expect(within(selected).getByText('Vélo sans adresse')).toBeInTheDocument();
    expect(await within(selected).findByText('Toulouse 31000')).toBeInTheDocument();
    expect(stub.callsTo('GET', '/geo/reverse')[0]!.url.searchParams.get('lat')).toBe('43.6');
  });

  it('shows the geocoding failure with its status', async () => {
    stubFetch({
      ...common,
      'POST /search/getSearchAnnonces': () =>
        json(searchPage([makeDiscoveryCard({ address: null })])),
      'GET /geo/reverse': () => json({ code: 'UNAVAILABLE', messageKey: 'x' }, 503),
    });
    const { user } = await renderApp('/search', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Carte' }));
    await user.click(await screen.findByRole('button', { name: 'Voir la première' }));
    expect(await screen.findByText('Erreur de géocodage 503')).toBeInTheDocument();
  });
});
