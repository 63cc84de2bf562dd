import { expect, test } from '@playwright/test';
import { demoToken, screenshotPath } from '../support/annonces';
import { annonceDetail, publishTwoStarAnnonce, validateInBackOffice } from '../support/payments';
import { signIn } from '../support/session';
import { seriousViolations } from '../support/accessibility';

const DAY = 24 * 60 * 60 * 1000;

test.describe('card payments with the simulated provider', () => {
  test('raises an additional reward from 2 to 4 stars', async ({ page, request }, testInfo) => {
    const token = await demoToken(request);
    const id = await publishTwoStarAnnonce(request, token);
    await signIn(page, request);

    await page.goto(`/#/annonce/additionnalReward/${id}`);
    await expect(
      page.getByRole('heading', { name: 'Récompense additionnelle', level: 1 }),
    ).toBeVisible();
    const levels = page.getByRole('list', { name: 'Niveaux de récompense' }).getByRole('button');
    await expect(levels).toHaveCount(5);
    await expect(levels.nth(0)).toBeDisabled();
    await expect(levels.nth(1)).toBeDisabled();
    await expect(levels.nth(3)).toContainText(/\+ 600/);
    const validate = page.getByRole('button', { name: 'Valider' });
    await expect(validate).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);

    await levels.nth(3).click();
    await expect(page.getByText(/À payer maintenant : 600/)).toBeVisible();
    await validate.click();
    const promise = page.getByRole('dialog', { name: 'Engagement de paiement' });
    await promise.getByRole('checkbox').check();
    await promise.getByRole('button', { name: 'Continuer vers le paiement' }).click();

    const card = page.getByRole('dialog', { name: 'Dépôt de la récompense' });
    await card.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiration (MM/AA)').fill('12/34');
    await card.getByLabel('Cryptogramme').fill('123');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath(testInfo.project.name, 'reward-card') });
    await card.getByRole('button', { name: /Payer 600/ }).click();

    await expect(page.getByText('Paiement confirmé : votre annonce est à jour.')).toBeVisible();
    // Back after 2 s: opened directly, so to the announcement.
    await expect(page).toHaveURL(new RegExp(`#/annonce/show/${id}$`));
    const detail = await annonceDetail(request, token, id);
    expect([detail.additionnalRewardLevel, detail.additionnalRewardAmount]).toEqual([4, 1100]);
  });

  test('boosts a validated announcement for 2 weeks, then opens the billing portal', async ({
    page,
    request,
    context,
  }, testInfo) => {
    const token = await demoToken(request);
    const id = await publishTwoStarAnnonce(request, token);
    await validateInBackOffice(request, id);
    await signIn(page, request);

    await page.goto(`/#/annonce/show/${id}`);
    await page.getByRole('link', { name: 'Booster' }).click();
    await expect(page.getByRole('heading', { name: 'Booster l’annonce', level: 1 })).toBeVisible();
    const pay = page.getByRole('button', { name: 'Booster l’annonce' });
    await expect(pay).toBeDisabled();
    await page.getByRole('radio', { name: /2 semaines/ }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await pay.click();

    const card = page.getByRole('dialog', { name: 'Paiement immédiat' });
    // A declined card first: the modal says so and stays open for another card.
    await card.getByLabel('Numéro de carte').fill('4000 0000 0000 0002');
    await card.getByRole('button', { name: /Payer 18,99/ }).click();
    await expect(card.getByText('Votre carte a été refusée.')).toBeVisible();
    // Then a card whose bank asks for a confirmation.
    await card.getByLabel('Numéro de carte').fill('4000 0025 0000 3155');
    await card.getByRole('button', { name: /Payer 18,99/ }).click();
    await expect(card.getByText('Confirmation de votre banque')).toBeVisible();
    await page.screenshot({ path: screenshotPath(testInfo.project.name, 'boost-confirmation') });
    const before = Date.now();
    await card.getByRole('button', { name: 'Confirmer le paiement' }).click();

    await expect(page.getByText('Paiement confirmé : votre annonce est à jour.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#/annonce/show/${id}$`));
    const detail = await annonceDetail(request, token, id);
    const end = new Date(detail.boostEndDate ?? 0).getTime();
    expect(end).toBeGreaterThanOrEqual(before + 14 * DAY - 60_000);
    expect(end).toBeLessThanOrEqual(Date.now() + 14 * DAY + 60_000);
    // A running boost cannot be bought again: the detail page no longer offers it.
    await expect(page.getByRole('link', { name: 'Booster' })).toHaveCount(0);

    // The first card payment made the user a payment customer: the menu offers the portal.
    await page.getByRole('button', { name: 'Menu du compte' }).click();
    const [portal] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('menuitem', { name: 'Paiement' }).click(),
    ]);
    await portal.waitForLoadState();
    await expect(portal.getByRole('heading', { name: 'Espace de paiement' })).toBeVisible();
    await expect(portal.getByRole('cell', { name: `n° ${id}` }).first()).toBeVisible();
    await expect(portal.getByRole('cell', { name: 'Boost de l’annonce' }).first()).toBeVisible();
    await portal.close();
  });
});
