import type { MatchListItem } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';

const validation = (identityStatus: string) => ({
  'GET /user/getCurrentUserValidation': () =>
    json({ needValidation: identityStatus === 'NOT_SUBMITTED', identityStatus }),
});

const catalogue = {
  'GET /vehicleType/getAllActivated': () =>
    json([
      {
        id: 1,
        code: 'CAR',
        name: 'Voiture',
        isLicensed: true,
        hasVIN: true,
        hasBicycode: false,
        hasSerialNumber: false,
        hasWindowEngraving: true,
      },
      {
        id: 2,
        code: 'BICYCLE',
        name: 'Vélo',
        isLicensed: false,
        hasVIN: false,
        hasBicycode: true,
        hasSerialNumber: true,
        hasWindowEngraving: false,
      },
    ]),
  'POST /brand/getAllActivatedByVehicleType/1': () => json([{ id: 10, name: 'Peugeot' }]),
  'POST /brand/getAllActivatedByVehicleType/2': () => json([{ id: 20, name: 'Btwin' }]),
  'POST /model/getAllActivatedByVehicleTypeAndBrand': () => json([{ id: 100, name: '208' }]),
  'POST /modelFinish/getAllActivatedForModel/100': () => json([]),
  'GET /apiMobile/getColors': () => json([{ value: 'BLUE', text: 'Bleu' }]),
  'GET /apiMobile/getEnergies': () => json([{ value: 'DIESEL', text: 'Diesel' }]),
  'GET /geo/autocomplete': () =>
    json([
      {
        label: 'Toulouse (31000)',
        city: 'Toulouse',
        postalCode: '31000',
        inseeCode: '31555',
        departmentCode: '31',
        latitude: 43.6,
        longitude: 1.44,
      },
    ]),
  'GET /annonce/42': () => json(null, 404),
  'GET /user/getUserInfoMatches': () =>
    json({ currentMatches: [], validatedMatches: [], refusedMatches: [] }),
};

function matchItem(overrides: Partial<MatchListItem> = {}): MatchListItem {
  return {
    serverId: 1,
    annonceId: 42,
    title: 'Peugeot 208',
    images: [],
    additionnalRewardLevel: 0,
    annonceDate: '2026-11-01T10:00:00.000Z',
    annonceNbViews: 3,
    theftPosition: { latitude: 43.6, longitude: 1.44, departement: '31', city: 'Toulouse' },
    date: '2026-11-20T10:00:00.000Z',
    address: 'Parking du centre',
    status: { value: 'TO_VALIDATE' },
    restitutionDate: null,
    moneyGained: null,
    lampionsGained: 20,
    ...overrides,
  };
}

/** My matches, then its "check a vehicle" button: the scan opens on arrival. */
async function openScan() {
  const rendered = await renderApp('/user/myMatches', { user: {} });
  await rendered.user.click(await screen.findByRole('button', { name: 'Vérifier un véhicule' }));
  return rendered;
}

describe('Scan, verify match and my matches', { timeout: 30_000 }, () => {
  it('checks the identifier format, then shows a success that leads to the 2-step report', async () => {
    const stub = stubFetch({
      ...validation('ACCEPTED'),
      ...catalogue,
      'POST /scannedIdentifier/getMatchResult': () =>
        json({ annonceId: 42, lampionsGained: 1, isCloseMatch: false, closeMatchAnnonceId: null }),
    });
    const { user } = await openScan();
    const dialog = await screen.findByRole('dialog', { name: 'Vérifier un véhicule' });
    await user.click(within(dialog).getByRole('switch', { name: 'Utiliser ma position' }));
    await user.click(within(dialog).getByRole('button', { name: 'Vérifier' }));
    expect(within(dialog).getByText('Ce champ est obligatoire.')).toBeInTheDocument();
    const input = within(dialog).getByLabelText('Plaque');
    await user.type(input, 'ab-123-co');
    await user.click(within(dialog).getByRole('button', { name: 'Vérifier' }));
    expect(within(dialog).getByText(/plaque/i, { selector: 'p[id]' })).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'ab 123 cd');
    await user.click(within(dialog).getByRole('button', { name: 'Vérifier' }));

    const result = await screen.findByRole('dialog', { name: 'Véhicule recherché !' });
    expect(within(result).getByText('+1 lampion gagné')).toBeInTheDocument();
    // Safety first (issue 19): the notice, its tel: links, then only the report button.
    const safety = within(result).getByRole('region', { name: 'D’abord, votre sécurité' });
    expect(within(safety).getByText(/N’intervenez pas/)).toBeInTheDocument();
    expect(within(safety).getByRole('link', { name: 'Appeler le 17' })).toHaveAttribute(
      'href',
      'tel:17',
    );
    expect(within(safety).getByRole('link', { name: 'Appeler le 112' })).toHaveAttribute(
      'href',
      'tel:112',
    );
    const reportButton = within(result).getByRole('button', { name: 'Signaler ce véhicule' });
    expect(
      safety.compareDocumentPosition(reportButton) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const sent = JSON.parse(
      stub.callsTo('POST', '/scannedIdentifier/getMatchResult')[0]!.form.get('scannedIdentifier')!,
    );
    expect(sent).toMatchObject({
      identifierType: 'LICENCE_PLATE',
      licensePlate: 'AB123CD',
      isText: true,
      isOcr: false,
      latitude: null,
    });

    await user.click(within(result).getByRole('button', { name: 'Signaler ce véhicule' }));
    expect(await screen.findByText('Étape 1/2')).toBeInTheDocument();
    expect(currentRoute()).toContain('/match/verifyMatch?scannedIdentifier=');
    // Step 1 needs a photo.
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Ce champ est obligatoire.')).toBeInTheDocument();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'car.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Photos du véhicule : Choisir dans la galerie'), photo);
    expect(screen.getByRole('img', { name: 'Photo 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Étape 2/2')).toBeInTheDocument();

    // The mandatory rule: the first invalid field gets the focus.
    await user.click(screen.getByRole('button', { name: 'Envoyer le signalement' }));
    await waitFor(() => expect(screen.getByLabelText(/^Numéro et rue/)).toHaveFocus());
    const problems = screen.getAllByText('Ce champ est obligatoire.').length;
    expect(problems).toBeGreaterThanOrEqual(4);
    // A changed field loses its problem at once; the others wait for the next sending.
    await user.type(screen.getByLabelText(/^Numéro et rue/), '1');
    expect(screen.getAllByText('Ce champ est obligatoire.')).toHaveLength(problems - 1);
  });

  it('a close match is not a success; "insist" goes to the report of that announcement', async () => {
    stubFetch({
      ...validation('IN_PROGRESS'),
      ...catalogue,
      'POST /scannedIdentifier/getMatchResult': () =>
        json({ annonceId: null, lampionsGained: 0, isCloseMatch: true, closeMatchAnnonceId: 42 }),
    });
    const { user } = await openScan();
    const dialog = await screen.findByRole('dialog', { name: 'Vérifier un véhicule' });
    await user.type(within(dialog).getByLabelText('Plaque'), 'AB123CD');
    await user.click(within(dialog).getByRole('button', { name: 'Vérifier' }));
    const result = await screen.findByRole('dialog', { name: 'Identifiant très proche' });
    expect(within(result).queryByRole('button', { name: 'Signaler ce véhicule' })).toBeNull();
    // It may be the vehicle: the safety notice comes first here too.
    expect(within(result).getByRole('region', { name: 'D’abord, votre sécurité' })).toBeVisible();
    await user.click(within(result).getByRole('button', { name: 'Insister' }));
    expect(await screen.findByText('Étape 1/2')).toBeInTheDocument();
    expect(decodeURIComponent(currentRoute())).toContain('"annonceId":42');
    expect(currentRoute()).toContain('didInsist=true');
  });

  it('opens the identity modal instead of the scan when the identity is missing', async () => {
    stubFetch({ ...validation('NOT_SUBMITTED'), ...catalogue });
    await openScan();
    expect(await screen.findByRole('dialog')).not.toHaveAccessibleName('Vérifier un véhicule');
    expect(screen.queryByRole('dialog', { name: 'Vérifier un véhicule' })).toBeNull();
  });

  it('shows the server refusal of a check in the menu (rate limit)', async () => {
    stubFetch({
      ...validation('ACCEPTED'),
      ...catalogue,
      'POST /scannedIdentifier/getMatchResult': () =>
        apiError(429, 'TOO_MANY_REQUESTS', 'match.too.many.checks.error'),
    });
    const { user } = await openScan();
    const dialog = await screen.findByRole('dialog', { name: 'Vérifier un véhicule' });
    await user.type(within(dialog).getByLabelText('Plaque'), 'AB123CD');
    await user.click(within(dialog).getByRole('button', { name: 'Vérifier' }));
    expect(
      await screen.findByText('Trop de vérifications d’affilée. Réessayez dans quelques minutes.'),
    ).toBeInTheDocument();
  });

  it('sends the report with its photo and fields, then the done modal ends in My matches; back asks first', async () => {
    const stub = stubFetch({
      ...validation('ACCEPTED'),
      ...catalogue,
      // The first sending is refused for a field the server names, the second one goes through.
      'POST /matchAnnonce/saveMatchAnnonceGrandPublic': () =>
        stub.callsTo('POST', '/matchAnnonce/saveMatchAnnonceGrandPublic').length === 1
          ? apiError(403, 'INVALID', 'field.invalid.error', 'description')
          : json({ id: 5, annonceId: 42, lampionsGained: 20 }),
    });
    const scanned = encodeURIComponent(
      JSON.stringify({ identifierType: 'LICENCE_PLATE', licensePlate: 'AB123CD', annonceId: 42 }),
    );
    const { user } = await renderApp(
      `/match/verifyMatch?scannedIdentifier=${scanned}&identifier=AB-123-CD&lat=43.61&lng=1.45`,
      { user: {} },
    );
    // Back on step 1 asks before leaving.
    await user.click(await screen.findByRole('button', { name: 'Retour' }));
    const quit = await screen.findByRole('dialog', { name: 'Quitter le signalement ?' });
    await user.click(within(quit).getByRole('button', { name: 'Continuer' }));
    expect(screen.getByText('Étape 1/2')).toBeInTheDocument();

    await user.upload(
      screen.getByLabelText('Photos du véhicule : Choisir dans la galerie'),
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'car.jpg', { type: 'image/jpeg' }),
    );
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.type(await screen.findByLabelText(/^Numéro et rue/), '12 rue du Taur');
    await user.type(screen.getByLabelText(/^Ville/), 'Toul');
    await user.click(await screen.findByRole('button', { name: 'Toulouse (31000)' }));
    await user.selectOptions(screen.getByLabelText(/^Type de véhicule/), 'Vélo');
    await user.selectOptions(
      await screen.findByLabelText(/^Marque/),
      await screen.findByRole('option', { name: 'Btwin' }),
    );
    await user.selectOptions(
      await screen.findByLabelText(/^Modèle/),
      await screen.findByRole('option', { name: '208' }),
    );
    expect(screen.queryByLabelText(/^Numéro VIN/)).toBeNull();
    await user.selectOptions(screen.getByLabelText(/^Couleur/), 'Bleu');
    // Changing the type resets brand and model.
    await user.selectOptions(screen.getByLabelText(/^Type de véhicule/), 'Voiture');
    expect(screen.getByLabelText(/^Marque/)).toHaveValue('');
    await user.selectOptions(screen.getByLabelText(/^Type de véhicule/), 'Vélo');
    await user.selectOptions(
      await screen.findByLabelText(/^Marque/),
      await screen.findByRole('option', { name: 'Btwin' }),
    );
    await user.selectOptions(
      await screen.findByLabelText(/^Modèle/),
      await screen.findByRole('option', { name: '208' }),
    );
    await user.click(screen.getByRole('button', { name: 'Envoyer le signalement' }));
    // The server's problem shows under its field, which gets the focus.
    expect(await screen.findByText('Ce champ est invalide.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Description/)).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Envoyer le signalement' }));

    const done = await screen.findByRole('dialog', { name: 'Signalement envoyé' });
    expect(within(done).getByText('+20 lampions gagnés')).toBeInTheDocument();
    const call = stub.fetchMock.mock.calls.find(([input]) =>
      String(input).includes('/matchAnnonce/saveMatchAnnonceGrandPublic'),
    )!;
    const form = call[1]!.body as FormData;
    expect(JSON.parse(form.get('match') as string)).toEqual({
      address: {
        address: '12 rue du Taur, 31000 Toulouse',
        latitude: 43.61,
        longitude: 1.45,
        departement: '31',
      },
      vehicleType: 2,
      brand: 20,
      model: 100,
      modelFinish: null,
      vin: null,
      color: 'BLUE',
      energy: null,
      description: null,
    });
    expect(JSON.parse(form.get('scannedIdentifier') as string)).toMatchObject({ annonceId: 42 });
    expect(form.get('nbImagesVehicle')).toBe('1');
    expect(form.get('imagesVehicle[0]')).toBeInstanceOf(File);
    await user.click(within(done).getByRole('button', { name: 'Terminer' }));
    await waitFor(() => expect(currentRoute()).toBe('/user/myMatches'));
  });

  it('lists my matches in three groups with their empty texts; FINISHED shows what it earned', async () => {
    stubFetch({
      ...validation('ACCEPTED'),
      'GET /user/getUserInfoMatches': () =>
        json({
          currentMatches: [],
          validatedMatches: [
            matchItem({
              serverId: 7,
              status: { value: 'FINISHED' },
              restitutionDate: '2026-11-21T09:00:00.000Z',
              moneyGained: 300,
              lampionsGained: 720,
            }),
          ],
          refusedMatches: [],
        }),
    });
    await renderApp('/user/myMatches', { user: {} });
    expect(await screen.findByText('Restitué le 21 novembre 2026')).toBeInTheDocument();
    expect(screen.getByText(/300,00/)).toBeInTheDocument();
    expect(screen.getByText('720 lampions')).toBeInTheDocument();
    expect(screen.getByText('Aucun signalement en cours')).toBeInTheDocument();
    expect(screen.getByText('Aucun signalement refusé')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Peugeot 208/ })).toHaveAttribute(
      'href',
      '#/match/show/42',
    );
  });
});
