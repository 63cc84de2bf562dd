import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annonces } from '../../db/schema/index';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { lacksProgram } from '../../../test/system-programs';
import { renderFlyer } from './annonce-flyer';
import { carFields, jpeg, loadCatalogue, saveAnnonce } from './testing/annonce-testing';

const run = promisify(execFile);
// Read back by poppler, as any PDF reader would (npm test installs it where it can).
const withoutPoppler = lacksProgram('pdftotext');

/** The PDF's text and its first page as an image, through poppler (pdftotext, pdftoppm). */
async function readPdf(pdf: Buffer) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'flyer-'));
  try {
    const file = path.join(dir, 'flyer.pdf');
    await fs.writeFile(file, pdf);
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    const { stdout: info } = await run('pdfinfo', [file]);
    const { stdout: images } = await run('pdfimages', ['-list', file]);
    await run('pdftoppm', ['-r', '120', '-png', '-singlefile', file, path.join(dir, 'page')]);
    const { data, info: size } = await sharp(path.join(dir, 'page.png'))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const qr = jsQR(new Uint8ClampedArray(data), size.width, size.height);
    const imageCount = images.trim().split('\n').length - 2;
    return { text, info, qr: qr?.data ?? null, imageCount };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe.skipIf(withoutPoppler)('GET /annonce/{annonceId}/flyer.pdf: the flyer to print', () => {
  let t: TestApp;
  let owner: TestUser;
  let karim: TestUser;
  let id: number;
  const flyer = (user: TestUser, annonceId: number | string = id) =>
    t.injectAs(user, { method: 'GET', url: `/annonce/${annonceId}/flyer.pdf` });

  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'https://veilleurs.example.org' } });
    const catalogue = await loadCatalogue(t.db);
    owner = await buildUser(t.db, { firstname: 'Huguette', lastname: 'Vasseur' });
    karim = await buildUser(t.db, { firstname: 'Karim' });
    const saved = await saveAnnonce(
      t,
      owner,
      carFields(catalogue, {
        isProprio: false,
        firstnameOwner: 'Bérénice',
        lastnameOwner: 'Quentin',
      }),
      {
        'imagesVehicle[0]': { data: await jpeg('#2a6'), name: 'a.jpg', type: 'image/jpeg' },
        additionnalRewardLevel: 2,
      },
    );
    id = saved.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('requires authentication', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/annonce/${id}/flyer.pdf` });
    expect(res.statusCode).toBe(401);
  });

  it('rejects an id that is not one', async () => {
    const res = await flyer(owner, 'abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: 'annonceId' });
  });

  it('is not made while the announcement is not online: the owner is told why, others see nothing', async () => {
    const mine = await flyer(owner);
    expect(mine.statusCode).toBe(403);
    expect(mine.json()).toMatchObject({ messageKey: 'annonce.flyer.notOnline' });
    const theirs = await flyer(karim);
    expect(theirs.statusCode).toBe(404);
    expect((await flyer(owner, 2_000_000_000)).statusCode).toBe(404);
  });

  it('gives an A4 page in French with the photo, vehicle, masked plate, town, reward and a QR code to the public address; nothing private', async () => {
    await t.db.update(annonces).set({ status: 'VALIDATED' }).where(eq(annonces.id, id));
    const res = await flyer(owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="veilleurs-affiche-${id}.pdf"`,
    );
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    expect(pdf.info).toMatch(/Pages:\s+1/);
    expect(pdf.imageCount).toBe(1);
    const text = pdf.text.replace(/\s+/g, ' ');
    expect(text).toContain('VÉHICULE VOLÉ');
    expect(text).toContain('couleur bleu');
    expect(text).toContain('Plaque : AB123**');
    expect(text).toMatch(/Volé à Toulouse \(31\), signalé le \d{1,2} \w+ 20\d\d/u);
    expect(text).toContain('Récompense : 500 €');
    expect(text).toContain('Appelez le 17 (ou le 112)');
    expect(pdf.qr).toBe(`https://veilleurs.example.org/openapp?id=${id}`);
    for (const secret of ['AB123CD', 'Bérénice', 'Quentin', 'Huguette', 'Vasseur', 'rue du Taur']) {
      expect(text).not.toContain(secret);
    }
  });

  it('may be printed by anyone signed in once online, and no more once deleted', async () => {
    const res = await flyer(karim);
    expect(res.statusCode).toBe(200);
    expect((await readPdf(res.rawPayload)).qr).toBe(
      `https://veilleurs.example.org/openapp?id=${id}`,
    );
    await t.db.update(annonces).set({ status: 'DELETED' }).where(eq(annonces.id, id));
    expect((await flyer(owner)).statusCode).toBe(404);
    expect((await flyer(karim)).statusCode).toBe(404);
  });
});

describe.skipIf(withoutPoppler)('the flyer drawing', () => {
  it('draws what users typed even when the standard fonts lack some characters, and cuts what is too long', async () => {
    const pdf = await renderFlyer({
      annonceId: 7,
      title: `Vélo 🚲 Łódź 自行车 Œuvre\u0000 ${'Très-long-nom-de-modèle '.repeat(12)}`,
      typeName: 'Vélo',
      color: 'Rouge',
      identifier: { label: 'Marquage vélo', value: '0123456789**' },
      city: 'Saint-Étienne',
      department: '42',
      date: new Date('2026-11-22T10:00:00Z'),
      reward: 0,
      photo: Buffer.from('not a jpeg'),
      url: 'https://veilleurs.example.org/openapp?id=7',
    });
    const { text, qr, imageCount } = await readPdf(pdf);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Vélo Lódz Œuvre');
    expect(flat).toMatch(/Très-long-nom-de-mod\S*…/);
    expect(flat).toContain('Marquage vélo : 0123456789**');
    expect(flat).toContain('Volé à Saint-Étienne (42), signalé le 22 novembre 2026');
    expect(flat).not.toContain('Récompense');
    // An unreadable photo: the flyer without it.
    expect(imageCount).toBe(0);
    expect(qr).toBe('https://veilleurs.example.org/openapp?id=7');
  });
});
