import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCard } from '@/components/annonce-card/annonce-card.fixtures';
import { json } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/test-utils';
import { stubWizard } from '../testing/annonce-stubs';

describe('my announcements and favourites', () => {
  it('lists online first, then waiting for validation, then drafts, with counts that say what they count', async () => {
    stubWizard({
      'GET /annonce/getMyAnnonce': () =>
        json({
          annoncesDraft: [
            makeCard({ id: 1, title: 'Renault Clio', isMine: true, status: { value: 'DRAFT' } }),
            makeCard({ id: 3, title: 'Fiat Punto', isMine: true, status: { value: 'DRAFT' } }),
            makeCard({ id: 4, title: 'Opel Corsa', isMine: true, status: { value: 'REFUSED' } }),
          ],
          toValidate: [],
          validated: [makeCard({ id: 2, title: 'BMW X4', isMine: true })],
        }),
    });
    await renderApp('/user/myAnnonce', { user: {} });
    const drafts = await screen.findByRole('list', { name: /^Brouillons/ });
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      'En ligne, 1 annonce',
      'En attente de validation, 0 annonce',
      'Brouillons et annonces refusées, 2 brouillons · 1 refusée',
    ]);
    expect(within(drafts).getByText('Renault Clio')).toBeInTheDocument();
    expect(within(drafts).getAllByRole('link', { name: 'Modifier le brouillon' })).toHaveLength(2);
    expect(screen.getByText('Aucune annonce en attente de validation')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'En ligne' })).getByText('BMW X4'),
    ).toBeInTheDocument();
  });

  it('shows placeholder cards while favourites load, then the empty state', async () => {
    let answer: (value: Response) => void = () => {};
    stubWizard({
      'GET /annonce/getMyFavorites': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await renderApp('/user/myFavorites', { user: {} });
    expect(
      await screen.findByRole('status', { name: 'Chargement des favoris' }),
    ).toBeInTheDocument();
    answer(json([]));
    expect(await screen.findByText('Aucun favori pour l’instant')).toBeInTheDocument();
  });

  it('lists favourites with their hearts on', async () => {
    stubWizard({
      'GET /annonce/getMyFavorites': () => json([makeCard({ annonceFavorite: true })]),
    });
    await renderApp('/user/myFavorites', { user: {} });
    expect(await screen.findByRole('button', { name: 'Ajouter aux favoris' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
