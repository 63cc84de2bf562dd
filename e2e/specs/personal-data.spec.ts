import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { newAccount } from '../support/admin';
import { newestMail } from '../support/outbox';
import { signIn } from '../support/session';
import { seriousViolations } from '../support/accessibility';

/** Personal data, self-service (issue 19; RGPD art. 15, 17 and 20), from the profile. */

const SHOTS = '/tmp/features-b-shots';

test('download my data, then erase my account with my password', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const account = await newAccount(request);
  await signIn(page, request, account);
  const section = page.getByRole('region', { name: 'Mes données personnelles' });
  // The app opened signed out just before the session was stored: its first redirect may land
  // after this navigation, so the profile is opened until it shows.
  await expect(async () => {
    await page.goto('/#/user/profileShow');
    await expect(section).toBeVisible({ timeout: 5_000 });
  }).toPass();
  await section.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/personal-data-${testInfo.project.name}.png` });

  // One zip whose entries name every section (zip headers keep the names in clear).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Télécharger mes données' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^veilleurs-mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await fs.readFile(await download.path());
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  for (const entry of ['profile.json', 'annonces.json', 'matches.json', 'payments.json']) {
    expect(zip.includes(entry)).toBe(true);
  }

  // Erasing asks for the password again.
  await section.getByRole('button', { name: 'Effacer mon compte maintenant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Effacer mon compte ?' });
  await dialog.getByLabel('Votre mot de passe, pour confirmer').fill('pas-le-bon-1');
  await dialog.getByRole('button', { name: 'Effacer mon compte' }).click();
  await expect(dialog.getByText('Mot de passe incorrect.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/erase-dialog-${testInfo.project.name}.png` });

  await dialog.getByLabel('Votre mot de passe, pour confirmer').fill(account.password);
  await dialog.getByRole('button', { name: 'Effacer mon compte' }).click();
  await expect(page).toHaveURL(/#\/login/);
  await expect(
    page.getByText('Votre compte a été effacé. Un e-mail de confirmation vous a été envoyé.'),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/erased-${testInfo.project.name}.png` });

  const mail = await newestMail(account.username);
  expect(mail.text).toContain('Votre compte Veilleurs a été effacé');

  // The old credentials no longer open anything.
  const login = await request.post('/api/login', {
    data: { username: account.username, password: account.password, rememberMe: false },
  });
  expect(login.ok()).toBe(false);
});
