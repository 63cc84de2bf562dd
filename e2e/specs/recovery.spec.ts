import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { newAccount, sendIdentity } from '../support/admin';
import { signIn } from '../support/session';
import { seriousViolations } from '../support/accessibility';
import { bearer, publishFastCar } from '../support/stolen-car';
import { makePng } from '../support/fixture-files';
import { expect, test, journeyTimeout } from '../support/test';

// The flyer is read back by poppler, as any PDF reader would; in CI its absence must fail.
/** A car with a photo, published by a new owner (identity sent) and validated by the back office. */
async function stolenCar(request: APIRequestContext) {
  const owner = await newAccount(request);
  await sendIdentity(request, owner);
  const { id, plate } = await publishFastCar(request, owner, {
    photo: makePng(320, 240, [30, 80, 160]),
    validate: true,
  });
  return { owner, id, plate };
}

const lacksPoppler =
  !process.env.CI &&
  spawnSync('sh', ['-c', 'command -v pdftotext'], { stdio: 'ignore' }).status !== 0;

/** Issue 19: sightings told to the owner, the flyer, safety on a hit, the official checks. */
const SHOTS = `/tmp/features-a-shots`;
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, project: string, name: string) =>
  page.screenshot({ path: `${SHOTS}/${project}-${name}.png`, fullPage: true });

test.use({
  permissions: ['geolocation'],
  geolocation: { latitude: 43.6047, longitude: 1.4442 },
});

test.describe('recovery', () => {
  test('a watcher checks a plate: safety comes first, and the owner hears roughly where it was seen', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(journeyTimeout(240_000));
    const { owner, id, plate } = await stolenCar(request);
    const watcher = await newAccount(request);
    await sendIdentity(request, watcher);

    await signIn(page, request, watcher);
    await page.goto('/#/user/myMatches');
    await page.getByRole('button', { name: 'Vérifier un véhicule' }).click();
    const scan = page.getByRole('dialog', { name: 'Vérifier un véhicule' });
    await scan.getByLabel('Plaque').fill(plate);
    await scan.getByRole('button', { name: 'Vérifier' }).click();

    const result = page.getByRole('dialog', { name: 'Véhicule recherché !' });
    await expect(result).toBeVisible({ timeout: 15_000 });
    const safety = result.getByRole('region', { name: 'D’abord, votre sécurité' });
    await expect(safety).toBeVisible();
    await expect(safety).toContainText('N’intervenez pas');
    await expect(safety).toContainText('Gardez vos distances');
    await expect(safety.getByRole('link', { name: 'Appeler le 17' })).toHaveAttribute(
      'href',
      'tel:17',
    );
    await expect(safety.getByRole('link', { name: 'Appeler le 112' })).toHaveAttribute(
      'href',
      'tel:112',
    );
    // Before anything else: above the report button, and the first thing in the dialog's body.
    const report = result.getByRole('button', { name: 'Signaler ce véhicule' });
    const safetyBox = (await safety.boundingBox())!;
    const reportBox = (await report.boundingBox())!;
    expect(safetyBox.y).toBeLessThan(reportBox.y);
    expect(await seriousViolations(page, { within: '[role="dialog"]' })).toEqual([]);
    await shot(page, testInfo.project.name, 'scan-hit-safety');

    // The owner, elsewhere: the bell tells when and roughly where, never who.
    const ownerContext = await browser.newContext({
      viewport: page.viewportSize() ?? undefined,
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
    });
    try {
      const ownerPage = await ownerContext.newPage();
      await signIn(ownerPage, request, owner);
      await ownerPage.goto('/#/');
      await ownerPage.getByRole('button', { name: /^Notifications/ }).click();
      const item = ownerPage
        .getByRole('menu')
        .getByRole('menuitem', { name: /Votre véhicule a été repéré/ });
      await expect(item).toBeVisible();
      await expect(item).toContainText('près de Toulouse (à environ 1 km près)');
      await expect(item).not.toContainText('Garnier');
      await shot(ownerPage, testInfo.project.name, 'owner-bell-sighting');
      await item.click();
      await expect(ownerPage).toHaveURL(new RegExp(`#/annonce/show/${id}$`));
    } finally {
      await ownerContext.close();
    }

    // A second check within the hour tells the owner nothing more.
    const again = await request.post('/scannedIdentifier/getMatchResult', {
      headers: bearer(watcher),
      form: { scannedIdentifier: JSON.stringify({ licensePlate: plate }) },
    });
    expect(again.ok()).toBe(true);
    const list = await request.post('/lampNotification/getAllForUser', {
      headers: bearer(owner),
      form: { notifTypes: 'ANNONCE_IDENTIFIER_CHECKED' },
    });
    expect(((await list.json()) as unknown[]).length).toBe(1);
  });

  test('the owner prints or shares the flyer, finds the official steps and keeps their police report number', async ({
    page,
    request,
  }, testInfo) => {
    test.skip(
      lacksPoppler,
      "pdftotext is missing: install Debian's poppler-utils (npm test does it as root)",
    );
    test.setTimeout(journeyTimeout(240_000));
    const { owner, id, plate } = await stolenCar(request);
    // A phone's share sheet, recorded instead of shown (Chromium on Linux has none).
    await page.addInitScript(() => {
      const shared: Array<{ name: string; type: string; size: number }> = [];
      Object.assign(window, { __shared: shared });
      Object.defineProperty(navigator, 'canShare', {
        value: (data: { files?: File[] }) => Boolean(data.files),
        configurable: true,
      });
      Object.defineProperty(navigator, 'share', {
        value: async (data: { files: File[] }) => {
          for (const file of data.files)
            shared.push({ name: file.name, type: file.type, size: file.size });
        },
        configurable: true,
      });
    });
    await signIn(page, request, owner);
    await page.goto(`/#/annonce/show/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The flyer: a download of the PDF the server made.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Affiche à imprimer (PDF)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`veilleurs-affiche-${id}.pdf`);
    const file = `${SHOTS}/${testInfo.project.name}-flyer.pdf`;
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('VÉHICULE VOLÉ');
    expect(text).toContain(`Plaque : ${plate.replace(/-/g, '').slice(0, 5)}**`);
    expect(text).toContain('Toulouse (31)');
    expect(text).not.toContain('Garnier');
    execFileSync('pdftoppm', ['-r', '60', '-png', '-singlefile', file, file.replace(/\.pdf$/, '')]);

    // Shared as a file through the share sheet.
    await page.getByRole('button', { name: 'Partager l’affiche' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared))
      .toEqual([
        { name: `veilleurs-affiche-${id}.pdf`, type: 'application/pdf', size: expect.any(Number) },
      ]);

    // The official steps.
    const official = page.getByRole('region', { name: 'Démarches officielles' });
    await official.scrollIntoViewIfNeeded();
    await expect(
      official.getByRole('link', { name: /Faire une pré-plainte en ligne/ }),
    ).toHaveAttribute('href', 'https://www.pre-plainte-en-ligne.gouv.fr');
    await expect(official.getByRole('link', { name: /Ouvrir HistoVec/ })).toHaveAttribute(
      'href',
      'https://histovec.interieur.gouv.fr',
    );
    const number = official.getByLabel('Numéro de plainte');
    await number.fill('<b>PV</b>');
    await official.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(official.getByRole('alert')).toContainText('40 caractères au plus');
    await number.fill('PV 2026/00123');
    await official.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Numéro de plainte enregistré.')).toBeVisible();
    expect(await seriousViolations(page, { within: 'article' })).toEqual([]);
    await shot(page, testInfo.project.name, 'owner-detail-official');
    await page.reload();
    await expect(page.getByLabel('Numéro de plainte')).toHaveValue('PV 2026/00123');

    // Someone else: the flyer yes, the owner's steps and number no.
    const watcher = await newAccount(request);
    await signIn(page, request, watcher);
    await page.goto(`/#/annonce/show/${id}`);
    // A full load, so the app starts with the watcher's session.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Affiche à imprimer (PDF)' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('region', { name: 'Démarches officielles' })).toHaveCount(0);
    await expect(page.getByText('PV 2026/00123')).toHaveCount(0);
    await shot(page, testInfo.project.name, 'watcher-detail');
  });
});
