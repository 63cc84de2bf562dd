import type { Profile } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/session';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';

const PROFILE: Profile = {
  id: 7,
  username: 'camille@example.org',
  firstname: 'Camille',
  lastname: 'Martin',
  birthday: '1990-04-12',
  phoneNumber: '+33612345678',
  countryCode: 'FR',
  department: { value: '31', text: '31 - Haute-Garonne' },
  profession: { value: 'FARMER', text: 'Agriculteur' },
  identityRecto: null,
  identityVerso: null,
  rib: {
    id: 40,
    fileUrl: '/files/40?expires=1&signature=abc',
    fileName: 'x.pdf',
    originalFileName: 'rib.pdf',
    isPdf: true,
  },
  compte: { status: 'IN_PROGRESS' },
  askedToBeDeletedDate: null,
  matchsOfUser: 3,
  annoncesOfUser: 1,
  identityToSubmit: false,
  lampionsUser: 1240,
  currentLoop: 2,
  currentNbOfPointsInLoop: 240,
  nbPointsInCurrentLoop: 1000,
};

const HOME_INFOS = { isFirstConnexion: false, identityRefused: false, identityNotSubmitted: false };

function stubProfile(profile: Profile = PROFILE, more: Record<string, StubHandler> = {}) {
  return stubFetch({
    'GET /user/getProfile': () => json(profile),
    'GET /home/getHomeInfos': () => json(HOME_INFOS),
    'GET /apiMobile/getAllDepartments': () =>
      json([
        { value: '31', text: '31 - Haute-Garonne' },
        { value: '75', text: '75 - Paris' },
      ]),
    'GET /apiMobile/getAllProfessions': () =>
      json([
        { value: 'FARMER', text: 'Agriculteur' },
        { value: 'CRAFTSMAN', text: 'Artisan' },
      ]),
    ...more,
  });
}

function multipartOf(stub: ReturnType<typeof stubFetch>, path: string): FormData {
  const call = stub.fetchMock.mock.calls.find(([input]) => String(input).endsWith(path));
  const body = call?.[1]?.body;
  if (!(body instanceof FormData)) throw new Error(`no multipart body sent to ${path}`);
  return body;
}

/** The RIB picker shows the current file: remove it, then choose the new one. */
async function replaceRib(user: { click(el: Element): Promise<void>; upload(el: HTMLElement, file: File): Promise<void> }, file: File) {
  const remove = screen.queryByRole('button', { name: 'Retirer le fichier : RIB' });
  if (remove) await user.click(remove);
  await user.upload(await screen.findByLabelText(/^RIB : Choisir/), file);
}

describe('profile show', () => {
  it('shows the profile, its counts, lampion progress, identity status and rib link', async () => {
    stubProfile();
    await renderApp('/user/profileShow', { user: {} });
    expect(await screen.findByRole('heading', { name: 'Camille Martin' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('camille@example.org')).toBeInTheDocument();
    expect(screen.getByText('1240 lampions')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progression dans la boucle' })).toHaveAttribute(
      'aria-valuenow',
      '240',
    );
    expect(screen.getByRole('link', { name: /3\s*signalements envoyés/ })).toHaveAttribute(
      'href',
      '#/user/myMatches',
    );
    expect(screen.getByRole('link', { name: /1\s*annonce/ })).toHaveAttribute(
      'href',
      '#/user/myAnnonce',
    );
    expect(screen.getByText('12/04/1990')).toBeInTheDocument();
    expect(screen.getByText('Agriculteur')).toBeInTheDocument();
    expect(screen.getByText('31 - Haute-Garonne')).toBeInTheDocument();
    expect(screen.getByText('Identité en cours de vérification')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Voir mon RIB/ })).toHaveAttribute(
      'href',
      '/files/40?expires=1&signature=abc',
    );
    expect(screen.getByRole('link', { name: 'Modifier mon profil' })).toHaveAttribute(
      'href',
      '#/user/profileEdit',
    );
  });

  it('asks for the deletion after a confirmation, then shows it as ongoing', async () => {
    let asked: string | null = null;
    const stub = stubProfile(PROFILE, {
      'GET /user/getProfile': () => json({ ...PROFILE, askedToBeDeletedDate: asked }),
      'POST /user/askForAccountDeletion': () => {
        asked = '2026-11-22T10:00:00.000Z';
        return json({ askedToBeDeletedDate: asked });
      },
    });
    const { user } = await renderApp('/user/profileShow', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer mon compte ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Demander la suppression' }));
    expect(await screen.findByText('Suppression du compte en cours')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer mon compte' })).not.toBeInTheDocument();
    expect(stub.callsTo('POST', '/user/askForAccountDeletion')).toHaveLength(1);
  });

  it('changes the password and keeps the session with the new tokens', async () => {
    stubProfile(PROFILE, {
      'POST /user/changePassword': (request) => {
        const body = JSON.parse(request.body) as { currentPassword: string };
        if (body.currentPassword !== 'ancien123') {
          return apiError(403, 'FIELD_INVALID', 'password.incorrect.error', 'currentPassword');
        }
        return json({
          username: 'camille@example.org',
          roles: ['ROLE_INDIVIDUAL_CONFIRMED'],
          token_type: 'Bearer',
          access_token: 'access-new',
          expires_in: 900,
          refresh_token: 'refresh-new',
          isFirstConnexion: false,
          reason: null,
          messageKey: 'ChangePassword.success',
        });
      },
    });
    const { user } = await renderApp('/user/profileShow', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Changer mon mot de passe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer mon mot de passe' });
    await user.type(within(dialog).getByLabelText('Mot de passe actuel'), 'mauvais1');
    await user.type(within(dialog).getByLabelText('Nouveau mot de passe'), 'nouveau123');
    await user.type(
      within(dialog).getByLabelText('Confirmer le nouveau mot de passe'),
      'nouveau123',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await within(dialog).findByText('Mot de passe incorrect.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Mot de passe actuel'));
    await user.type(within(dialog).getByLabelText('Mot de passe actuel'), 'ancien123');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le mot de passe' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getSession()?.refresh_token).toBe('refresh-new');
  });

  it('checks the new password rule and the confirmation before calling the server', async () => {
    const stub = stubProfile();
    const { user } = await renderApp('/user/profileShow', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Changer mon mot de passe' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Mot de passe actuel'), 'ancien123');
    await user.type(within(dialog).getByLabelText('Nouveau mot de passe'), 'court');
    await user.type(within(dialog).getByLabelText('Confirmer le nouveau mot de passe'), 'autre');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(within(dialog).getByLabelText('Nouveau mot de passe')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(
      within(dialog).getByText('Les deux mots de passe ne sont pas identiques.'),
    ).toBeInTheDocument();
    expect(stub.callsTo('POST', '/user/changePassword')).toHaveLength(0);
  });
});

describe('profile edit', () => {
  it('saves phone, department, profession and a new rib, then goes back with a toast', async () => {
    const stub = stubProfile(PROFILE, {
      'POST /user/updatePublicProfile': () => json({ identityToSubmit: false }),
    });
    const { user } = await renderApp('/user/profileShow', { user: {} });
    await user.click(await screen.findByRole('link', { name: 'Modifier mon profil' }));
    const phone = await screen.findByLabelText('Téléphone');
    expect(phone).toHaveValue('06 12 34 56 78');
    await user.clear(phone);
    await user.type(phone, '06 98 76 54 32');
    await waitFor(() =>
      expect(screen.getByRole('option', { name: '75 - Paris' })).toBeInTheDocument(),
    );
    await user.selectOptions(screen.getByLabelText('Département'), '75');
    await user.selectOptions(screen.getByLabelText('Profession'), 'CRAFTSMAN');
    const rib = new File(['%PDF-1.4'], 'nouveau-rib.pdf', { type: 'application/pdf' });
    await replaceRib(user, rib);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Votre profil a bien été mis à jour.')).toBeInTheDocument();
    await waitFor(() => expect(currentRoute()).toBe('/user/profileShow'));
    const form = multipartOf(stub, '/user/updatePublicProfile');
    expect(form.get('phoneNumber')).toBe('06 98 76 54 32');
    expect(form.get('countryCode')).toBe('FR');
    expect(form.get('department')).toBe('75');
    expect(form.get('profession')).toBe('CRAFTSMAN');
    expect((form.get('ribFile') as File).name).toBe('nouveau-rib.pdf');
    expect(form.get('ribFileId')).toBeNull();
  }, 20_000);

  it('shows the server’s 403 under the field it names', async () => {
    stubProfile(PROFILE, {
      'POST /user/updatePublicProfile': () =>
        apiError(403, 'FIELD_INVALID', 'file.type.error', 'identityRectoFile'),
    });
    const { user } = await renderApp('/user/profileEdit', { user: {} });
    await user.upload(
      await screen.findByLabelText(/^Pièce d’identité, recto : Choisir/),
      new File(['MZ'], 'recto.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText(
        'Ce fichier n’est pas accepté : envoyez une image PNG ou JPEG, ou un PDF.',
      ),
    ).toBeInTheDocument();
    // The picker keeps the refused file on show, with the server's message under it.
    expect(screen.getByText('recto.png')).toBeInTheDocument();
    expect(currentRoute()).toBe('/user/profileEdit');
  });

  it('refuses a bad phone and a non-document file before calling the server', async () => {
    const stub = stubProfile();
    const { user } = await renderApp('/user/profileEdit', { user: {} });
    const phone = await screen.findByLabelText('Téléphone');
    await user.clear(phone);
    await user.type(phone, '12');
    await replaceRib(user, new File(['x'], 'virus.exe', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    // The ".exe" stays on show in the RIB picker, and nothing reaches the server.
    expect(screen.getByText('virus.exe')).toBeInTheDocument();
    expect(stub.callsTo('POST', '/user/updatePublicProfile')).toHaveLength(0);
  });

  it('asks for no department outside France', async () => {
    stubProfile();
    const { user } = await renderApp('/user/profileEdit', { user: {} });
    await user.selectOptions(await screen.findByLabelText('Pays'), 'RE');
    expect(screen.queryByLabelText('Département')).not.toBeInTheDocument();
  });
});
