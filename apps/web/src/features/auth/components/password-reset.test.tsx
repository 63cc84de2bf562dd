import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';
import { loginAnswer, passTime, renderAppWithFakeTimers } from '../testing/auth-test-utils';

afterEach(() => {
  vi.useRealTimers();
});

describe('forgot password', () => {
  it('mails the link, says so whatever the address, and waits 10 s before sending again', async () => {
    const stub = stubFetch({
      'POST /forgotPassword/sendResetPasswordMail': () => json({ sent: true }),
    });
    await renderAppWithFakeTimers('/login/forgotPassword');
    const email = await screen.findByLabelText('Adresse e-mail');
    fireEvent.change(email, { target: { value: 'camille@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    await passTime(100);
    expect(
      stub.callsTo('POST', '/forgotPassword/sendResetPasswordMail')[0]?.form.get('username'),
    ).toBe('camille@example.org');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Si un compte existe pour cette adresse, un e-mail de réinitialisation vient d’être envoyé.',
    );
    expect(screen.getByRole('button', { name: /^Renvoyer l’e-mail \(\d+ s\)$/ })).toBeDisabled();
    expect(screen.getByText('Nouvel envoi possible dans 10 secondes.')).toBeInTheDocument();
    await passTime(10_000);
    const resend = screen.getByRole('button', { name: 'Renvoyer l’e-mail' });
    expect(resend).toBeEnabled();
    fireEvent.click(resend);
    await passTime(100);
    expect(stub.callsTo('POST', '/forgotPassword/sendResetPasswordMail')).toHaveLength(2);
    expect(screen.getByRole('button', { name: /^Renvoyer l’e-mail \(\d+ s\)$/ })).toBeDisabled();
  });

  it('says when too many mails were asked', async () => {
    stubFetch({
      'POST /forgotPassword/sendResetPasswordMail': () =>
        apiError(429, 'TOO_MANY_REQUESTS', 'too.many.requests.error'),
    });
    const { user } = await renderApp('/login/forgotPassword');
    await user.type(await screen.findByLabelText('Adresse e-mail'), 'camille@example.org');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Trop de tentatives. Réessayez dans un instant.',
    );
  });
});

describe('reset password', () => {
  const URL = '/login/resetPassword/token-abc/42';

  it('shows "Session expirée" for an expired link, with a way to ask a new one', async () => {
    const stub = stubFetch({
      'POST /forgotPassword/checkResetPasswordToken': () =>
        apiError(403, 'FIELD_INVALID', 'reset.token.expired.error', 'token'),
    });
    const { user } = await renderApp(URL);
    expect(
      await screen.findByRole('heading', { name: 'Session expirée', level: 2 }),
    ).toBeInTheDocument();
    expect(Object.fromEntries(stub.calls.find((c) => c.path.includes('checkReset'))!.form)).toEqual(
      {
        token: 'token-abc',
        userId: '42',
      },
    );
    await user.click(screen.getByRole('button', { name: 'Recevoir un nouveau lien' }));
    expect(
      await screen.findByRole('heading', { name: 'Mot de passe oublié', level: 2 }),
    ).toBeInTheDocument();
    expect(currentRoute()).toBe('/login/forgotPassword');
  });

  it('shows the invalid-link message for a used link', async () => {
    stubFetch({
      'POST /forgotPassword/checkResetPasswordToken': () =>
        apiError(403, 'FIELD_INVALID', 'reset.token.invalid.error', 'token'),
    });
    await renderApp(URL);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Lien de réinitialisation invalide.',
    );
  });

  it('refuses a weak password, then changes it and signs in after 3 s', async () => {
    const stub = stubFetch({
      'POST /forgotPassword/checkResetPasswordToken': () => json({ email: 'camille@example.org' }),
      'POST /forgotPassword/resetPassword': () => json({ username: 'camille@example.org' }),
      'POST /authentication/beforeLogin': () =>
        json({ displayCodeValidation: false, phoneNumber: null }),
      'POST /api/login': () => loginAnswer(),
    });
    await renderAppWithFakeTimers(URL);
    const email = await screen.findByRole('textbox', { name: 'Adresse e-mail' });
    expect(email).toHaveValue('camille@example.org');
    const field = screen.getByLabelText('Nouveau mot de passe', { selector: 'input' });
    fireEvent.change(field, { target: { value: 'short1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    await passTime(100);
    expect(screen.getByText(/Mot de passe trop faible/)).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(stub.callsTo('POST', '/forgotPassword/resetPassword')).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'Veilleuse2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    await passTime(100);
    expect(
      Object.fromEntries(stub.callsTo('POST', '/forgotPassword/resetPassword')[0]!.form),
    ).toEqual({
      token: 'token-abc',
      userId: '42',
      newPassword: 'Veilleuse2027',
    });
    expect(screen.getByText('Votre mot de passe a été modifié.')).toBeInTheDocument();
    await passTime(2_800);
    expect(stub.callsTo('POST', '/authentication/beforeLogin')).toHaveLength(0);
    await passTime(200);
    expect(await screen.findByRole('heading', { name: 'Accueil', level: 1 })).toBeInTheDocument();
    expect(JSON.parse(stub.callsTo('POST', '/api/login')[0]!.body)).toEqual({
      username: 'camille@example.org',
      password: 'Veilleuse2027',
      rememberMe: false,
    });
  });

  it('puts a refusal of the new password under the field', async () => {
    stubFetch({
      'POST /forgotPassword/checkResetPasswordToken': () => json({ email: 'camille@example.org' }),
      'POST /forgotPassword/resetPassword': () =>
        apiError(403, 'FIELD_INVALID', 'password.too.long.error', 'newPassword'),
    });
    const { user } = await renderApp(URL);
    await user.type(
      await screen.findByLabelText('Nouveau mot de passe', { selector: 'input' }),
      'Veilleuse2027',
    );
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(
      await screen.findByText('Mot de passe trop long (128 caractères maximum).'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Nouveau mot de passe', { selector: 'input' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
