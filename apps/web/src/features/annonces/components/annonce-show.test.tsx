import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';
import { makeDetail, stubWizard } from '../testing/annonce-stubs';
import { relativeDate, viewsLabelKey } from './annonce-show';
import { shareLink, shareUrls } from './share-dialog';

// Leaflet draws with a real layout engine; the map has its own e2e check.
vi.mock('./annonce-map', () => ({
  default: ({ sighting }: { sighting?: { latitude: number } | null }) => (
    <div data-testid="theft-map" data-sighting={sighting ? String(sighting.latitude) : ''} />
  ),
}));

describe('annonce detail', () => {
  it('shows views as "N vues" above 122, otherwise "nouvelle annonce"', () => {
    expect(viewsLabelKey(122)).toBe('annonceShow.new');
    expect(viewsLabelKey(123)).toBe('annonceShow.views');
  });

  it('writes relative dates in French from the domain, and in English', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(relativeDate('2026-11-22T09:00:00Z', now, 'fr')).toBe('il y a 3 heures');
    expect(relativeDate('2026-11-22T09:00:00Z', now, 'en')).toBe('3 hours ago');
  });

  it('builds the share link and the seven networks', () => {
    const link = shareLink('https://veilleurs.example/', 42);
    expect(link).toBe('https://veilleurs.example/openapp?id=42');
    const urls = shareUrls(link, 'Aidez-moi');
    expect(Object.keys(urls).sort()).toEqual(
      ['email', 'facebook', 'messenger', 'sms', 'telegram', 'twitter', 'whatsapp'].sort(),
    );
    expect(urls.facebook).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fveilleurs.example%2Fopenapp%3Fid%3D42',
    );
    expect(urls.whatsapp).toContain('https://wa.me/?text=');
  });

  it('gives others the favourite and the match, never edit or delete', async () => {
    const stub = stubWizard({
      'GET /annonce/42': () => json(makeDetail({ nbViews: 300 })),
      'POST /annonce/updateFavoris': () => json({ annonceFavorite: true }),
    });
    const { user } = await renderApp('/annonce/show/42', { user: {} });
    expect(await screen.findByRole('heading', { name: 'Peugeot 208' })).toBeInTheDocument();
    expect(screen.getByText('300 vues')).toBeInTheDocument();
    expect(screen.getByText('il y a 3 heures')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Modifier' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Je l’ai vu : le signaler/ })).toHaveAttribute(
      'href',
      '#/match/verifyMatch?annonceId=42',
    );
    // Gallery: 3 tiles, the last one says how many more.
    const gallery = screen.getByRole('list', { name: 'Photos du véhicule' });
    expect(within(gallery).getAllByRole('listitem')).toHaveLength(3);
    expect(within(gallery).getByText('+2')).toBeInTheDocument();
    // Each tile in its WebP sizes, its box sized before it loads; the first (the page's largest
    // paint) at once, the others lazily.
    const tiles = [...gallery.querySelectorAll('picture')];
    expect(tiles).toHaveLength(3);
    expect(tiles.map((tile) => tile.querySelector('img')?.getAttribute('loading'))).toEqual([
      'eager',
      'lazy',
      'lazy',
    ]);
    const firstTile = tiles[0]!;
    expect(firstTile.querySelector('source')).toHaveAttribute(
      'srcset',
      'http://localhost/files/1/small 480w, http://localhost/files/1/large 1280w',
    );
    expect(firstTile.querySelector('source')).toHaveAttribute(
      'sizes',
      '(min-width: 768px) 33vw, 100vw',
    );
    expect(firstTile.querySelector('img')).toHaveAttribute('width', '1600');
    expect(firstTile.querySelector('img')).toHaveAttribute('height', '1200');
    await user.click(within(gallery).getByRole('button', { name: 'Voir les 2 autres photos' }));
    const lightbox = await screen.findByRole('dialog', { name: 'Photo 3 sur 5' });
    // Full screen: the original JPEG as fallback, the WebP sizes for the screen's width.
    const shown = within(lightbox).getByRole('img', { name: 'Photo 3 sur 5' });
    const [webp, jpeg] = shown.parentElement!.querySelectorAll('source');
    expect(jpeg).toHaveAttribute('srcset', 'http://localhost/files/3');
    expect(webp).toHaveAttribute('sizes', '100vw');
    await user.click(within(lightbox).getByRole('button', { name: 'Photo suivante' }));
    expect(await screen.findByRole('dialog', { name: 'Photo 4 sur 5' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Ajouter aux favoris' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Ajouter aux favoris' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(stub.callsTo('POST', '/annonce/updateFavoris')).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Positions' }));
    expect(await screen.findByTestId('theft-map')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Partager' }));
    const share = await screen.findByRole('dialog', { name: 'Partager l’annonce' });
    expect(within(share).getByRole('textbox', { name: 'Lien de l’annonce' })).toHaveValue(
      'http://localhost:3000/openapp?id=42',
    );
    expect(within(share).getAllByRole('link')).toHaveLength(7);
  });

  it('shows the owner where the vehicle was last seen', async () => {
    const base = makeDetail({ isMine: true, status: { value: 'VALIDATED' } });
    stubWizard({
      'GET /annonce/42': () =>
        json({
          ...base,
          vehicle: {
            ...base.vehicle,
            positions: {
              lastConfirmedPositionForInvalidMatch: {
                id: 3,
                type: 'MATCH_REPORT',
                latitude: 43.61,
                longitude: 1.45,
                date: new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString(),
                address: 'Rue Bayard, Toulouse',
              },
              lastTrackerPosition: null,
            },
          },
        }),
    });
    const { user } = await renderApp('/annonce/show/42', { user: {} });
    await user.click(await screen.findByRole('tab', { name: 'Positions' }));
    expect(await screen.findByTestId('theft-map')).toHaveAttribute('data-sighting', '43.61');
    expect(screen.getByTestId('last-sighting')).toHaveTextContent(
      'Dernier signalement du véhicule il y a 2 jours (point rouge, visible par vous seul) — Rue Bayard, Toulouse',
    );
  });

  it('says "nouvelle annonce" under 123 views', async () => {
    stubWizard({ 'GET /annonce/42': () => json(makeDetail({ nbViews: 122 })) });
    await renderApp('/annonce/show/42', { user: {} });
    const label = await screen.findByText('Nouvelle annonce');
    // Not an eye (it read as an action to open): the eye goes with a number of views.
    expect(label.querySelector('svg.lucide-eye')).toBeNull();
    expect(label.querySelector('svg.lucide-sparkles')).not.toBeNull();
  });

  it('lets the owner delete a draft directly', async () => {
    const stub = stubWizard({
      'GET /annonce/42': () =>
        json(makeDetail({ isMine: true, status: { value: 'DRAFT' }, canEdit: true })),
      'DELETE /annonce/deleteForUser/42': () => json(true),
      'GET /annonce/getMyAnnonce': () => json({ annoncesDraft: [], toValidate: [], validated: [] }),
    });
    const { user } = await renderApp('/annonce/show/42', { user: {} });
    await screen.findByText('Brouillon : pas encore publié.');
    expect(screen.getByRole('link', { name: 'Modifier' })).toHaveAttribute(
      'href',
      '#/annonce/create?annonceId=42',
    );
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer l’annonce ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Annonce supprimée.')).toBeInTheDocument();
    expect(stub.callsTo('DELETE', '/annonce/deleteForUser/42')).toHaveLength(1);
    await waitFor(() => expect(currentRoute()).toBe('/user/myAnnonce'));
  });

  it('asks for the deletion of a published one, then says it was already asked', async () => {
    const stub = stubWizard({
      'GET /annonce/42': () => json(makeDetail({ isMine: true, status: { value: 'VALIDATED' } })),
      'DELETE /annonce/askToDeleteAnnonceGrandPublic/42': () =>
        json({ askedToBeDeleted: true, alreadyAsked: true }),
    });
    const { user } = await renderApp('/annonce/show/42', { user: {} });
    await screen.findByText('Annonce en ligne.');
    // VALIDATED: no edit.
    expect(screen.queryByRole('link', { name: 'Modifier' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer l’annonce ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Demander la suppression' }));
    expect(
      await screen.findByRole('dialog', { name: 'Suppression déjà demandée' }),
    ).toBeInTheDocument();
    expect(stub.callsTo('DELETE', '/annonce/askToDeleteAnnonceGrandPublic/42')).toHaveLength(1);
  });

  it('opens the already-asked modal without calling when deletion was asked', async () => {
    const stub = stubWizard({
      'GET /annonce/42': () =>
        json(
          makeDetail({ isMine: true, status: { value: 'TO_VALIDATE' }, askedToBeDeleted: true }),
        ),
    });
    const { user } = await renderApp('/annonce/show/42', { user: {} });
    await screen.findByText(/Validation en cours par notre équipe/);
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    expect(
      await screen.findByRole('dialog', { name: 'Suppression déjà demandée' }),
    ).toBeInTheDocument();
    expect(stub.callsTo('DELETE', '/annonce/askToDeleteAnnonceGrandPublic/42')).toHaveLength(0);
  });

  it('shows the refusal reasons to the owner', async () => {
    stubWizard({
      'GET /annonce/42': () =>
        json(
          makeDetail({
            isMine: true,
            status: { value: 'REFUSED' },
            canEdit: true,
            commentaire: 'Photo floue',
            reasonRefused: {
              identityValidated: true,
              carteGriseValidated: true,
              plainteValidated: false,
              detailsValidated: true,
              photosValidated: false,
              commentaire: 'Photo floue',
            },
          }),
        ),
    });
    const { user } = await renderApp('/annonce/show/42', { user: {} });
    expect(await screen.findByRole('link', { name: 'Modifier' })).toHaveAttribute(
      'href',
      '#/annonce/edit/42',
    );
    await user.click(await screen.findByRole('button', { name: 'Voir les raisons' }));
    const dialog = await screen.findByRole('dialog', { name: 'Raisons du refus' });
    expect(within(dialog).getByText('Dépôt de plainte')).toBeInTheDocument();
    expect(within(dialog).getByText('Photos')).toBeInTheDocument();
    expect(within(dialog).getByText('Photo floue')).toBeInTheDocument();
  });

  it('says when the announcement cannot be seen', async () => {
    stubWizard({ 'GET /annonce/42': () => apiError(404, 'NOT_FOUND', 'resource.not.found') });
    await renderApp('/annonce/show/42', { user: {} });
    expect(await screen.findByText(/n’existe pas ou n’est plus visible/)).toBeInTheDocument();
  });
});
