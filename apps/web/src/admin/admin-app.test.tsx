import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { loadAdminCatalogues } from '@/lib/i18n';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { expectConsoleError } from '@/testing/setup-tests';
import { AdminApp } from './admin-app';
import { ADMIN_SESSION_KEY, getAdminSession, setAdminSession } from './session';

const SESSION = {
  username: 'chef@veilleurs.fr',
  roles: ['ROLE_SUPER_ADMIN'],
  access_token: 'access-1',
  refresh_token: 'refresh-1',
};

const DASHBOARD = {
  annoncesToValidate: 3,
  identitiesToReview: 1,
  matchesToValidate: 0,
  annonceDeletionRequests: 0,
  accountDeletionRequests: 2,
  customCatalogItems: 0,
  feedbackMessages: 5,
};

const ANNONCE = {
  id: 42,
  title: 'Peugeot 208',
  status: 'TO_VALIDATE',
  isFastAnnonce: true,
  isComplete: false,
  licensePlate: 'AB123CD',
  theftCity: 'Toulouse',
  owner: { id: 7, username: 'camille@example.test', firstname: 'Camille', lastname: 'Martin' },
  publishedAt: '2026-11-20T10:00:00.000Z',
  askedToBeDeletedAt: null,
  documentsToCheckAt: null,
  firstPhotoUrl: null,
  vehicleType: 'Voiture',
  isLicensed: true,
  brand: 'Peugeot',
  model: '208',
  modelFinish: null,
  vin: null,
  bicycode: null,
  serialNumber: null,
  hasWindowEngraving: false,
  color: 'Bleu',
  energy: 'Diesel',
  fiscalPower: null,
  description: null,
  vehicleDescription: null,
  theftAddress: '10 rue du Taur, 31000 Toulouse',
  theftDepartmentCode: '31',
  theftLatitude: 43.6,
  theftLongitude: 1.44,
  isOwner: true,
  firstnameOwner: null,
  lastnameOwner: null,
  insuranceCompany: null,
  insuranceContract: null,
  additionnalRewardLevel: 0,
  additionnalRewardAmount: 0,
  completionDeadlineAt: null,
  validatedAt: null,
  ownerIdentityStatus: 'IN_PROGRESS',
  photos: [],
  documents: {
    identityRecto: null,
    identityVerso: null,
    carteGrise: { id: 9, fileUrl: 'http://localhost/files/9?sig', fileName: 'cg.pdf', isPdf: true },
    plainte: null,
    assurance: null,
  },
  reviews: [],
};

function renderAdmin(hash = '#/') {
  window.location.hash = hash;
  return render(
    <AppProvider>
      <AdminApp />
    </AppProvider>,
  );
}

// admin/main.tsx loads the back office's texts before it shows; so does this file.
beforeAll(() => loadAdminCatalogues());

describe('back office', () => {
  beforeEach(() => {
    localStorage.clear();
    setAdminSession(null);
  });

  it('shows the admin login to a visitor and the refusal of a non-admin account', async () => {
    const api = stubFetch({
      'POST /admin/login': () => apiError(403, 'FORBIDDEN', 'Profile.forbidden.error'),
    });
    renderAdmin('#/');
    expect(
      await screen.findByRole('heading', { name: 'Connexion au back-office', level: 1 }),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail'), 'camille@example.test');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce profil ne peut pas se connecter ici.',
    );
    expect(JSON.parse(api.callsTo('POST', '/admin/login')[0]!.body)).toEqual({
      username: 'camille@example.test',
      password: 'secret123',
      rememberMe: false,
    });
    expect(getAdminSession()).toBeNull();
  });

  it('signs in, keeps its own session and shows the queue counts', async () => {
    stubFetch({
      'POST /admin/login': () => json({ ...SESSION, token_type: 'Bearer', expires_in: 900 }),
      'GET /admin/api/dashboard': () => json(DASHBOARD),
    });
    renderAdmin('#/login');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'chef@veilleurs.fr');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'Admin2026x');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeInTheDocument();
    expect(await screen.findByTestId('count-annoncesToValidate')).toHaveTextContent('3');
    expect(screen.getByTestId('count-accountDeletionRequests')).toHaveTextContent('2');
    // The words agree with the figure.
    expect(screen.getByRole('link', { name: /^3\s*annonces à valider$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^1\s*identité à vérifier$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^0\s*signalement à valider$/ })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(ADMIN_SESSION_KEY)!)).toMatchObject({
      username: 'chef@veilleurs.fr',
    });
    // The public app's session is untouched.
    expect(localStorage.getItem('veilleurs.user')).toBeNull();
  });

  it('refreshes an expired access token once on the admin refresh call', async () => {
    setAdminSession(SESSION);
    const api = stubFetch({
      'GET /admin/api/dashboard': (request) =>
        request.headers.get('Authorization') === 'Bearer access-2'
          ? json(DASHBOARD)
          : apiError(401, 'UNAUTHENTICATED', 'session.invalid.error'),
      'POST /admin/oauth/access_token': () =>
        json({ ...SESSION, access_token: 'access-2', refresh_token: 'refresh-2' }),
    });
    renderAdmin('#/');
    expect(await screen.findByTestId('count-feedbackMessages')).toHaveTextContent('5');
    expect(JSON.parse(api.callsTo('POST', '/admin/oauth/access_token')[0]!.body)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
    });
    expect(getAdminSession()?.refresh_token).toBe('refresh-2');
  });

  it('refuses an announcement with the reasons ticked and the comment', async () => {
    setAdminSession(SESSION);
    const api = stubFetch({
      'GET /admin/api/annonce/42': () => json(ANNONCE),
      'POST /admin/api/annonce/42/refuse': () => json({ id: 42, status: 'REFUSED' }),
      'GET /admin/api/annonces/toValidate': () =>
        json({ total: 0, page: 1, pageSize: 20, items: [] }),
    });
    renderAdmin('#/annonces/42');
    expect(await screen.findByRole('heading', { name: 'Peugeot 208 #42' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Carte grise (PDF)' })).toHaveAttribute(
      'href',
      'http://localhost/files/9?sig',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Refuser…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuser l’annonce' });
    await userEvent.click(screen.getByLabelText('Carte grise'));
    await userEvent.type(
      screen.getByLabelText('Commentaire pour le propriétaire'),
      'Carte grise illisible',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Refuser avec ces raisons' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/admin/api/annonce/42/refuse')).toHaveLength(1),
    );
    expect(JSON.parse(api.callsTo('POST', '/admin/api/annonce/42/refuse')[0]!.body)).toEqual({
      identityValidated: true,
      carteGriseValidated: false,
      plainteValidated: true,
      detailsValidated: true,
      photosValidated: true,
      commentaire: 'Carte grise illisible',
    });
    expect(
      await screen.findByRole('heading', { name: /Annonces à valider/, level: 1 }),
    ).toBeInTheDocument();
    expect(dialog).not.toBeInTheDocument();
  });

  it('says in words what is missing, what was decided and what was done, never a raw constant', async () => {
    setAdminSession(SESSION);
    const at = '2026-11-21T09:30:00.000Z';
    stubFetch({
      'GET /admin/api/annonce/42': () =>
        json({
          ...ANNONCE,
          status: 'VALIDATED',
          reviews: [
            {
              decision: 'VALIDATED',
              adminUsername: 'chef@veilleurs.fr',
              createdAt: at,
              identityValidated: true,
              carteGriseValidated: true,
              plainteValidated: true,
              detailsValidated: true,
              photosValidated: true,
              commentaire: null,
            },
          ],
        }),
      'GET /admin/api/audit': () =>
        json({
          total: 1,
          page: 1,
          pageSize: 20,
          items: [
            {
              id: 1,
              adminId: 1,
              adminUsername: 'chef@veilleurs.fr',
              action: 'ANNONCE_VALIDATED',
              objectType: 'Annonce',
              objectId: 42,
              before: null,
              after: null,
              createdAt: at,
            },
          ],
        }),
    });
    renderAdmin('#/annonces/42');
    const documents = (await screen.findByRole('heading', { name: /Documents privés/ }))
      .parentElement!;
    expect(documents).toHaveTextContent('Dépôt de plainte : pas de fichier');
    expect(documents).toHaveTextContent('Attestation d’assurance : pas de fichier');
    const decisions = screen.getByRole('heading', { name: 'Décisions précédentes' }).parentElement!;
    expect(decisions).toHaveTextContent('chef@veilleurs.fr · Publiée');
    const history = (await screen.findByRole('heading', { name: 'Historique des actions' }))
      .parentElement!;
    expect(history).toHaveTextContent('Annonce publiée');
    expect(document.body).not.toHaveTextContent(/ANNONCE_VALIDATED|\bVALIDATED\b/);
  });

  it('opens the public app as a user with the audited impersonation token', async () => {
    setAdminSession(SESSION);
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = {
      id: 7,
      username: 'camille@example.test',
      firstname: 'Camille',
      lastname: 'Martin',
      roles: ['ROLE_INDIVIDUAL_CONFIRMED'],
      identityStatus: 'ACCEPTED',
      locked: false,
      createdAt: '2026-11-01T10:00:00.000Z',
      askedToBeDeletedAt: null,
      identitySubmittedAt: null,
      phoneNumber: null,
      departmentCode: '31',
      birthday: null,
      lastLoginAt: null,
      lockReason: null,
      lampions: 120,
      annonceCount: 1,
      documents: { identityRecto: null, identityVerso: null, rib: null },
      identityReviews: [],
    };
    const api = stubFetch({
      'GET /admin/api/user/7': () => json(user),
      'POST /admin/api/user/7/impersonate': () =>
        json({
          username: 'camille@example.test',
          roles: ['ROLE_INDIVIDUAL_CONFIRMED'],
          token_type: 'Bearer',
          access_token: 'as-camille',
          expires_in: 900,
          impersonatorId: 1,
          impersonatorUsername: 'chef@veilleurs.fr',
        }),
    });
    renderAdmin('#/users/7');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Voir l’appli en tant que cet utilisateur' }),
    );
    await waitFor(() => expect(open).toHaveBeenCalledWith('/#/', '_blank', 'noopener'));
    expect(api.callsTo('POST', '/admin/api/user/7/impersonate')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('veilleurs.user')!)).toMatchObject({
      impersonateToken: 'as-camille',
      impersonateUsername: 'camille@example.test',
      impersonateRoles: ['ROLE_INDIVIDUAL_CONFIRMED'],
    });
    // The back office keeps its own session.
    expect(getAdminSession()?.access_token).toBe('access-1');
    open.mockRestore();
  });

  it('pages a list: the next page asks for it with the filter and says where it is', async () => {
    setAdminSession(SESSION);
    const user = {
      id: 7,
      username: 'camille@example.test',
      firstname: 'Camille',
      lastname: 'Martin',
      roles: ['ROLE_INDIVIDUAL_CONFIRMED'],
      identityStatus: 'ACCEPTED',
      locked: false,
      createdAt: '2026-11-01T10:00:00.000Z',
      askedToBeDeletedAt: null,
      identitySubmittedAt: null,
    };
    const api = stubFetch({
      'GET /admin/api/users': (request) =>
        json({
          total: 45,
          page: Number(request.url.searchParams.get('page')),
          pageSize: 20,
          items: [{ ...user, id: Number(request.url.searchParams.get('page')) }],
        }),
    });
    renderAdmin('#/users');
    expect(await screen.findByText('Page 1 sur 3')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox'), 'martin');
    await userEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Suivante' }));
    expect(await screen.findByText('Page 2 sur 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Camille Martin #2' })).toBeInTheDocument();
    const last = api.callsTo('GET', '/admin/api/users').at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toEqual({ q: 'martin', page: '2' });
  });

  it('shows the generic error rather than a screen built on an answer of the wrong shape', async () => {
    setAdminSession(SESSION);
    stubFetch({
      'GET /admin/api/dashboard': () => json({ ...DASHBOARD, annoncesToValidate: 'x' }),
    });
    renderAdmin('#/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Une erreur s’est produite.');
    expect(screen.queryByTestId('count-annoncesToValidate')).not.toBeInTheDocument();
    // Asked three times, as the public app does: the queries retry what is not a 4xx.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expectConsoleError(/Unexpected answer from \/admin\/api\/dashboard/);
    }
  });

  it('sends a team message to super watchers and says how many received it', async () => {
    setAdminSession(SESSION);
    const api = stubFetch({
      'POST /admin/api/notifications/broadcast': () => json({ recipients: 12 }),
    });
    renderAdmin('#/broadcast');
    await userEvent.click(await screen.findByLabelText('Les super veilleurs'));
    await userEvent.type(screen.getByLabelText('Titre'), 'Nouvelle zone');
    await userEvent.type(
      screen.getByLabelText('Message'),
      'Surveillez le quartier Arnaud-Bernard.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Message envoyé à 12 personnes.')).toBeInTheDocument();
    expect(JSON.parse(api.callsTo('POST', '/admin/api/notifications/broadcast')[0]!.body)).toEqual({
      type: 'NEW_INFO_SUPER_WATCHER',
      title: 'Nouvelle zone',
      message: 'Surveillez le quartier Arnaud-Bernard.',
    });
  });
});
