import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { makeCard } from '@/components/annonce-card/annonce-card.fixtures';
import { apiError, json } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';
import { makeDetail, multipartsTo, stubWizard } from '../../testing/annonce-stubs';

const basketEntry = {
  id: 9,
  title: 'Peugeot 208',
  identifiers: 'AB-123-CD',
  isLicensed: true,
  additionalRewardAmount: 0,
  isComplete: true,
  isFast: true,
};

function storeWizard(step: string, basket = [basketEntry]) {
  window.sessionStorage.setItem(
    'veilleurs.annonceWizard',
    JSON.stringify({
      version: 1,
      annonceId: 9,
      isFast: true,
      mode: 'create',
      status: 'DRAFT',
      step,
      minStep: 0,
      fields: {},
      files: { photos: [] },
      basket,
      dirty: true,
    }),
  );
}

describe('annonce wizard, basket and leaving', { timeout: 30_000 }, () => {
  beforeEach(() => window.sessionStorage.clear());

  it('adds a draft ready to publish through the full-screen picker', async () => {
    stubWizard({
      'GET /annonce/getMyDraftAnnonceReadyToPublish': () =>
        json([
          makeCard({ id: 9, title: 'Peugeot 208', isMine: true, status: { value: 'DRAFT' } }),
          makeCard({
            id: 11,
            title: 'Decathlon Riverside',
            isMine: true,
            status: { value: 'DRAFT' },
            licensePlate: null,
            bicycode: 'BC1234567890',
            vehicleType: null,
            address: '3 place du Capitole, 31000 Toulouse',
          }),
        ]),
    });
    storeWizard('RECAP');
    const { user } = await renderApp('/annonce/create', { user: {} });
    // The one already in the basket is not offered again.
    await user.click(await screen.findByRole('button', { name: 'Ajouter un brouillon (1)' }));
    const picker = await screen.findByRole('dialog', { name: 'Brouillons prêts à publier' });
    expect(within(picker).queryByText('Peugeot 208')).not.toBeInTheDocument();
    expect(within(picker).getByText('3 place du Capitole, 31000 Toulouse')).toBeInTheDocument();
    await user.click(within(picker).getByRole('button', { name: /Decathlon Riverside/ }));
    const basket = screen.getByRole('list', { name: 'Annonces à publier' });
    expect(within(basket).getByText('Decathlon Riverside')).toBeInTheDocument();
    expect(within(basket).getByText('BC1234567890')).toBeInTheDocument();

    // Nothing left to add: no button that would open an empty list.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Ajouter un brouillon/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retirer Peugeot 208' }));
    expect(within(basket).queryByText('Peugeot 208')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByTestId('payment-total')).toHaveTextContent(/650\s€/);
  });

  it('shows a refused custom brand name under the field', async () => {
    const stub = stubWizard({
      'POST /brand/createCustomBrand': () =>
        apiError(403, 'NAME_ALREADY_USED', 'name.already.used.error', 'name'),
    });
    storeWizard('BRAND', []);
    window.sessionStorage.setItem(
      'veilleurs.annonceWizard',
      window.sessionStorage
        .getItem('veilleurs.annonceWizard')!
        .replace(
          '"fields":{}',
          `"fields":${JSON.stringify({ vehicleType: { id: 1, code: 'CAR', name: 'Voiture', isLicensed: true, hasVIN: true, hasBicycode: false, hasSerialNumber: false, hasWindowEngraving: true }, brand: null })}`,
        ),
    );
    const { user } = await renderApp('/annonce/create', { user: {} });
    await user.type(
      await screen.findByRole('searchbox', { name: 'Rechercher une marque' }),
      'Peugeot',
    );
    await user.click(screen.getByRole('button', { name: 'Ma marque n’est pas dans la liste' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une marque' });
    expect(within(dialog).getByLabelText('Nom')).toHaveValue('Peugeot');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText('Ce nom est déjà utilisé.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nom')).toHaveAccessibleDescription(
      'Ce nom est déjà utilisé.',
    );
    // Submitting the modal is not the wizard's Next.
    expect(stub.callsTo('POST', '/annonce/checkStepBeforeSave')).toHaveLength(0);
  });

  it('warns on a route change and on page unload while changes are unsaved', async () => {
    stubWizard();
    storeWizard('RECAP');
    await renderApp('/annonce/create', { user: {} });
    await screen.findByRole('heading', { name: 'Récapitulatif' });
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    const { user } = { user: userEvent.setup() };
    await user.click(screen.getByRole('link', { name: i18n.t('nav.homeLink') }));
    const leave = await screen.findByRole('dialog', { name: 'Quitter la création ?' });
    await user.click(within(leave).getByRole('button', { name: 'Quitter' }));
    await waitFor(() => expect(currentRoute()).toBe('/'));
  });
  it('asks for the 24-hour reminder of an incomplete one, or turns it into a complete one', async () => {
    const draft = makeDetail({
      id: 9,
      isMine: true,
      status: { value: 'DRAFT' },
      isFastAnnonce: true,
      isComplete: false,
      canEdit: true,
      isProprio: true,
      ownerAttestation: true,
      stepCreation: { isFastAnnonce: true, creationStep: { step: 5 } },
      resume: { step: 4, minStep: 0, maxStep: 7, mode: 'create' },
    });
    const stub = stubWizard({
      'GET /annonce/9': () => json(draft),
      'POST /annonce/saveAnnonceGrandPublic': () => json({ id: 9 }),
      'POST /annonce/publishAnnonceGP': () => json(true),
    });
    storeWizard('PAYMENT_SUMMARY', [{ ...basketEntry, isComplete: false }]);
    const { user, unmount } = await renderApp('/annonce/create', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Publier' }));
    let incomplete = await screen.findByRole('dialog', { name: 'Annonce incomplète' });
    expect(within(incomplete).getByRole('checkbox', { name: /Me rappeler/ })).toBeChecked();
    await user.click(within(incomplete).getByRole('button', { name: 'Publier' }));
    const promise = await screen.findByRole('dialog', { name: 'Engagement de paiement' });
    const reminder = multipartsTo(stub, '/annonce/saveAnnonceGrandPublic')[0]!;
    expect(reminder.get('needsReminderNotification')).toBe('true');
    expect(reminder.get('annonceId')).toBe('9');
    expect(reminder.get('imagesVehicleIds')).toBe('1,2,3,4,5');
    await user.click(within(promise).getByRole('button', { name: 'Annuler' }));
    unmount();

    // "Complete" reopens it as a complete announcement at the additional fields.
    window.sessionStorage.clear();
    storeWizard('PAYMENT_SUMMARY', [{ ...basketEntry, isComplete: false }]);
    const second = await renderApp('/annonce/create', { user: {} });
    await second.user.click(await screen.findByRole('button', { name: 'Publier' }));
    incomplete = await screen.findByRole('dialog', { name: 'Annonce incomplète' });
    await second.user.click(within(incomplete).getByRole('button', { name: 'Compléter' }));
    await screen.findByRole('heading', { name: 'Informations complémentaires' });
    expect(screen.getByTestId('step-counter')).toHaveTextContent('Étape 5 / 10');
  });
});
