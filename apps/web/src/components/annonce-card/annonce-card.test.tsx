import type { AnnonceCard as AnnonceCardData } from '@app/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { signIn } from '@/testing/test-utils';
import { AnnonceCard, AnnonceCardGrid, AnnonceCardGridLoading } from './annonce-card';
import { makeCard } from './annonce-card.fixtures';

function renderCard(annonce: AnnonceCardData) {
  signIn();
  return render(
    <AppProvider queryClient={createQueryClient({ queries: { retry: false } })}>
      <MemoryRouter>
        <AnnonceCardGrid>
          <li>
            <AnnonceCard annonce={annonce} />
          </li>
        </AnnonceCardGrid>
      </MemoryRouter>
    </AppProvider>,
  );
}

describe('AnnonceCard', () => {
  it('shows the name, stars, masked plate, place and links to the detail page', () => {
    renderCard(makeCard());
    expect(screen.getByRole('link', { name: 'Peugeot 208' })).toHaveAttribute(
      'href',
      '/annonce/show/7',
    );
    expect(screen.getByRole('img', { name: /2 étoile/ })).toBeInTheDocument();
    expect(screen.getByText('AB-123-**')).toBeInTheDocument();
    expect(screen.getByText('Lyon (69)')).toBeInTheDocument();
    expect(screen.queryByText('Boostée')).not.toBeInTheDocument();
  });

  it('says "Non renseigné" without identifier and masks a clear one', () => {
    const { unmount } = renderCard(makeCard({ licensePlate: null }));
    expect(screen.getByText('Non renseigné')).toBeInTheDocument();
    unmount();
    renderCard(makeCard({ licensePlate: null, bicycode: 'BC12345678' }));
    expect(screen.getByText('BC123456**')).toBeInTheDocument();
  });

  it('shows the photo in the size of a card, lazily, its box sized before it loads, and the boost while it lasts', () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const { container } = renderCard(
      makeCard({
        boostEndDate: future,
        vehicleFiles: [
          {
            id: 1,
            fileUrl: 'http://x/files/1',
            thumbnailUrl: 'http://x/files/1/thumbnail',
            width: 1600,
            height: 1200,
            sources: [
              { url: 'http://x/files/1/small', type: 'image/webp', width: 480 },
              { url: 'http://x/files/1/large', type: 'image/webp', width: 1280 },
            ],
          },
        ],
      }),
    );
    expect(screen.getByText('Boostée')).toBeInTheDocument();
    const image = container.querySelector('picture > img');
    // The JPEG is the last source, never the image's own src: fetched by the lone image before
    // React puts it in its picture, it was a second download of the photo.
    expect(image).not.toHaveAttribute('src');
    const [webp, jpeg] = container.querySelectorAll('picture > source');
    expect(jpeg).toHaveAttribute('srcset', 'http://x/files/1/thumbnail');
    expect(jpeg).not.toHaveAttribute('type');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '1600');
    expect(image).toHaveAttribute('height', '1200');
    expect(webp).toHaveAttribute('type', 'image/webp');
    expect(webp).toHaveAttribute(
      'srcset',
      'http://x/files/1/small 480w, http://x/files/1/large 1280w',
    );
    expect(webp).toHaveAttribute(
      'sizes',
      '(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw',
    );
  });

  it('loads the photo of a first card at once, and a photo without sizes as its thumbnail alone', () => {
    signIn();
    const { container } = render(
      <AppProvider queryClient={createQueryClient({ queries: { retry: false } })}>
        <MemoryRouter>
          <AnnonceCardGrid>
            <li>
              <AnnonceCard
                priority
                annonce={makeCard({
                  vehicleFiles: [
                    {
                      id: 2,
                      fileUrl: 'http://x/files/2',
                      thumbnailUrl: 'http://x/files/2/thumbnail',
                      width: null,
                      height: null,
                      sources: [],
                    },
                  ],
                })}
              />
            </li>
          </AnnonceCardGrid>
        </MemoryRouter>
      </AppProvider>,
    );
    expect(container.querySelector('picture')).toBeNull();
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('src', 'http://x/files/2/thumbnail');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).not.toHaveAttribute('width');
  });

  it('hides an expired boost', () => {
    renderCard(makeCard({ boostEndDate: '2020-01-01T00:00:00.000Z' }));
    expect(screen.queryByText('Boostée')).not.toBeInTheDocument();
  });

  it('shows the owner status lines', () => {
    const draft = renderCard(makeCard({ isMine: true, status: { value: 'DRAFT' } }));
    expect(screen.getByRole('link', { name: 'Modifier le brouillon' })).toHaveAttribute(
      'href',
      '/annonce/create?annonceId=7',
    );
    expect(screen.queryByRole('button', { name: 'Ajouter aux favoris' })).not.toBeInTheDocument();
    draft.unmount();
    const asked = renderCard(
      makeCard({ isMine: true, status: { value: 'DRAFT' }, askedToBeDeleted: true }),
    );
    expect(screen.queryByRole('link', { name: 'Modifier le brouillon' })).not.toBeInTheDocument();
    asked.unmount();
    const refused = renderCard(
      makeCard({ isMine: true, status: { value: 'REFUSED' }, commentaire: 'Photo floue' }),
    );
    expect(screen.getByText('Refusée : Photo floue')).toHaveClass('text-red-700');
    refused.unmount();
    renderCard(makeCard({ isMine: true, status: { value: 'TO_VALIDATE' } }));
    expect(screen.getByText('Validation en cours')).toBeInTheDocument();
  });

  it('toggles the favourite at once and keeps the server answer', async () => {
    const fetch = stubFetch({
      'POST /annonce/updateFavoris': () => ({ body: { annonceFavorite: true } }),
    });
    renderCard(makeCard());
    const heart = screen.getByRole('button', { name: 'Ajouter aux favoris' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(fetch.callsTo('POST', '/annonce/updateFavoris')[0]?.form.get('annonceId')).toBe('7');
  });

  it('puts the heart back when the server refuses', async () => {
    stubFetch({
      'POST /annonce/updateFavoris': () => apiError(404, 'NOT_FOUND', 'resource.not.found'),
    });
    renderCard(makeCard({ annonceFavorite: true }));
    const heart = screen.getByRole('button', { name: 'Ajouter aux favoris' });
    await userEvent.click(heart);
    await waitFor(() => expect(heart).not.toBeDisabled());
    expect(heart).toHaveAttribute('aria-pressed', 'true');
  });

  it('has a loading variant', () => {
    render(
      <AppProvider>
        <AnnonceCardGridLoading count={2} label="Chargement" />
      </AppProvider>,
    );
    expect(screen.getByRole('status', { name: 'Chargement' })).toBeInTheDocument();
    expect(screen.getAllByTestId('annonce-card-skeleton')).toHaveLength(2);
  });
});
