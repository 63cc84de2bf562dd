import fs from 'node:fs';
import {
  FAKE_CAMERA_FILE,
  FAKE_CAMERA_SIZE,
  findWantedVehicle,
  writePlateVideo,
} from '../support/matching';
import { signIn } from '../support/session';
import { seriousViolations } from '../support/accessibility';
import { makePng } from '../support/fixture-files';
import { expect, test, journeyTimeout } from '../support/test';

// Chromium reads the fake camera's file when the camera starts; a grey frame of the right size
// is there from the start, the plate is drawn into it once the test knows which one.
const { width, height } = FAKE_CAMERA_SIZE;
fs.writeFileSync(
  FAKE_CAMERA_FILE,
  Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`),
    Buffer.alloc(width * height, 128),
    Buffer.alloc(width * height * 0.5, 128),
  ]),
);

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${FAKE_CAMERA_FILE}`,
    ],
  },
  permissions: ['camera', 'geolocation'],
  geolocation: { latitude: 43.6045, longitude: 1.444 },
});

test.describe('matching', () => {
  test('a watcher reads a plate with the camera, matches a wanted vehicle and sends the 2-step report', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(journeyTimeout(180_000));
    const wanted = await findWantedVehicle(request);
    const drawing = await context.newPage();
    await writePlateVideo(drawing, wanted.plate);
    await drawing.close();

    await signIn(page, request);
    await page.goto('/#/user/myMatches');
    await expect(page.getByRole('heading', { name: 'Mes signalements', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Vérifier un véhicule' }).click();

    const scan = page.getByRole('dialog', { name: 'Vérifier un véhicule' });
    await expect(scan).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The camera: the fake stream shows the plate; tesseract.js reads it from our own /ocr files.
    const outside: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (
        url.origin !== new URL(page.url()).origin &&
        !url.protocol.startsWith('blob') &&
        !url.protocol.startsWith('data')
      ) {
        outside.push(req.url());
      }
    });
    await scan.getByRole('button', { name: 'Lire avec l’appareil photo' }).click();
    await expect(
      scan.getByText(`Lu : ${wanted.plate}. Est-ce bien ce qui est écrit ?`),
    ).toBeVisible({
      timeout: 90_000,
    });
    await scan.getByRole('button', { name: 'Utiliser' }).click();
    await expect(scan.getByLabel('Plaque')).toHaveValue(wanted.plate);
    expect(outside).toEqual([]);

    await scan.getByRole('button', { name: 'Vérifier' }).click();
    const result = page.getByRole('dialog', { name: 'Véhicule recherché !' });
    await expect(result).toBeVisible({ timeout: 15_000 });
    await result.getByRole('button', { name: 'Signaler ce véhicule' }).click();

    // Step 1/2: a photo.
    await expect(page.getByText('Étape 1/2')).toBeVisible();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page.getByText('Ce champ est obligatoire.')).toBeVisible();
    await page.getByLabel('Photos du véhicule : Choisir dans la galerie').setInputFiles({
      name: 'vehicule.png',
      mimeType: 'image/png',
      buffer: makePng(64, 48, [120, 30, 30]),
    });
    await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    await page.getByRole('button', { name: 'Suivant' }).click();

    // Step 2/2: the form, prefilled with the announcement's vehicle.
    await expect(page.getByText('Étape 2/2')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await expect(page.getByLabel('Numéro et rue')).toBeFocused();
    await page.getByLabel('Numéro et rue').fill('12 rue Alsace-Lorraine');
    await page.getByLabel('Ville').fill('Toulouse');
    await page.getByRole('list', { name: 'Villes proposées' }).getByRole('button').first().click();
    const vin = page.getByLabel('Numéro VIN');
    if (await vin.isVisible()) await vin.fill('VF1AB000123456789');
    const colour = page.getByLabel('Couleur');
    if ((await colour.inputValue()) === '') await colour.selectOption({ index: 1 });
    await page.getByLabel('Description (facultatif)').fill('Garée devant la pharmacie.');
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click();

    const done = page.getByRole('dialog', { name: 'Signalement envoyé' });
    await expect(done).toBeVisible({ timeout: 15_000 });
    await expect(done.getByText('+20 lampions gagnés')).toBeVisible();
    await done.getByRole('button', { name: 'Terminer' }).click();

    // My matches lists it as current; MatchShow shows the report.
    await expect(page).toHaveURL(/#\/user\/myMatches/);
    const current = page.getByRole('region', { name: /En cours/ });
    await expect(current.getByText('En attente de validation').first()).toBeVisible();
    await current
      .getByRole('link', { name: new RegExp(wanted.title) })
      .first()
      .click();
    await expect(page.getByText('Garée devant la pharmacie.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Vos photos' }).getByRole('img')).toHaveCount(1);
  });
});
