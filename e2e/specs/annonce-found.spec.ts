import { expect, test } from '@playwright/test';
import { newAccount, sendIdentity } from '../support/admin';
import { newestMail } from '../support/outbox';
import { publishTwoStarAnnonce, validateInBackOffice } from '../support/payments';
import { signIn } from '../support/session';
import { seriousViolations } from '../support/accessibility';

/** "Véhicule retrouvé" (issue 19): from the mail's signed link without a session, and signed in. */

const SHOTS = '/tmp/features-b-shots';
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

test('the owner closes the announcement from the mail link, signed out; followers are told', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const owner = await newAccount(request);
  const signUpMail = await newestMail(owner.username);
  await sendIdentity(request, owner);
  const annonceId = await publishTwoStarAnnonce(request, owner.token);
  const watcher = await newAccount(request);
  await validateInBackOffice(request, annonceId);
  const liked = await request.post('/annonce/updateFavoris', {
    headers: auth(watcher.token),
    form: { annonceId: String(annonceId) },
  });
  expect(liked.ok()).toBe(true);

  // The "announcement online" mail carries the signed link.
  const mail = await newestMail(owner.username, signUpMail);
  expect(mail.text).toContain('Mon véhicule a été retrouvé');
  const link = /\/#(\/annonce\/found\?token=[A-Za-z0-9._%-]+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();

  // A fresh browser: no session at all.
  const guest = await browser.newContext({
    viewport: page.viewportSize() ?? { width: 375, height: 812 },
    locale: 'fr-FR',
  });
  const linkPage = await guest.newPage();
  await linkPage.goto(`/#${link}`);
  await expect(
    linkPage.getByRole('heading', { name: 'Votre véhicule a été retrouvé ?' }),
  ).toBeVisible();
  // Nobody reported it: "a watcher" cannot be chosen.
  await expect(linkPage.getByRole('radio', { name: /Un veilleur/ })).toBeDisabled();
  await linkPage.getByRole('button', { name: 'Confirmer : véhicule retrouvé' }).click();
  await expect(linkPage.getByText('Choisissez qui a retrouvé le véhicule.')).toBeVisible();
  await linkPage.getByRole('radio', { name: 'La police ou la gendarmerie' }).check();
  expect(await seriousViolations(linkPage)).toEqual([]);
  await linkPage.screenshot({ path: `${SHOTS}/found-link-${testInfo.project.name}.png` });
  await linkPage.getByRole('button', { name: 'Confirmer : véhicule retrouvé' }).click();
  await expect(linkPage.getByText('L’annonce est clôturée.')).toBeVisible();
  await linkPage.screenshot({ path: `${SHOTS}/found-link-done-${testInfo.project.name}.png` });

  // Opening the link again changes nothing and says it is done.
  await linkPage.reload();
  await expect(linkPage.getByText('L’annonce est clôturée.')).toBeVisible();
  await guest.close();

  // Out of search at once, and the watcher who followed it is told.
  const search = await request.post('/search/getSearchAnnonces', {
    headers: auth(watcher.token),
    form: { search: '' },
  });
  const found = (await search.json()) as { annonces: { id: number }[] };
  expect(found.annonces.map((card) => card.id)).not.toContain(annonceId);
  await expect
    .poll(async () => {
      const bell = await request.post('/lampNotification/getAllForUser', {
        headers: auth(watcher.token),
        form: {},
      });
      return ((await bell.json()) as { type: string; objectId: number }[]).some(
        (item) => item.type === 'WATCHED_VEHICLE_FOUND' && item.objectId === annonceId,
      );
    })
    .toBe(true);
});

test('the owner closes the announcement from its page, signed in', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const owner = await newAccount(request);
  await sendIdentity(request, owner);
  const annonceId = await publishTwoStarAnnonce(request, owner.token);
  await validateInBackOffice(request, annonceId);
  await signIn(page, request, owner);

  await page.goto(`/#/annonce/show/${annonceId}`);
  await page.getByRole('button', { name: 'Véhicule retrouvé' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Qui l’a retrouvé ?')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Moi-même' }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/found-dialog-${testInfo.project.name}.png` });
  await dialog.getByRole('button', { name: 'Confirmer : véhicule retrouvé' }).click();
  await expect(page.getByText('Bonne nouvelle ! L’annonce est clôturée.')).toBeVisible();
  // The page now shows it closed, without the button.
  await expect(page.getByRole('button', { name: 'Véhicule retrouvé' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/found-closed-${testInfo.project.name}.png` });
});
