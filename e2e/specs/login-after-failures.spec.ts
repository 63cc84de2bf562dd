import { expect, test } from '@playwright/test';
import { newestSms, smsCode } from '../support/outbox';
import { createValidatedAccount } from '../support/profile';

/**
 * Issue 16: wrong passwords typed by someone else never lock the owner out. After three of them
 * the owner signs in with the code texted to their phone.
 */
test('after wrong passwords from elsewhere, the owner signs in with the texted code', async ({
  page,
  request,
}) => {
  const account = await createValidatedAccount(request, 'Home');
  const first = await request.post('/api/login', { data: { ...account, rememberMe: false } });
  expect(first.ok()).toBe(true);
  const token = ((await first.json()) as { access_token: string }).access_token;
  const profile = await request.get('/user/getProfile', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const phoneNumber = ((await profile.json()) as { phoneNumber: string }).phoneNumber;
  for (let i = 0; i < 3; i += 1) {
    const wrong = await request.post('/api/login', {
      data: { username: account.username, password: `Devine${i}2026`, rememberMe: false },
    });
    expect(wrong.status()).toBe(401);
  }

  await page.goto('/#/login');
  await page.getByLabel('Adresse e-mail').fill(account.username);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('un code vous a été envoyé par SMS')).toBeVisible();
  const code = smsCode(await newestSms(phoneNumber));
  for (const [index, digit] of [...code].entries()) {
    await page.getByLabel(`Chiffre ${index + 1} sur 4`).fill(digit);
  }
  await expect(page).not.toHaveURL(/#\/login/, { timeout: 15_000 });
});
