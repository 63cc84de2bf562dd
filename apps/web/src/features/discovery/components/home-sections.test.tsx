import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiscoveryCard } from '@app/domain';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/test-utils';
import { makeCards, makeGroup } from '../testing/discovery-fixtures';
import { DRAG_SCROLL_FACTOR } from './drag-scroll-row';
import { fireEvent } from '@testing-library/react';
import { stubIntersectionObserver } from '@/testing/intersection-observer-stub';
import { CARDS_BEFORE_USE } from '../lib/home-rows';

/** Cards whose first photo has its WebP sizes, as the server sends them. */
function cardsWithPhotos(count: number, firstId: number): DiscoveryCard[] {
  return makeCards(count, firstId).map((card) => ({
    ...card,
    vehicleFiles: [
      {
        id: card.id,
        fileUrl: `http://x/files/${card.id}`,
        thumbnailUrl: `http://x/files/${card.id}/thumbnail`,
        width: 1200,
        height: 800,
        sources: [
          { url: `http://x/files/${card.id}/small`, type: 'image/webp' as const, width: 480 },
        ],
      },
    ],
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Home', { timeout: 20_000 }, () => {
  it('shows placeholders while loading, then each section with its title and cards', async () => {
    let answer: (value: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const stub = stubFetch({ 'POST /home/getHomeData': () => pending });
    await renderApp('/', { user: {} });
    expect(
      await screen.findByRole('status', { name: 'Chargement des annonces' }),
    ).toBeInTheDocument();
    answer(
      json([
        makeGroup({
          annonceType: 'CLOSE_ANNONCES',
          title: 'home.group.closeAnnonces',
          annonces: makeCards(2),
        }),
        makeGroup({ annonces: makeCards(3, 10) }),
        makeGroup({
          annonceType: 'SAVED_SEARCH_ANNONCES',
          title: 'Mes Peugeot',
          isI18n: false,
          savedSearchId: 5,
          savedSearchDescription: 'Peugeot · Rouge',
          annonces: [],
        }),
        makeGroup({
          annonceType: 'VEHICLE_ANNONCES',
          title: 'Moto',
          isI18n: false,
          vehicleTypeId: 2,
          annonces: makeCards(1, 20),
        }),
        makeGroup({ annonceType: 'TOP_ANNONCES', title: 'home.group.topAnnonces', annonces: [] }),
      ]),
    );
    const close = await screen.findByRole('region', { name: 'Près de chez vous' });
    expect(within(close).getAllByRole('article')).toHaveLength(2);
    // No "see everything" for the close section (docs/product/discovery.md §2).
    expect(within(close).queryByRole('link', { name: /Tout voir/ })).not.toBeInTheDocument();

    const last = screen.getByRole('region', { name: 'Dernières annonces' });
    expect(within(last).getAllByRole('article')).toHaveLength(3);
    expect(
      within(last).getByRole('link', { name: 'Tout voir : Dernières annonces' }),
    ).toHaveAttribute('href', '#/search?annonceType=LAST_ANNONCES');

    const saved = screen.getByRole('region', { name: 'Mes Peugeot' });
    expect(within(saved).getByText('Peugeot · Rouge')).toBeInTheDocument();
    expect(within(saved).getByText('Aucune annonce pour cette alerte')).toBeInTheDocument();
    expect(within(saved).getByRole('link', { name: 'Tout voir : Mes Peugeot' })).toHaveAttribute(
      'href',
      '#/search?annonceType=SAVED_SEARCH_ANNONCES&savedSearchId=5&savedSearchName=Mes+Peugeot',
    );
    expect(
      within(screen.getByRole('region', { name: 'Moto' })).getByRole('link', { name: /Tout voir/ }),
    ).toHaveAttribute('href', '#/search?annonceType=VEHICLE_ANNONCES&vehicleTypeId=2');
    const top = screen.getByRole('region', { name: 'Top annonces' });
    expect(within(top).getByRole('link', { name: /Tout voir/ })).toHaveAttribute(
      'href',
      '#/topAnnonces',
    );
    expect(within(top).getByText('Aucune annonce à la une pour le moment')).toBeInTheDocument();
    // Without geolocation the home is asked without a position (docs/product/discovery.md §4).
    expect(stub.callsTo('POST', '/home/getHomeData')[0]!.form.get('latitude')).toBeNull();
  });

  it('sends the position when the browser gives it', async () => {
    const stub = stubFetch({ 'POST /home/getHomeData': () => json([]) });
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 43.6, longitude: 1.44 } } as GeolocationPosition),
      },
    });
    try {
      await renderApp('/', { user: {} });
      expect(
        await screen.findByText('Aucune annonce à afficher pour le moment'),
      ).toBeInTheDocument();
      const form = stub.callsTo('POST', '/home/getHomeData')[0]!.form;
      expect([form.get('latitude'), form.get('longitude')]).toEqual(['43.6', '1.44']);
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });

  it('shows the empty text when the home data fails (ignored silently)', async () => {
    stubFetch({ 'POST /home/getHomeData': () => json({ code: 'X', messageKey: 'x' }, 500) });
    await renderApp('/', { user: {} });
    expect(await screen.findByText('Aucune annonce à afficher pour le moment')).toBeInTheDocument();
    expect(screen.queryByText('Une erreur s’est produite.')).not.toBeInTheDocument();
  });

  it('scrolls a row three times the mouse drag and keeps it keyboard-focusable', async () => {
    stubFetch({ 'POST /home/getHomeData': () => json([makeGroup({ annonces: makeCards(6) })]) });
    await renderApp('/', { user: {} });
    const row = await screen.findByRole('list', { name: 'Dernières annonces' });
    expect(row).toHaveAttribute('tabindex', '0');
    row.scrollLeft = 300;
    fireEvent.pointerDown(row, { pointerType: 'mouse', button: 0, clientX: 200 });
    fireEvent.pointerMove(row, { pointerType: 'mouse', clientX: 150 });
    expect(row.scrollLeft).toBe(300 + 50 * DRAG_SCROLL_FACTOR);
    fireEvent.pointerUp(row, { pointerType: 'mouse' });
  });

  it('fetches first the first photo of the first row, even when its first card has none', async () => {
    const [withoutPhoto, ...withPhotos] = cardsWithPhotos(4, 1);
    stubFetch({
      'POST /home/getHomeData': () =>
        json([makeGroup({ annonces: [{ ...withoutPhoto!, vehicleFiles: [] }, ...withPhotos] })]),
    });
    const { container } = await renderApp('/', { user: {} });
    await screen.findByRole('list', { name: 'Dernières annonces' });
    const images = [...container.querySelectorAll('picture > img')];
    expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual([
      'high',
      ...Array.from({ length: images.length - 1 }, () => null),
    ]);
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]?.parentElement?.querySelector('source')?.getAttribute('srcset')).toContain(
      '/files/2/',
    );
  });

  it('draws the first rows with the page and a far row when the user comes near it, three cards a row until it is used', async () => {
    const observer = stubIntersectionObserver();
    stubFetch({
      'POST /home/getHomeData': () =>
        json([
          makeGroup({ annonces: cardsWithPhotos(12, 1) }),
          makeGroup({ title: 'Moto', isI18n: false, annonces: cardsWithPhotos(12, 100) }),
          makeGroup({ title: 'Vélo', isI18n: false, annonces: cardsWithPhotos(12, 200) }),
        ]),
    });
    const { container } = await renderApp('/', { user: {} });
    const first = await screen.findByRole('list', { name: 'Dernières annonces' });
    expect(within(first).getAllByRole('article')).toHaveLength(CARDS_BEFORE_USE);
    expect(within(screen.getByRole('list', { name: 'Moto' })).getAllByRole('article')).toHaveLength(
      CARDS_BEFORE_USE,
    );

    // Only the first card's photo is fetched at once, first; every other one waits for the screen.
    const images = [...container.querySelectorAll('picture > img')];
    expect(images.map((image) => image.getAttribute('loading'))).toEqual([
      'eager',
      ...Array.from({ length: 2 * CARDS_BEFORE_USE - 1 }, () => 'lazy'),
    ]);
    expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual([
      'high',
      ...Array.from({ length: 2 * CARDS_BEFORE_USE - 1 }, () => null),
    ]);
    for (const image of images) {
      expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['1200', '800']);
    }

    // The third row: its title at once, its cards once the user scrolls near it. The rows drawn
    // with the page are not watched (watching them would only draw them a second time).
    const far = screen.getByRole('region', { name: 'Vélo' });
    // Watched from an effect of the row, once it is drawn: a loaded machine may not be there yet.
    await waitFor(() => expect(observer.watched()).toEqual([far]));
    expect(within(far).queryByRole('article')).not.toBeInTheDocument();
    expect(within(far).getByTestId('home-row-placeholder')).toBeInTheDocument();
    act(() => observer.report(far, { isIntersecting: true }));
    expect(within(screen.getByRole('list', { name: 'Vélo' })).getAllByRole('article')).toHaveLength(
      CARDS_BEFORE_USE,
    );

    // Scrolling a row draws its other cards.
    fireEvent.scroll(first);
    expect(within(first).getAllByRole('article')).toHaveLength(12);
  });
});
