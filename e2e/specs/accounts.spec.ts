import { randomInt, randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { mailCode, newestMail, resetLinkIn, type OutboxMessage } from '../support/outbox';
import { seriousViolations } from '../support/accessibility';

/** The demo account of the demo seed (README). */
const DEMO = { email: 'demo@veilleurs.fr', password: 'Veilleurs2026' };

/** localStorage key of the signed-in user (apps/web/src/lib/storage.ts). */
const SESSION_KEY = 'veilleurs.user';

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;

/** A new address per test and per project, so runs never share an account. */
function uniqueEmail(): string {
  return `e2e-${randomUUID().slice(0, 12)}@example.test`;
}

/**
 * A metropolitan French mobile number ("06 12 34 56 78" style). Always 061…: 0639 and 0690 to 0697
 * are overseas mobiles, invalid with +33, which made one sign-up in about twelve fail.
 */
function uniqueMobile(): string {
  return `061${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

/** The e-mail pre-check, from the login screen. */
async function precheck(page: Page, email: string) {
  await page.goto('/#/login');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByRole('button', { name: 'Continuer' }).click();
}

/** Signs up through the 3 steps; ends on the code screen. */
async function signUp(page: Page, email: string, password: string) {
  await precheck(page, email);
  await expect(page.getByRole('heading', { name: 'Inscription', level: 2 })).toBeVisible();
  await expect(page.getByLabel('Adresse e-mail')).toHaveValue(email);
  await expect(
    page.getByRole('progressbar', { name: 'Progression de l’inscription' }),
  ).toHaveAttribute('aria-valuenow', '1');
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page
    .getByLabel('Pourquoi vous inscrivez-vous ?')
    .selectOption({ label: 'Rechercher des véhicules volés' });
  await page.getByRole('button', { name: 'Suivant' }).click();

  await expect(page.getByRole('heading', { name: 'Votre identité' })).toBeVisible();
  await page.getByLabel('Nom', { exact: true }).fill('Martin');
  await page.getByLabel('Prénom').fill('Camille');
  await page.getByLabel('Date de naissance').pressSequentially('12051990');
  await expect(page.getByLabel('Date de naissance')).toHaveValue('12/05/1990');
  await page.getByRole('button', { name: 'Suivant' }).click();

  await expect(page.getByRole('heading', { name: 'Vos coordonnées' })).toBeVisible();
  await page.getByLabel('Numéro de mobile').fill(uniqueMobile());
  const department = page.getByLabel('Département');
  await expect(department.locator('option')).not.toHaveCount(1);
  await department.selectOption('31');
  await page.getByRole('checkbox', { name: /J’accepte les conditions générales/ }).check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  // The first sign-up of a run also warms the server (password hashing, mail rendering): allow more.
  await expect(page.getByRole('heading', { name: 'Validation du compte', level: 2 })).toBeVisible({
    timeout: 20_000,
  });
}

/** Types a code in the 4 boxes (the focus moves by itself). */
async function typeCode(page: Page, code: string) {
  const group = page.getByRole('group', { name: 'Code de validation reçu par e-mail' });
  await group.getByRole('textbox', { name: 'Chiffre 1 sur 4' }).click();
  await page.keyboard.type(code);
}

/** Signed in and on Home (the first-connection modal may cover it: the title says where we are). */
async function expectHome(page: Page) {
  await expect(page).toHaveURL(/#\/$/, { timeout: 15_000 });
  await expect(page).toHaveTitle(/^Accueil · Veilleurs$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).not.toBeNull();
}

/**
 * Ends the first-connection modal through its call (another area's screen, not under test here),
 * so that the account menu can be reached.
 */
async function endFirstConnection(page: Page) {
  const token = await page.evaluate(
    (key) =>
      (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token,
    SESSION_KEY,
  );
  const res = await page.request.post('/user/updateFirstConnexion', {
    form: { isFirstConnexion: 'false' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await page.reload();
  await expectHome(page);
}

async function logOut(page: Page) {
  if (isMobile(page)) {
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Se déconnecter' }).click();
  } else {
    await page.getByRole('button', { name: 'Menu du compte' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  }
  await expect(page).toHaveURL(/#\/login$/);
}

test.describe('accounts', () => {
  test('a new visitor signs up, validates the mailed code, logs out, resets the password and is signed in again', async ({
    page,
  }) => {
    const email = uniqueEmail();
    await signUp(page, email, 'Lanterne2026');

    const mail = await newestMail(email);
    await typeCode(page, mailCode(mail));
    await expect(page.getByText('Votre compte est validé.')).toBeVisible();
    await expectHome(page);

    await endFirstConnection(page);
    await logOut(page);
    await precheck(page, email);
    await expect(page.getByRole('heading', { name: 'Connexion', level: 2 })).toBeVisible();
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await expect(
      page.getByRole('heading', { name: 'Mot de passe oublié', level: 2 }),
    ).toBeVisible();
    await expect(page.getByLabel('Adresse e-mail')).toHaveValue(email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(page.getByText(/Si un compte existe pour cette adresse/)).toBeVisible();
    await expect(page.getByRole('button', { name: /Renvoyer l’e-mail/ })).toBeDisabled();

    const resetMail = await newestMail(email, mail);
    await page.goto(resetLinkIn(resetMail));
    await expect(
      page.getByRole('heading', { name: 'Nouveau mot de passe', level: 2 }),
    ).toBeVisible();
    await expect(page.getByLabel('Adresse e-mail')).toHaveValue(email);
    await page.getByRole('textbox', { name: 'Nouveau mot de passe' }).fill('Veilleuse2027');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByText('Votre mot de passe a été modifié.')).toBeVisible();
    await expectHome(page);

    // The new password is the one that works now.
    await logOut(page);
    await precheck(page, email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Veilleuse2027');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expectHome(page);
  });

  test('three wrong codes make the server mail a new one, which then works', async ({ page }) => {
    const email = uniqueEmail();
    await signUp(page, email, 'Lanterne2026');
    const first = await newestMail(email);
    const code = mailCode(first);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    const firstBox = page.getByRole('textbox', { name: 'Chiffre 1 sur 4' });

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await typeCode(page, wrong);
      const message = attempt < 3 ? 'Code incorrect.' : /Nombre maximal de tentatives atteint/;
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
      await expect(firstBox).toHaveValue('');
      await expect(firstBox).toBeEnabled();
      if (attempt === 1) expect(await seriousViolations(page)).toEqual([]);
    }

    const second: OutboxMessage = await newestMail(email, first);
    expect(mailCode(second)).toMatch(/^\d{4}$/);
    await typeCode(page, mailCode(second));
    await expect(page.getByText('Votre compte est validé.')).toBeVisible();
    await expectHome(page);
  });

  test('the demo account signs in from the e-mail pre-check', async ({ page }) => {
    await precheck(page, DEMO.email);
    await expect(page.getByRole('heading', { name: 'Connexion', level: 2 })).toBeVisible();
    await expect(page.getByLabel('Adresse e-mail')).toHaveValue(DEMO.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
    await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expectHome(page);
  });

  test('the login screen checks its forms in the answer check worker, never fetching zod itself', async ({
    page,
  }) => {
    await precheck(page, 'pas-une-adresse');
    await expect(page.getByText('Format d’adresse e-mail invalide.')).toBeVisible();
    await expect(page.getByLabel('Adresse e-mail')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Adresse e-mail').fill(`  ${DEMO.email.toUpperCase()} `);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByRole('heading', { name: 'Connexion', level: 2 })).toBeVisible();
    // The form's output is the schema's: trimmed, lower case.
    await expect(page.getByLabel('Adresse e-mail')).toHaveValue(DEMO.email);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Ce champ est obligatoire.')).toBeVisible();

    expect(page.workers().map((worker) => worker.url())).toContainEqual(
      expect.stringContaining('answer-check'),
    );
    // The page's own fetches (a worker's are in its own timeline): no schema, so no zod.
    const pageScripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(pageScripts.filter((url) => /schema/i.test(url))).toEqual([]);

    await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expectHome(page);
  });

  test('the sign-in views pass the accessibility check, errors included', async ({ page }) => {
    await page.goto('/#/login');
    await expect(page.getByLabel('Adresse e-mail')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await precheck(page, uniqueEmail());
    await expect(page.getByRole('heading', { name: 'Inscription', level: 2 })).toBeVisible();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page.getByLabel('Mot de passe', { exact: true })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/#/login/resetPassword/not-a-token/1');
    await expect(page.getByRole('heading', { name: 'Session expirée' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
