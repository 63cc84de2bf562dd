import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';
import { multipartsTo, stubWizard } from '../../testing/annonce-stubs';

const counter = () => screen.getByTestId('step-counter');
const next = () => screen.getByRole('button', { name: 'Suivant' });

async function chooseFastCar(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.click(await screen.findByRole('button', { name: /Annonce rapide/ }));
  await user.click(next());
  expect(counter()).toHaveTextContent('Étape 1 / 7');
  await user.click(await screen.findByRole('button', { name: 'Voiture' }));
  await user.click(next());
  await screen.findByRole('heading', { name: 'Marque' });
  // The brands come after the step's heading (their list is asked when the step opens).
  await screen.findByRole('button', { name: 'Peugeot' });
}

async function fillMandatory(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.type(screen.getByLabelText('Plaque d’immatriculation'), 'ab 123 cd');
  await user.type(screen.getByLabelText('Confirmez la plaque'), 'AB123CD');
  await user.selectOptions(screen.getByLabelText('Couleur'), 'BLACK');
  await user.selectOptions(screen.getByLabelText('Énergie'), 'DIESEL');
  await user.type(screen.getByLabelText('Numéro et rue'), '12 rue des Lilas');
  await user.type(screen.getByLabelText('Ville'), 'toul');
  await user.click(await screen.findByRole('button', { name: 'Toulouse (31000)' }));
  await user.click(screen.getByRole('radio', { name: 'Oui' }));
  await user.click(screen.getByRole('checkbox', { name: /J’atteste/ }));
}

describe('annonce wizard', { timeout: 30_000 }, () => {
  beforeEach(() => window.sessionStorage.clear());

  it('walks the fast flow from onboarding to the success modal', async () => {
    let saved = 0;
    const stub = stubWizard({
      'POST /annonce/checkStepBeforeSave': () => json({ id: 77 + 0 * (saved += 1) }),
      'POST /annonce/saveAnnonceGrandPublic': () => json({ id: 77 }),
      'POST /annonce/publishAnnonceGP': () => json(true),
      'GET /annonce/getMyAnnonce': () => json({ annoncesDraft: [], toValidate: [], validated: [] }),
    });
    const { user } = await renderApp('/annonce/create', { user: {} });
    expect(counter()).toHaveTextContent('Avant de commencer');
    expect(screen.queryByRole('button', { name: 'Précédent' })).not.toBeInTheDocument();

    // Next without a choice says what is missing.
    await user.click(next());
    expect(screen.getByRole('alert')).toHaveTextContent('Choisissez le type d’annonce.');
    await chooseFastCar(user);
    expect(counter()).toHaveTextContent('Étape 2 / 7');
    // The type step was checked and saved as a draft at step 1, with the saved mark.
    const first = multipartsTo(stub, '/annonce/checkStepBeforeSave')[0]!;
    expect(first.get('currentStep')).toBe('1');
    expect(first.get('isFastAnnonce')).toBe('true');
    expect(JSON.parse(String(first.get('annonce')))).toMatchObject({ vehicleType: 1 });
    expect(screen.getByText('Enregistré')).toBeInTheDocument();

    // Brand: case-insensitive filter, re-click deselects.
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher une marque' }), 'PEU');
    expect(screen.queryByRole('button', { name: 'Renault' })).not.toBeInTheDocument();
    const peugeot = screen.getByRole('button', { name: 'Peugeot' });
    await user.click(peugeot);
    expect(peugeot).toHaveAttribute('aria-pressed', 'true');
    await user.click(peugeot);
    expect(peugeot).toHaveAttribute('aria-pressed', 'false');
    await user.click(next());
    expect(screen.getByText('Ce champ est obligatoire.')).toBeInTheDocument();
    await user.click(peugeot);
    await user.click(next());

    await user.click(await screen.findByRole('button', { name: '208' }));
    await user.click(next());
    await screen.findByRole('heading', { name: 'Informations obligatoires' });
    expect(counter()).toHaveTextContent('Étape 4 / 7');

    // The domain rules speak before anything is sent.
    await user.type(screen.getByLabelText('Plaque d’immatriculation'), 'OO-123-AA');
    await user.click(next());
    expect(screen.getByLabelText('Plaque d’immatriculation')).toHaveAccessibleDescription(
      /Plaque invalide/,
    );
    expect(screen.getByLabelText('Couleur')).toHaveAccessibleDescription(
      'Ce champ est obligatoire.',
    );
    expect(screen.getByText('Cochez l’attestation pour continuer.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Plaque d’immatriculation'));
    // The problem goes as soon as its field changes.
    expect(screen.getByLabelText('Plaque d’immatriculation')).not.toHaveAccessibleDescription(
      /Plaque invalide/,
    );
    await fillMandatory(user);
    await user.click(next());

    await screen.findByRole('heading', { name: 'Récompense additionnelle' });
    expect(counter()).toHaveTextContent('Étape 5 / 7');
    const mandatory = multipartsTo(stub, '/annonce/checkStepBeforeSave').at(-1)!;
    expect(mandatory.get('annonceId')).toBe('77');
    expect(JSON.parse(String(mandatory.get('annonce')))).toMatchObject({
      licensePlate: 'AB-123-CD',
      color: 'BLACK',
      isProprio: true,
      ownerAttestation: true,
      address: { address: '12 rue des Lilas, 31000 Toulouse', departement: '31' },
    });
    const level2 = screen.getByRole('button', { name: /2 étoile/ });
    await user.click(level2);
    expect(level2).toHaveAttribute('aria-pressed', 'true');
    await user.click(next());

    await screen.findByRole('heading', { name: 'Récapitulatif' });
    const basket = screen.getByRole('list', { name: 'Annonces à publier' });
    expect(within(basket).getByText('Peugeot 208')).toBeInTheDocument();
    expect(within(basket).getByText('AB-123-CD')).toBeInTheDocument();
    const rewardSave = multipartsTo(stub, '/annonce/saveAnnonceGrandPublic').at(-1)!;
    expect(rewardSave.get('additionnalRewardLevel')).toBe('2');
    await user.click(next());

    expect(counter()).toHaveTextContent('Étape 7 / 7');
    expect(screen.getByTestId('payment-total')).toHaveTextContent(/800\s€/);
    await user.click(screen.getByRole('button', { name: 'Publier' }));

    // Fast announcements lack their papers: the incomplete modal first.
    const incomplete = await screen.findByRole('dialog', { name: 'Annonce incomplète' });
    await user.click(within(incomplete).getByRole('checkbox'));
    await user.click(within(incomplete).getByRole('button', { name: 'Publier' }));
    const promise = await screen.findByRole('dialog', { name: 'Engagement de paiement' });
    const confirm = within(promise).getByRole('button', { name: 'Confirmer et publier' });
    expect(confirm).toBeDisabled();
    await user.click(within(promise).getByRole('checkbox'));
    await user.click(confirm);

    const success = await screen.findByRole('dialog', {
      name: 'Votre annonce est publiée, à compléter sous 48 h',
    });
    expect(stub.callsTo('POST', '/annonce/publishAnnonceGP')[0]?.form.get('annonceIds')).toBe('77');
    // Behind the modal the wizard is back at step 0 with an empty basket, for another vehicle.
    expect(counter()).toHaveTextContent('Avant de commencer');
    expect(
      within(success).getByRole('button', { name: 'Déclarer un autre véhicule volé' }),
    ).toBeInTheDocument();
    await user.click(within(success).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentRoute()).toBe('/user/myAnnonce'));
    expect(window.sessionStorage.getItem('veilleurs.annonceWizard')).toBeNull();
  });

  it('offers to declare another vehicle from the success modal, staying on step 0', async () => {
    stubWizard({
      'POST /annonce/checkStepBeforeSave': () => json({ id: 81 }),
      'POST /annonce/saveAnnonceGrandPublic': () => json({ id: 81 }),
      'POST /annonce/publishAnnonceGP': () => json(true),
    });
    window.sessionStorage.setItem(
      'veilleurs.annonceWizard',
      JSON.stringify({
        version: 1,
        annonceId: null,
        isFast: true,
        mode: 'create',
        status: null,
        step: 'PAYMENT_SUMMARY',
        minStep: 0,
        fields: {},
        files: {},
        basket: [
          {
            id: 81,
            title: 'Peugeot 208',
            identifiers: 'AB-123-CD',
            isLicensed: true,
            isComplete: true,
            isFast: true,
            additionalRewardAmount: 0,
          },
        ],
        dirty: false,
      }),
    );
    const { user } = await renderApp('/annonce/create', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Publier' }));
    const promise = await screen.findByRole('dialog', { name: 'Engagement de paiement' });
    await user.click(within(promise).getByRole('checkbox'));
    await user.click(within(promise).getByRole('button', { name: 'Confirmer et publier' }));
    const success = await screen.findByRole('dialog', { name: 'Votre annonce est en ligne !' });
    await user.click(
      within(success).getByRole('button', { name: 'Déclarer un autre véhicule volé' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentRoute()).toBe('/annonce/create');
    expect(counter()).toHaveTextContent('Avant de commencer');
    expect(screen.getByRole('button', { name: /Annonce rapide/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        JSON.parse(window.sessionStorage.getItem('veilleurs.annonceWizard') ?? '{}'),
      ).toMatchObject({ step: 'ONBOARDING', basket: [] }),
    );
  });

  it('jumps to the step of the field a 403 names', async () => {
    const stub = stubWizard({
      'POST /annonce/checkStepBeforeSave': () => json({ id: 5 }),
    });
    const { user } = await renderApp('/annonce/create', { user: {} });
    await chooseFastCar(user);
    await user.click(screen.getByRole('button', { name: 'Peugeot' }));
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: '208' }));
    await user.click(next());
    await screen.findByRole('heading', { name: 'Informations obligatoires' });
    await fillMandatory(user);
    stub.use({
      'POST /annonce/checkStepBeforeSave': () =>
        apiError(403, 'FIELD_INVALID', 'field.invalid.error', 'brand'),
    });
    await user.click(next());
    await screen.findByRole('heading', { name: 'Marque' });
    expect(screen.getByText('Ce champ est invalide.')).toBeInTheDocument();
    expect(screen.getByText('Non enregistré')).toBeInTheDocument();
    expect(counter()).toHaveTextContent('Étape 2 / 7');
  });

  it('changing the type resets the brand and model', async () => {
    stubWizard({ 'POST /annonce/checkStepBeforeSave': () => json({ id: 5 }) });
    const { user } = await renderApp('/annonce/create', { user: {} });
    await chooseFastCar(user);
    await user.click(screen.getByRole('button', { name: 'Peugeot' }));
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    await user.click(await screen.findByRole('button', { name: 'Vélo' }));
    await user.click(await screen.findByRole('button', { name: 'Voiture' }));
    await user.click(next());
    await screen.findByRole('heading', { name: 'Marque' });
    expect(screen.getByRole('button', { name: 'Peugeot' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('warns before leaving with unsaved changes and keeps the form in the tab', async () => {
    stubWizard();
    const { user, unmount } = await renderApp('/annonce/create', { user: {} });
    await user.click(await screen.findByRole('button', { name: /Annonce rapide/ }));
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Voiture' }));
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    const leave = await screen.findByRole('dialog', { name: 'Quitter la création ?' });
    await user.click(within(leave).getByRole('button', { name: 'Rester' }));
    expect(currentRoute()).toBe('/annonce/create');
    unmount();

    // Back later in the same tab: the choice is still there.
    await renderApp('/annonce/create', { user: {} });
    expect(await screen.findByRole('button', { name: 'Voiture' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(counter()).toHaveTextContent('Étape 1 / 7');
  });

  it('says every missing field on the first Suivant, clears a problem as its field changes, and keeps typed text in the tab', async () => {
    stubWizard({ 'POST /annonce/checkStepBeforeSave': () => json({ id: 5 }) });
    const { user, unmount } = await renderApp('/annonce/create', { user: {} });
    await chooseFastCar(user);
    await user.click(screen.getByRole('button', { name: 'Peugeot' }));
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: '208' }));
    await user.click(next());
    await screen.findByRole('heading', { name: 'Informations obligatoires' });

    await user.click(next());
    const plate = screen.getByLabelText('Plaque d’immatriculation');
    for (const label of ['Plaque d’immatriculation', 'Confirmez la plaque', 'Couleur', 'Énergie']) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(
        expect.stringContaining('Ce champ est obligatoire.'),
      );
    }
    // The first field in error takes the focus (scrolled above the sticky bar).
    await waitFor(() => expect(plate).toHaveFocus());
    expect(counter()).toHaveTextContent('Étape 4 / 7');

    await user.type(plate, 'AB123CD');
    expect(plate).not.toHaveAccessibleDescription(expect.stringContaining('obligatoire'));
    expect(screen.getByLabelText('Couleur')).toHaveAccessibleDescription(
      'Ce champ est obligatoire.',
    );
    unmount();

    // Back later in the same tab: the step and the text typed are still there.
    await renderApp('/annonce/create', { user: {} });
    await screen.findByRole('heading', { name: 'Informations obligatoires' });
    expect(screen.getByLabelText('Plaque d’immatriculation')).toHaveValue('AB123CD');
  });

  it('opens the identity modal when publishing needs the identity', async () => {
    const stub = stubWizard({
      'POST /annonce/publishAnnonceGP': () =>
        apiError(403, 'FORBIDDEN', 'identity.required.error', 'identity'),
      'GET /user/getCurrentUserValidation': () =>
        json({ needValidation: true, identityStatus: 'NOT_SUBMITTED' }),
    });
    window.sessionStorage.setItem(
      'veilleurs.annonceWizard',
      JSON.stringify({
        version: 1,
        annonceId: 9,
        isFast: true,
        mode: 'create',
        status: 'DRAFT',
        step: 'PAYMENT_SUMMARY',
        minStep: 0,
        fields: {},
        files: { photos: [] },
        basket: [
          {
            id: 9,
            title: 'Peugeot 208',
            identifiers: 'AB-123-CD',
            isLicensed: true,
            additionalRewardAmount: 0,
            isComplete: true,
            isFast: true,
          },
        ],
        dirty: false,
      }),
    );
    const { user } = await renderApp('/annonce/create', { user: {} });
    expect(counter()).toHaveTextContent('Étape 7 / 7');
    expect(screen.getByTestId('payment-total')).toHaveTextContent(/300\s€/);
    await user.click(screen.getByRole('button', { name: 'Publier' }));
    const promise = await screen.findByRole('dialog', { name: 'Engagement de paiement' });
    await user.click(within(promise).getByRole('checkbox'));
    await user.click(within(promise).getByRole('button', { name: 'Confirmer et publier' }));
    await waitFor(() => expect(stub.callsTo('POST', '/annonce/publishAnnonceGP')).toHaveLength(1));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Engagement de paiement' }),
      ).not.toBeInTheDocument(),
    );
  });
});
