import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';

function stubFirstConnexion(
  homeInfos: { identityNotSubmitted: boolean; identityRefused?: boolean },
  more: Record<string, StubHandler> = {},
) {
  let isFirstConnexion = true;
  return stubFetch({
    'GET /home/getHomeInfos': () =>
      json({ isFirstConnexion, identityRefused: false, ...homeInfos }),
    'POST /user/updateFirstConnexion': (request) => {
      isFirstConnexion = request.form.get('isFirstConnexion') !== 'false';
      return json({ isFirstConnexion });
    },
    ...more,
  });
}

function stubBrowserPermissions() {
  const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  const getCurrentPosition = vi.fn((success: PositionCallback) =>
    success({ coords: { latitude: 43.6, longitude: 1.44 } } as GeolocationPosition),
  );
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  });
  return { requestPermission, getCurrentPosition };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('first-connection modal', () => {
  it('asks notifications at step 1, location at step 2, takes the identity, then ends on the sign-up reason', async () => {
    const permissions = stubBrowserPermissions();
    window.localStorage.setItem(STORAGE_KEYS.signUpReason, 'AnnonceCreate');
    const stub = stubFirstConnexion(
      { identityNotSubmitted: true },
      { 'POST /user/sendIdentity': () => json({ identityStatus: 'IN_PROGRESS' }) },
    );
    const { user } = await renderApp('/', { user: { roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'] } });

    const dialog = await screen.findByRole('dialog', { name: 'Bienvenue parmi les Veilleurs !' });
    expect(within(dialog).getByText('Étape 1 sur 5')).toBeInTheDocument();
    await waitFor(() => expect(permissions.requestPermission).toHaveBeenCalledTimes(1));
    expect(await within(dialog).findByText('Notifications activées.')).toBeInTheDocument();
    // The home screen behind may ask for the position too: count the modal's own request.
    const positionsBefore = permissions.getCurrentPosition.mock.calls.length;

    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(within(dialog).getByRole('heading', { name: 'Autour de vous' })).toBeInTheDocument();
    await waitFor(() =>
      expect(permissions.getCurrentPosition).toHaveBeenCalledTimes(positionsBefore + 1),
    );
    expect(await within(dialog).findByText('Géolocalisation activée.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Précédent' }));
    expect(within(dialog).getByText('Étape 1 sur 5')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(within(dialog).getByRole('heading', { name: 'Comment ça marche' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));

    expect(within(dialog).getByRole('heading', { name: 'Votre identité' })).toBeInTheDocument();
    await user.upload(
      within(dialog).getByLabelText(/^Pièce d’identité, recto : Choisir/),
      new File(['png'], 'recto.png', { type: 'image/png' }),
    );
    await user.upload(
      within(dialog).getByLabelText(/^Pièce d’identité, verso : Choisir/),
      new File(['%PDF'], 'verso.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer mon identité' }));
    expect(
      await within(dialog).findByRole('heading', { name: 'Vérification en cours' }),
    ).toBeInTheDocument();
    const call = stub.fetchMock.mock.calls.find(([input]) =>
      String(input).endsWith('/user/sendIdentity'),
    );
    const form = call?.[1]?.body as FormData;
    expect((form.get('identityRectoFile') as File).name).toBe('recto.png');
    expect((form.get('identityVersoFile') as File).name).toBe('verso.pdf');

    await user.click(within(dialog).getByRole('button', { name: 'Terminer' }));
    await waitFor(() => expect(currentRoute()).toBe('/annonce/create'));
    expect(
      stub.callsTo('POST', '/user/updateFirstConnexion')[0]?.form.get('isFirstConnexion'),
    ).toBe('false');
    expect(window.localStorage.getItem(STORAGE_KEYS.signUpReason)).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Five steps of clicks and uploads: more than the default 5 s on a busy machine.
  }, 20_000);

  it('marks the side the server refuses', async () => {
    stubBrowserPermissions();
    stubFirstConnexion(
      { identityNotSubmitted: true },
      {
        'POST /user/sendIdentity': () => apiError(403, 'FIELD_INVALID', 'file.type.error', 'verso'),
      },
    );
    const { user } = await renderApp('/', { user: {} });
    const dialog = await screen.findByRole('dialog');
    for (let step = 1; step <= 3; step += 1) {
      await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    }
    await user.upload(
      within(dialog).getByLabelText(/^Pièce d’identité, recto : Choisir/),
      new File(['png'], 'recto.png', { type: 'image/png' }),
    );
    await user.upload(
      within(dialog).getByLabelText(/^Pièce d’identité, verso : Choisir/),
      new File(['MZ'], 'verso.png', { type: 'image/png' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer mon identité' }));
    // The refusal shows once, under the back (verso), which keeps its file on show.
    expect(
      await within(dialog).findByText(
        'Ce fichier n’est pas accepté : envoyez une image PNG ou JPEG, ou un PDF.',
      ),
    ).toBeInTheDocument();
    const verso = within(dialog).getByRole('group', { name: /Pièce d’identité, verso/ });
    expect(
      within(verso).getByText(
        'Ce fichier n’est pas accepté : envoyez une image PNG ou JPEG, ou un PDF.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Votre identité' })).toBeInTheDocument();
  });

  it('lets the identity step be skipped with the checkbox and its warning', async () => {
    stubBrowserPermissions();
    const stub = stubFirstConnexion({ identityNotSubmitted: true });
    const { user } = await renderApp('/', { user: {} });
    const dialog = await screen.findByRole('dialog');
    for (let step = 1; step <= 3; step += 1) {
      await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    }
    expect(within(dialog).queryByRole('button', { name: 'Continuer sans identité' })).toBeNull();
    await user.click(within(dialog).getByLabelText('Passer cette étape pour le moment'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Sans identité, vous ne pourrez ni publier d’annonce ni scanner de véhicule.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Continuer sans identité' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(stub.callsTo('POST', '/user/updateFirstConnexion')).toHaveLength(1);
    expect(currentRoute()).toBe('/');
  });

  it('ends at step 3 when no identity is needed', async () => {
    stubBrowserPermissions();
    const stub = stubFirstConnexion({ identityNotSubmitted: false });
    const { user } = await renderApp('/', { user: {} });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(within(dialog).queryByRole('button', { name: 'Suivant' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Terminer' }));
    await waitFor(() => expect(stub.callsTo('POST', '/user/updateFirstConnexion')).toHaveLength(1));
  });

  it('on an iPhone’s browser, step 1 says how to install the app where alerts can come', async () => {
    stubBrowserPermissions();
    // Safari in a tab has no notifications: only the app added to the home screen has them.
    Reflect.deleteProperty(globalThis, 'Notification');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    );
    stubFirstConnexion({ identityNotSubmitted: false });
    await renderApp('/', { user: {} });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/touchez Partager/)).toBeVisible();
    expect(
      within(dialog).queryByText('Votre navigateur ne propose pas cette fonction.'),
    ).toBeNull();
  });

  it('does not open once the first connection is over', async () => {
    stubFetch({
      'GET /home/getHomeInfos': () =>
        json({ isFirstConnexion: false, identityRefused: false, identityNotSubmitted: true }),
    });
    await renderApp('/', { user: {} });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Marques' })).toBeDisabled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
