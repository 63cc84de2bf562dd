import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { currentRoute } from '@/testing/test-utils';
import {
  codeBoxes,
  loginAnswer,
  passTime,
  pressKey,
  renderAppWithFakeTimers,
  typeCode,
} from '../testing/auth-test-utils';

afterEach(() => {
  vi.useRealTimers();
});

const LINK_URL = '/login/validateAccount?username=camille%40example.org';

/** The code view opened from the mail's link (no password in memory). */
async function openFromLink(handlers: Record<string, StubHandler> = {}) {
  const stub = stubFetch({
    'POST /authentication/needValidateCode': () => json({ needValidateCode: true }),
    ...handlers,
  });
  const rendered = await renderAppWithFakeTimers(LINK_URL);
  await screen.findByRole('heading', { name: 'Validation du compte', level: 2 });
  await passTime(0);
  return { ...rendered, stub };
}

const validateCalls = (stub: ReturnType<typeof stubFetch>) =>
  stub.callsTo('POST', '/authentication/validateAccountCode');

describe('account validation code', () => {
  it('has 4 boxes in a labelled group, takes digits only and moves forward and back', async () => {
    await openFromLink();
    expect(
      screen.getByRole('group', { name: 'Code de validation reçu par e-mail' }),
    ).toBeInTheDocument();
    const boxes = codeBoxes();
    boxes[0]!.focus();
    pressKey(boxes[0]!, 'a');
    expect(boxes[0]).toHaveValue('');
    pressKey(boxes[0]!, '4');
    expect(boxes[0]).toHaveValue('4');
    expect(boxes[1]).toHaveFocus();
    pressKey(boxes[1]!, '-');
    expect(boxes[1]).toHaveValue('');
    pressKey(boxes[1]!, 'Backspace');
    expect(boxes[0]).toHaveValue('');
    expect(boxes[0]).toHaveFocus();
  });

  it('fills every box from a pasted code', async () => {
    const { stub } = await openFromLink({
      'POST /authentication/validateAccountCode': () => json({ validated: true }),
    });
    const boxes = codeBoxes();
    fireEvent.paste(boxes[2]!, { clipboardData: { getData: () => ' 12-34 ' } });
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['1', '2', '3', '4']);
    await passTime(500);
    expect(validateCalls(stub)[0]?.form.get('code')).toBe('1234');
  });

  it('checks the code 500 ms after the 4th digit, once', async () => {
    const { stub } = await openFromLink({
      'POST /authentication/validateAccountCode': () => json({ validated: true }),
    });
    typeCode('123');
    await passTime(1000);
    expect(validateCalls(stub)).toHaveLength(0);
    typeCode('1234');
    await passTime(499);
    expect(validateCalls(stub)).toHaveLength(0);
    await passTime(1);
    expect(validateCalls(stub)).toHaveLength(1);
    expect(Object.fromEntries(validateCalls(stub)[0]!.form)).toEqual({
      username: 'camille@example.org',
      code: '1234',
    });
  });

  it('clears the boxes on a wrong code and shows the message for 5 s', async () => {
    await openFromLink({
      'POST /authentication/validateAccountCode': () =>
        apiError(403, 'FIELD_INVALID', 'ValidateAccount.error', 'code'),
    });
    typeCode('9999');
    await passTime(500);
    expect(screen.getByRole('alert')).toHaveTextContent('Code incorrect.');
    expect(codeBoxes().map((box) => (box as HTMLInputElement).value)).toEqual(['', '', '', '']);
    // The focus goes back to the first box once the refusal has been shown.
    await passTime(100);
    expect(codeBoxes()[0]).toHaveFocus();
    await passTime(4_800);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await passTime(100);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a new code was mailed after the third wrong one', async () => {
    let attempts = 0;
    await openFromLink({
      'POST /authentication/validateAccountCode': () => {
        attempts += 1;
        return apiError(
          403,
          'FIELD_INVALID',
          attempts < 3 ? 'ValidateAccount.error' : 'Code.maxAttempts',
          'code',
        );
      },
    });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      typeCode('9999');
      await passTime(500);
    }
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Nombre maximal de tentatives atteint : un nouveau code vient de vous être envoyé.',
    );
  });

  it('resends the code, says so for 3 s, and waits 60 s before the next resend', async () => {
    const { stub } = await openFromLink({
      'POST /authentication/resendValidateAccountMailCode': () => json({ sent: true }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Renvoyer le code' }));
    await passTime(0);
    expect(stub.callsTo('POST', '/authentication/resendValidateAccountMailCode')).toHaveLength(1);
    expect(screen.getByText('E-mail renvoyé.')).toBeInTheDocument();
    expect(screen.getByText('Nouvel envoi possible dans 60 secondes.')).toBeInTheDocument();
    const resend = screen.getByRole('button', { name: 'Renvoyer le code (60 s)' });
    expect(resend).toBeDisabled();
    await passTime(3_000);
    expect(screen.queryByText('E-mail renvoyé.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renvoyer le code (57 s)' })).toBeDisabled();
    await passTime(57_000);
    expect(screen.getByRole('button', { name: 'Renvoyer le code' })).toBeEnabled();
    expect(screen.getByText('Vous pouvez demander un nouvel envoi.')).toBeInTheDocument();
  });

  it('from the mail link, opens the login view with the address after success', async () => {
    await openFromLink({
      'POST /authentication/validateAccountCode': () => json({ validated: true }),
    });
    typeCode('1234');
    await passTime(500);
    expect(screen.getByText('Votre compte est validé.')).toBeInTheDocument();
    await passTime(2_900);
    expect(currentRoute()).toBe(LINK_URL);
    await passTime(100);
    expect(screen.getByRole('heading', { name: 'Connexion', level: 2 })).toBeInTheDocument();
    expect(screen.getByLabelText('Adresse e-mail')).toHaveValue('camille@example.org');
  });

  it('from the mail link, goes to login when the account is already validated', async () => {
    stubFetch({
      'POST /authentication/needValidateCode': () => json({ needValidateCode: false }),
    });
    await renderAppWithFakeTimers(LINK_URL);
    await passTime(0);
    expect(await screen.findByRole('heading', { name: 'Connexion', level: 2 })).toBeInTheDocument();
    expect(screen.getByLabelText('Adresse e-mail')).toHaveValue('camille@example.org');
  });
});

describe('account validation after sign-in was refused', () => {
  it('starts with the 60 s countdown, then signs in by itself 3 s after success', async () => {
    const stub = stubFetch({
      'POST /apiMobile/isEmailValid': () => json(true),
      'POST /authentication/beforeLogin': () =>
        stub.callsTo('POST', '/authentication/validateAccountCode').length === 0
          ? apiError(403, 'FORBIDDEN', 'account.not.validated.error')
          : json({ displayCodeValidation: false, phoneNumber: null }),
      'POST /authentication/resendValidateAccountMail': () => json({ sent: true }),
      'POST /authentication/validateAccountCode': () => json({ validated: true }),
      'POST /api/login': () => loginAnswer(),
    });
    const { user } = await renderAppWithFakeTimers('/login');
    await user.type(await screen.findByLabelText('Adresse e-mail'), 'camille@example.org');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await user.type(await screen.findByLabelText('Mot de passe'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await user.click(
      await screen.findByRole('button', { name: 'Renvoyer l’e-mail de validation' }),
    );
    await screen.findByRole('heading', { name: 'Validation du compte', level: 2 });
    expect(screen.getByRole('button', { name: /^Renvoyer le code \(\d+ s\)$/ })).toBeDisabled();
    // The password is in memory: no need to ask whether the account waits for a code.
    expect(stub.callsTo('POST', '/authentication/needValidateCode')).toHaveLength(0);

    typeCode('1234');
    await passTime(500);
    expect(screen.getByText('Votre compte est validé.')).toBeInTheDocument();
    await passTime(2_999);
    expect(stub.callsTo('POST', '/api/login')).toHaveLength(0);
    await passTime(1);
    await screen.findByRole('heading', { name: 'Accueil', level: 1 });
    expect(JSON.parse(stub.callsTo('POST', '/api/login')[0]!.body)).toMatchObject({
      username: 'camille@example.org',
      password: 'secret123',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).not.toBeNull();
  });
});
