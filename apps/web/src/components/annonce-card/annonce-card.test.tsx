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

  it('shows the photo thumbnail and the boost while it lasts', () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const { container } = renderCard(
      makeCard({
        boostEndDate: future,
        vehicleFiles: [
          { id: 1, fileUrl: 'http://x/files/1', thumbnailUrl: 'http://x/files/1/thumbnail' },
        ],
      }),
    );
    expect(screen.getByText('Boostée')).toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('src', 'http://x/files/1/thumbnail');
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
