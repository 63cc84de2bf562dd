import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';
import { makeDetail, multipartsTo, stubWizard } from '../../testing/annonce-stubs';

const counter = () => screen.getByTestId('step-counter');

describe('annonce wizard, editing', { timeout: 30_000 }, () => {
  beforeEach(() => window.sessionStorage.clear());

  it('opens an announcement in validation at the additional fields, Previous locked on the mandatory ones', async () => {
    const detail = makeDetail({
      isMine: true,
      status: { value: 'TO_VALIDATE' },
      canEdit: true,
      resume: { step: 5, minStep: 4, maxStep: 7, mode: 'edit' },
      isProprio: true,
      ownerAttestation: true,
    });
    detail.vehicle.licensePlate = 'AB-123-CD';
    detail.vehicle.vin = 'VF3ABCDEFGH123456';
    detail.vehicle.theftPosition.address = '12 rue des Lilas, 31000 Toulouse';
    const stub = stubWizard({
      'GET /annonce/42': () => json(detail),
      'POST /annonce/saveAnnonceGrandPublic': () => json({ id: 42 }),
      'GET /annonce/getMyAnnonce': () => json({ annoncesDraft: [], toValidate: [], validated: [] }),
    });
    const { user } = await renderApp('/annonce/edit/42', { user: {} });
    await screen.findByRole('heading', { name: 'Informations complémentaires' });
    expect(counter()).toHaveTextContent('Étape 5 / 7');
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    await screen.findByRole('heading', { name: 'Informations obligatoires' });
    expect(screen.queryByRole('button', { name: 'Précédent' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Plaque d’immatriculation')).toHaveValue('AB-123-CD');

    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { name: 'Informations complémentaires' });
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { name: 'Photos du véhicule' });
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { name: 'Documents' });
    expect(counter()).toHaveTextContent('Étape 7 / 7');
    // Edit mode has no reward, recap or payment: the last step saves.
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(currentRoute()).toBe('/user/myAnnonce'));
    const last = multipartsTo(stub, '/annonce/saveAnnonceGrandPublic').at(-1)!;
    expect(last.get('isDraft')).toBe('false');
    expect(last.get('annonceId')).toBe('42');
    expect(last.get('imagesVehicleIds')).toBe('1,2,3,4,5');
  });

  it('says when an announcement can no longer be edited', async () => {
    stubWizard({ 'GET /annonce/42': () => json(makeDetail({ isMine: true, resume: null })) });
    await renderApp('/annonce/edit/42', { user: {} });
    expect(
      await screen.findByText('Cette annonce ne peut plus être modifiée.'),
    ).toBeInTheDocument();
  });
});
