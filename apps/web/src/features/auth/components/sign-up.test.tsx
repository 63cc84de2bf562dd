import { latestBirthdayForAge } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isoToDateText } from '@/components/ui/date-field';
import { STORAGE_KEYS } from '@/lib/storage';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';

const ok = () => json({ ok: true });
const DEPARTMENTS = [
  { value: '31', text: '31 - Haute-Garonne' },
  { value: '75', text: '75 - Paris' },
];

/** Sign-up opened from the pre-check with an unknown address. */
async function openSignUp(handlers: Record<string, StubHandler> = {}) {
  const stub = stubFetch({
    'POST /apiMobile/isEmailValid': () => json(false),
    'POST /register/checkStep1Register': ok,
    'POST /register/checkStep2Register': ok,
    'POST /register/checkStep3Register': ok,
    'GET /apiMobile/getAllDepartments': () => json(DEPARTMENTS),
    'GET /home/getEnvironmentLinks': () =>
      json({ proUrlLink: 'https://pro.example.org', gpUrlLink: 'https://example.org' }),
    ...handlers,
  });
  const rendered = await renderApp('/login');
  await rendered.user.type(await screen.findByLabelText('Adresse e-mail'), 'camille@example.org');
  await rendered.user.click(screen.getByRole('button', { name: 'Continuer' }));
  await screen.findByRole('heading', { name: 'Inscription', level: 2 });
  return { ...rendered, stub };
}

type User = Awaited<ReturnType<typeof renderApp>>['user'];

async function fillStep1(user: User, password = 'Lanterne2026') {
  await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.selectOptions(
    screen.getByLabelText('Pourquoi vous inscrivez-vous ?'),
    'AnnonceCreate',
  );
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
}

async function fillStep2(user: User, birthdayDigits = '12051990') {
  await screen.findByRole('heading', { name: 'Votre identité' });
  await user.type(screen.getByLabelText('Nom'), 'Martin');
  await user.type(screen.getByLabelText('Prénom'), 'Camille');
  await user.type(screen.getByLabelText('Date de naissance'), birthdayDigits);
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
}

const progress = () => screen.getByRole('progressbar', { name: 'Progression de l’inscription' });

// Three steps typed key by key: longer than the default 5 s when the whole suite runs in parallel.
describe('sign-up', { timeout: 20_000 }, () => {
  it('goes through the 3 steps with a server check after each, then opens the code view', async () => {
    const { user, stub } = await openSignUp({
      'POST /register/signUpPublic': () => json({ username: 'camille@example.org' }),
    });
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByText('1/3')).toBeInTheDocument();
    await fillStep1(user);
    expect(JSON.parse(stub.callsTo('POST', '/register/checkStep1Register')[0]!.body)).toEqual({
      username: 'camille@example.org',
      password: 'Lanterne2026',
      profile: 'individual',
      reason: 'AnnonceCreate',
    });

    await fillStep2(user);
    expect(JSON.parse(stub.callsTo('POST', '/register/checkStep2Register')[0]!.body)).toEqual({
      lastname: 'Martin',
      firstname: 'Camille',
      birthday: '1990-05-12',
    });

    await screen.findByRole('heading', { name: 'Vos coordonnées' });
    expect(progress()).toHaveAttribute('aria-valuenow', '3');
    await user.type(screen.getByLabelText('Numéro de mobile'), '06 12 34 56 78');
    const department = screen.getByLabelText('Département');
    await within(department).findByRole('option', { name: '31 - Haute-Garonne' });
    await user.selectOptions(department, '31');
    await user.click(screen.getByRole('checkbox', { name: /J’accepte les conditions générales/ }));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    expect(
      await screen.findByRole('heading', { name: 'Validation du compte', level: 2 }),
    ).toBeInTheDocument();
    expect(currentRoute()).toBe('/login/validateAccount?username=camille%40example.org');
    expect(JSON.parse(stub.callsTo('POST', '/register/checkStep3Register')[0]!.body)).toEqual({
      phoneNumber: '+33612345678',
      countryCode: 'FR',
      department: '31',
      acceptedTerms: true,
    });
    expect(JSON.parse(stub.callsTo('POST', '/register/signUpPublic')[0]!.body)).toEqual({
      username: 'camille@example.org',
      password: 'Lanterne2026',
      profile: 'individual',
      reason: 'AnnonceCreate',
      lastname: 'Martin',
      firstname: 'Camille',
      birthday: '1990-05-12',
      phoneNumber: '+33612345678',
      countryCode: 'FR',
      department: '31',
      acceptedTerms: true,
      locale: 'fr',
    });
    // The first connection ends on the screen of this reason.
    expect(window.localStorage.getItem(STORAGE_KEYS.signUpReason)).toBe('AnnonceCreate');
  });

  it('refuses a weak password under the field and focuses it, without calling the server', async () => {
    const { user, stub } = await openSignUp();
    await fillStep1(user, 'abcdefgh');
    const password = screen.getByLabelText('Mot de passe');
    expect(await screen.findByText(/Mot de passe trop faible/)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password.getAttribute('aria-describedby')).toContain('signup-password-error');
    expect(password).toHaveFocus();
    expect(stub.callsTo('POST', '/register/checkStep1Register')).toHaveLength(0);
  });

  it('puts a 403 message under the field the server names', async () => {
    const { user } = await openSignUp({
      'POST /register/checkStep1Register': () =>
        apiError(403, 'FIELD_INVALID', 'email.already.used.error', 'username'),
    });
    await fillStep1(user);
    expect(await screen.findByText('Cette adresse e-mail est déjà utilisée.')).toBeInTheDocument();
    const email = screen.getByLabelText('Adresse e-mail');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
  });

  it('opens the professional modal when the professional profile is chosen, and stays individual', async () => {
    const { user } = await openSignUp();
    await user.click(screen.getByRole('radio', { name: 'Un professionnel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Espace professionnel' });
    expect(
      await within(dialog).findByRole('link', { name: /Aller sur le site professionnel/ }),
    ).toHaveAttribute('href', 'https://pro.example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Rester ici' }));
    expect(screen.getByRole('radio', { name: 'Un particulier' })).toBeChecked();
  });

  it('formats the birthday as digits are typed and refuses someone under 18', async () => {
    const { user, stub } = await openSignUp();
    await fillStep1(user);
    await screen.findByRole('heading', { name: 'Votre identité' });
    expect(screen.getByText(/Vos autres informations ne sont jamais montrées/)).toBeInTheDocument();
    const birthday = screen.getByLabelText('Date de naissance');
    await user.type(birthday, 'ab12');
    expect(birthday).toHaveValue('12');
    await user.clear(birthday);
    // One day too young: the day after the latest birthday allowed.
    const latest = latestBirthdayForAge(new Date());
    const [year, month, day] = latest.split('-').map(Number) as [number, number, number];
    const tooYoung = new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
    await fillStep2(user, isoToDateText(tooYoung).replaceAll('/', ''));
    expect(birthday).toHaveValue(isoToDateText(tooYoung));
    expect(await screen.findByText('Vous devez avoir au moins 18 ans.')).toBeInTheDocument();
    expect(birthday).toHaveFocus();
    expect(stub.callsTo('POST', '/register/checkStep2Register')).toHaveLength(0);
  });

  it('asks the department only for France, and goes back with Previous keeping the values', async () => {
    const { user } = await openSignUp();
    await fillStep1(user);
    await fillStep2(user);
    await screen.findByRole('heading', { name: 'Vos coordonnées' });
    expect(screen.getByLabelText('Département')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Indicatif'), 'RE');
    expect(screen.queryByLabelText('Département')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    await screen.findByRole('heading', { name: 'Votre identité' });
    expect(screen.getByLabelText('Nom')).toHaveValue('Martin');
    expect(screen.getByLabelText('Date de naissance')).toHaveValue('12/05/1990');
  });

  it('requires a valid mobile number and the terms', async () => {
    const { user, stub } = await openSignUp();
    await fillStep1(user);
    await fillStep2(user);
    await screen.findByRole('heading', { name: 'Vos coordonnées' });
    await user.type(screen.getByLabelText('Numéro de mobile'), '01 23');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Format de numéro de téléphone invalide.')).toBeInTheDocument();
    expect(screen.getByLabelText('Numéro de mobile')).toHaveFocus();
    await user.clear(screen.getByLabelText('Numéro de mobile'));
    await user.type(screen.getByLabelText('Numéro de mobile'), '0612345678');
    await user.selectOptions(await screen.findByLabelText('Département'), '75');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(
      await screen.findByText('Vous devez accepter les conditions générales d’utilisation.'),
    ).toBeInTheDocument();
    expect(stub.callsTo('POST', '/register/checkStep3Register')).toHaveLength(0);
  });

  it('opens the step of a field refused at the final submission', async () => {
    const { user } = await openSignUp({
      'POST /register/signUpPublic': () =>
        apiError(403, 'FIELD_INVALID', 'email.already.used.error', 'username'),
    });
    await fillStep1(user);
    await fillStep2(user);
    await screen.findByRole('heading', { name: 'Vos coordonnées' });
    await user.type(screen.getByLabelText('Numéro de mobile'), '0612345678');
    await user.selectOptions(await screen.findByLabelText('Département'), '31');
    await user.click(screen.getByRole('checkbox', { name: /J’accepte/ }));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Cette adresse e-mail est déjà utilisée.')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
    await waitFor(() => expect(screen.getByLabelText('Adresse e-mail')).toHaveFocus());
  });
});
