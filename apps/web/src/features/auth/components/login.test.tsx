import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';
import { loginAnswer } from '../testing/auth-test-utils';

const PRO_LINKS = {
  'GET /home/getEnvironmentLinks': () =>
    json({ proUrlLink: 'https://pro.example.org', gpUrlLink: 'https://example.org' }),
};

async function precheck(email: string, handlers: Parameters<typeof stubFetch>[0]) {
  const stub = stubFetch({ ...PRO_LINKS, ...handlers });
  const rendered = await renderApp('/login');
  await rendered.user.type(await screen.findByLabelText('Adresse e-mail'), email);
  await rendered.user.click(screen.getByRole('button', { name: 'Continuer' }));
  return { ...rendered, stub };
}

describe('e-mail pre-check', () => {
  it('sends a known address to the login view, filled in', async () => {
    const { stub } = await precheck('Camille@Example.org ', {
      'POST /apiMobile/isEmailValid': () => json(true),
    });
    expect(await screen.findByRole('heading', { name: 'Connexion', level: 2 })).toBeInTheDocument();
    expect(currentRoute()).toBe('/login/login');
    expect(screen.getByLabelText('Adresse e-mail')).toHaveValue('camille@example.org');
    expect(stub.callsTo('POST', '/apiMobile/isEmailValid')[0]?.form.get('email')).toBe(
      'camille@example.org',
    );
    // The password is what is asked next.
    await waitFor(() => expect(screen.getByLabelText('Mot de passe')).toHaveFocus());
  });

  it('sends an unknown address to sign-up, filled in', async () => {
    await precheck('new@example.org', { 'POST /apiMobile/isEmailValid': () => json(false) });
    expect(
      await screen.findByRole('heading', { name: 'Inscription', level: 2 }),
    ).toBeInTheDocument();
    expect(currentRoute()).toBe('/login/signUp');
    expect(screen.getByLabelText('Adresse e-mail')).toHaveValue('new@example.org');
  });

  it('refuses a malformed address before calling the server', async () => {
    const { stub } = await precheck('not-an-address', {});
    expect(await screen.findByText('Format d’adresse e-mail invalide.')).toBeInTheDocument();
    expect(screen.getByLabelText('Adresse e-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Adresse e-mail')).toHaveFocus();
    expect(stub.callsTo('POST', '/apiMobile/isEmailValid')).toHaveLength(0);
  });

  it('shows login.email.error on 467', async () => {
    await precheck('odd@example.org', {
      'POST /apiMobile/isEmailValid': () => apiError(467, 'LOGIN_EMAIL', 'login.email.error'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cette adresse e-mail ne peut pas être utilisée pour se connecter.',
    );
    expect(currentRoute()).toBe('/login');
  });

  it('opens the professional modal with the professional site on 468', async () => {
    await precheck('garage@example.org', {
      'POST /apiMobile/isEmailValid': () =>
        apiError(468, 'PROFESSIONAL_ACCOUNT', 'login.professional.error'),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Espace professionnel' });
    const link = await within(dialog).findByRole('link', {
      name: /Aller sur le site professionnel/,
    });
    expect(link).toHaveAttribute('href', 'https://pro.example.org');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('only logs a call that got no answer', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await precheck('camille@example.org', {
      'POST /apiMobile/isEmailValid': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(currentRoute()).toBe('/login');
  });
});

/** Opens the login view for camille@example.org through the pre-check. */
async function openLogin(
  handlers: Parameters<typeof stubFetch>[0],
  url = '/login',
  options: Parameters<typeof renderApp>[1] = {},
) {
  const stub = stubFetch({
    ...PRO_LINKS,
    'POST /apiMobile/isEmailValid': () => json(true),
    ...handlers,
  });
  const rendered = await renderApp(url, options);
  await rendered.user.type(await screen.findByLabelText('Adresse e-mail'), 'camille@example.org');
  await rendered.user.click(screen.getByRole('button', { name: 'Continuer' }));
  await screen.findByRole('heading', { name: 'Connexion', level: 2 });
  return { ...rendered, stub };
}

async function submitPassword(
  user: Awaited<ReturnType<typeof renderApp>>['user'],
  password = 'secret123',
) {
  await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
}

describe('login', () => {
  it('checks with beforeLogin, logs in, keeps remember-me and opens Home', async () => {
    const { user, stub } = await openLogin({
      'POST /authentication/beforeLogin': () =>
        json({ displayCodeValidation: false, phoneNumber: null }),
      'POST /api/login': () => loginAnswer(),
    });
    await user.click(screen.getByRole('checkbox', { name: 'Se souvenir de moi' }));
    await submitPassword(user);
    expect(await screen.findByRole('heading', { name: 'Accueil', level: 1 })).toBeInTheDocument();
    const before = stub.callsTo('POST', '/authentication/beforeLogin')[0]!;
    expect(before.form.get('username')).toBe('camille@example.org');
    expect(before.form.get('password')).toBe('secret123');
    expect(JSON.parse(stub.callsTo('POST', '/api/login')[0]!.body)).toEqual({
      username: 'camille@example.org',
      password: 'secret123',
      rememberMe: true,
    });
    const session = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? '{}');
    expect(session).toMatchObject({ access_token: 'access-1', rememberMe: true });
  });

  it('returns to the screen the guard turned the guest away from', async () => {
    const { user } = await openLogin(
      {
        'POST /authentication/beforeLogin': () =>
          json({ displayCodeValidation: false, phoneNumber: null }),
        'POST /api/login': () => loginAnswer(),
      },
      '/user/myFavorites',
    );
    await submitPassword(user);
    expect(
      await screen.findByRole('heading', { name: 'Mes favoris', level: 1 }),
    ).toBeInTheDocument();
    expect(currentRoute()).toBe('/user/myFavorites');
  });

  it('goes on to the shared announcement a visitor opened, put on the login before the router', async () => {
    const { user } = await openLogin(
      {
        'POST /authentication/beforeLogin': () =>
          json({ displayCodeValidation: false, phoneNumber: null }),
        'POST /api/login': () => loginAnswer(),
      },
      '/annonce/show/12?fromBtnName=share',
      { visitorStart: true },
    );
    await submitPassword(user);
    expect(
      await screen.findByRole('heading', { name: 'Annonce', level: 1, hidden: true }),
    ).toBeInTheDocument();
    expect(currentRoute()).toBe('/annonce/show/12?fromBtnName=share');
  });

  it('keeps the reason of the first connection from the login answer', async () => {
    const { user } = await openLogin({
      'POST /authentication/beforeLogin': () =>
        json({ displayCodeValidation: false, phoneNumber: null }),
      'POST /api/login': () => loginAnswer({ isFirstConnexion: true, reason: 'AnnonceCreate' }),
    });
    await submitPassword(user);
    await screen.findByRole('heading', { name: 'Accueil', level: 1 });
    expect(window.localStorage.getItem(STORAGE_KEYS.signUpReason)).toBe('AnnonceCreate');
  });

  it('shows and hides the password', async () => {
    const { user } = await openLogin({});
    const password = screen.getByLabelText('Mot de passe');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Afficher le mot de passe' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it.each([
    [401, 'LOGIN_INCORRECT', 'login.incorrect.error', 'E-mail ou mot de passe incorrect.'],
    [
      423,
      'ACCOUNT_LOCKED',
      'account.locked.error',
      'Compte verrouillé. Réessayez dans quelques minutes.',
    ],
    [403, 'FORBIDDEN', 'Profile.forbidden.error', 'Ce profil ne peut pas se connecter ici.'],
    [500, 'INTERNAL', 'whatever.key', 'Erreur interne du serveur.'],
    [
      429,
      'TOO_MANY_REQUESTS',
      'too.many.requests.error',
      'Trop de tentatives. Réessayez dans un instant.',
    ],
  ])('shows %i as the spec says', async (status, code, messageKey, text) => {
    const { user } = await openLogin({
      'POST /authentication/beforeLogin': () => apiError(status, code, messageKey),
    });
    await submitPassword(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(currentRoute()).toBe('/login/login');
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('opens the professional modal on 468', async () => {
    const { user } = await openLogin({
      'POST /authentication/beforeLogin': () =>
        apiError(468, 'PROFESSIONAL_ACCOUNT', 'login.professional.error'),
    });
    await submitPassword(user);
    expect(await screen.findByRole('dialog', { name: 'Espace professionnel' })).toBeInTheDocument();
  });

  it('refuses an admin answer ("Locked") with Profile.forbidden.error', async () => {
    const { user } = await openLogin({
      'POST /authentication/beforeLogin': () =>
        json({ displayCodeValidation: false, phoneNumber: null }),
      'POST /api/login': () => loginAnswer({ roles: ['ROLE_ADMIN'] }),
    });
    await submitPassword(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce profil ne peut pas se connecter ici.',
    );
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('offers to resend the validation mail to an account not validated, then opens the code view', async () => {
    const { user, stub } = await openLogin({
      'POST /authentication/beforeLogin': () =>
        apiError(403, 'FORBIDDEN', 'account.not.validated.error'),
      'POST /authentication/resendValidateAccountMail': () => json({ sent: true }),
    });
    await submitPassword(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Votre compte n’est pas encore validé.');
    await user.click(
      within(alert).getByRole('button', { name: 'Renvoyer l’e-mail de validation' }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Validation du compte', level: 2 }),
    ).toBeInTheDocument();
    expect(
      stub.callsTo('POST', '/authentication/resendValidateAccountMail')[0]?.form.get('username'),
    ).toBe('camille@example.org');
    expect(
      screen.getByRole('group', { name: 'Code de validation reçu par e-mail' }),
    ).toBeInTheDocument();
  });

  it('goes to forgot-password with the address kept', async () => {
    const { user } = await openLogin({});
    await user.click(screen.getByRole('button', { name: /Mot de passe oublié/ }));
    expect(
      await screen.findByRole('heading', { name: 'Mot de passe oublié', level: 2 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Adresse e-mail')).toHaveValue('camille@example.org');
  });
});

describe('SMS-code step', () => {
  it('asks the texted code when beforeLogin says so, then logs in with it', async () => {
    const { user, stub } = await openLogin({
      'POST /authentication/beforeLogin': () =>
        json({ displayCodeValidation: true, phoneNumber: '+33 ••••••• 78' }),
      'POST /authentication/checkSmsCode': () => loginAnswer(),
    });
    await submitPassword(user);
    expect(
      await screen.findByRole('heading', { name: 'Code de vérification', level: 2 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/au \+33 ••••••• 78/)).toBeInTheDocument();
    expect(stub.callsTo('POST', '/api/login')).toHaveLength(0);
    await user.click(screen.getByRole('textbox', { name: 'Chiffre 1 sur 4' }));
    await user.keyboard('1234');
    expect(await screen.findByRole('heading', { name: 'Accueil', level: 1 })).toBeInTheDocument();
    const call = stub.callsTo('POST', '/authentication/checkSmsCode')[0]!;
    expect(Object.fromEntries(call.form)).toEqual({
      username: 'camille@example.org',
      password: 'secret123',
      rememberMe: 'false',
      code: '1234',
    });
  });

  it('clears the boxes and shows the server message on a wrong code', async () => {
    const { user } = await openLogin({
      'POST /authentication/beforeLogin': () =>
        json({ displayCodeValidation: true, phoneNumber: '+33 ••••••• 78' }),
      'POST /authentication/checkSmsCode': () =>
        apiError(403, 'FIELD_INVALID', 'code.incorrect.error', 'code'),
    });
    await submitPassword(user);
    await user.click(await screen.findByRole('textbox', { name: 'Chiffre 1 sur 4' }));
    await user.keyboard('9999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Code de vérification incorrect.');
    for (const position of [1, 2, 3, 4]) {
      expect(screen.getByRole('textbox', { name: `Chiffre ${position} sur 4` })).toHaveValue('');
    }
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Chiffre 1 sur 4' })).toHaveFocus(),
    );
  });

  it('goes back to the start when reloaded without the credentials', async () => {
    stubFetch();
    await renderApp('/login/smsCode');
    expect(
      await screen.findByRole('heading', { name: 'Connexion ou inscription', level: 2 }),
    ).toBeInTheDocument();
    expect(currentRoute()).toBe('/login');
  });
});
