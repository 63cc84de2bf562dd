import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annoncePhotos, annonces, storedFiles } from '../../db/schema/index';
import { buildUser } from '../../../test/factories';
import { photoSizeKeyOf } from '../files/index';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import {
  bicycleFields,
  carFields,
  jpeg,
  loadCatalogue,
  PDF,
  saveAnnonce,
  type Catalogue,
} from './testing/annonce-testing';

describe('saving an announcement (POST /annonce/saveAnnonceGrandPublic, checkStepBeforeSave)', () => {
  let t: TestApp;
  let catalogue: Catalogue;
  let owner: TestUser;
  let stranger: TestUser;

  const rowOf = async (id: number) => {
    const [row] = await t.db.select().from(annonces).where(eq(annonces.id, id));
    if (!row) throw new Error('no row');
    return row;
  };
  const photosOf = async (id: number) =>
    (
      await t.db
        .select({ fileId: annoncePhotos.fileId, position: annoncePhotos.position })
        .from(annoncePhotos)
        .where(eq(annoncePhotos.annonceId, id))
    )
      .sort((a, b) => a.position - b.position)
      .map((row) => row.fileId);
  const keysOf = async (ids: number[]) =>
    ids.length === 0
      ? []
      : (
          await t.db
            .select({ key: storedFiles.storageKey })
            .from(storedFiles)
            .where(inArray(storedFiles.id, ids))
        ).map((row) => row.key);

  beforeAll(async () => {
    t = await buildTestApp();
    catalogue = await loadCatalogue(t.db);
    owner = await buildUser(t.db, { identityStatus: 'IN_PROGRESS' });
    stranger = await buildUser(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a draft from a single field and answers its id', async () => {
    const res = await saveAnnonce(
      t,
      owner,
      { vehicleType: catalogue.car.typeId },
      { currentStep: 1 },
    );
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    const row = await rowOf(id);
    expect(row).toMatchObject({
      ownerId: owner.id,
      status: 'DRAFT',
      creationStep: 1,
      vehicleTypeId: catalogue.car.typeId,
    });
  });

  it('stores identifiers normalised, the town and department of the address', async () => {
    const res = await saveAnnonce(t, owner, carFields(catalogue, { fiscalPower: -3 }), {
      currentStep: 4,
    });
    expect(res.statusCode).toBe(200);
    const row = await rowOf(res.json().id);
    expect(row).toMatchObject({
      licensePlate: 'AB123CD',
      theftCity: 'Toulouse',
      theftDepartmentCode: '31',
      fiscalPower: 0,
      isComplete: false,
    });
  });

  it.each([
    [
      { licensePlate: 'AB-123-OU', licensePlateConfirm: 'AB-123-OU' },
      'licensePlate',
      'annonce.licensePlate.invalidFeedBack',
    ],
    [
      { licensePlateConfirm: 'AB-123-CE' },
      'licensePlateConfirm',
      'annonce.licensePlateConfirm.invalidFeedBack',
    ],
    [{ vin: 'VF1AB000Q12345678' }, 'vin', 'annonce.vin.invalidFeedBack'],
    [{ color: 'TARTAN' }, 'color', 'field.invalid.error'],
  ])(
    'refuses a badly formatted field with 403 naming it (%j)',
    async (overrides, field, messageKey) => {
      const res = await saveAnnonce(t, owner, carFields(catalogue, overrides));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FIELD_INVALID', invalidField: field, messageKey });
    },
  );

  it('checks the required fields up to the current step on checkStepBeforeSave', async () => {
    const fields = carFields(catalogue, { color: null });
    const early = await saveAnnonce(
      t,
      owner,
      fields,
      { currentStep: 3 },
      '/annonce/checkStepBeforeSave',
    );
    expect(early.statusCode).toBe(200);
    const res = await saveAnnonce(
      t,
      owner,
      fields,
      { currentStep: 4 },
      '/annonce/checkStepBeforeSave',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ invalidField: 'color', messageKey: 'MandatoryField' });
  });

  it('asks the identifier of the type: plate for a car, bicycode or serial number for a bicycle', async () => {
    const car = await saveAnnonce(
      t,
      owner,
      carFields(catalogue, { licensePlate: null, licensePlateConfirm: null }),
      { isDraft: 'false' },
    );
    expect(car.json()).toMatchObject({
      invalidField: 'licensePlate',
      messageKey: 'MandatoryField',
    });
    const none = await saveAnnonce(t, owner, bicycleFields(catalogue, { bicycode: null }), {
      isDraft: 'false',
      isFastAnnonce: 'true',
    });
    expect(none.json()).toMatchObject({ invalidField: 'bicycode', messageKey: 'MandatoryField' });
    const serialOnly = await saveAnnonce(
      t,
      owner,
      bicycleFields(catalogue, { bicycode: null, serialNumber: 'wtu 123-456' }),
      { isDraft: 'false', isFastAnnonce: 'true' },
    );
    expect(serialOnly.statusCode).toBe(200);
    expect((await rowOf(serialOnly.json().id)).serialNumber).toBe('WTU123456');
  });

  it('needs the other owner names and identity when the user is not the owner', async () => {
    const res = await saveAnnonce(
      t,
      owner,
      carFields(catalogue, { isProprio: false, lastnameOwner: 'Durand' }),
      { isDraft: 'false', isFastAnnonce: 'true' },
    );
    expect(res.json()).toMatchObject({
      invalidField: 'firstnameOwner',
      messageKey: 'MandatoryField',
    });
  });

  it('refuses an address outside the chosen department, or one that is only a town', async () => {
    const elsewhere = await saveAnnonce(
      t,
      owner,
      carFields(catalogue, {
        address: {
          address: '10 rue du Taur, 31000 Toulouse',
          latitude: 43.6065,
          longitude: 1.442,
          departement: '75',
        },
      }),
    );
    expect(elsewhere.json()).toMatchObject({
      invalidField: 'address',
      messageKey: 'address.department.error',
    });
    const town = await saveAnnonce(
      t,
      owner,
      carFields(catalogue, {
        address: {
          address: 'Toulouse (31000)',
          latitude: 43.6045,
          longitude: 1.444,
          departement: '31',
        },
      }),
    );
    expect(town.json()).toMatchObject({
      invalidField: 'address',
      messageKey: 'address.imprecise.error',
    });
  });

  it('normalises the additional reward: fixed levels, a free amount of at least 1400 rounded up', async () => {
    const low = await saveAnnonce(t, owner, carFields(catalogue), {
      additionnalRewardLevel: 5,
      additionnalRewardAmount: 1399,
    });
    expect(low.json()).toMatchObject({
      invalidField: 'additionnalRewardAmount',
      messageKey: 'additional.reward.free.min',
    });
    const free = await saveAnnonce(t, owner, carFields(catalogue), {
      additionnalRewardLevel: 5,
      additionnalRewardAmount: '1400.2',
    });
    expect(await rowOf(free.json().id)).toMatchObject({
      additionalRewardLevel: 5,
      additionalRewardAmount: 1401,
    });
    const fixed = await saveAnnonce(t, owner, carFields(catalogue), {
      additionnalRewardLevel: 2,
      additionnalRewardAmount: 3,
    });
    expect(await rowOf(fixed.json().id)).toMatchObject({
      additionalRewardLevel: 2,
      additionalRewardAmount: 500,
    });
  });

  it('resets brand and model when the vehicle type changes', async () => {
    const first = await saveAnnonce(t, owner, carFields(catalogue));
    const id = first.json().id;
    const res = await saveAnnonce(
      t,
      owner,
      { ...carFields(catalogue), vehicleType: catalogue.bicycle.typeId },
      { annonceId: id },
    );
    expect(res.statusCode).toBe(200);
    expect(await rowOf(id)).toMatchObject({
      vehicleTypeId: catalogue.bicycle.typeId,
      brandId: null,
      modelId: null,
      licensePlate: null,
    });
  });

  it('stores photos re-encoded without metadata, keeps them by id and removes the others', async () => {
    const first = await saveAnnonce(t, owner, carFields(catalogue), {
      'imagesVehicle[0]': { data: await jpeg('#a33', true), name: 'a.jpg', type: 'image/jpeg' },
      'imagesVehicle[1]': { data: await jpeg('#3a3'), name: 'b.jpg', type: 'image/jpeg' },
      plainteFile: { data: PDF, name: 'plainte.pdf', type: 'application/pdf' },
    });
    expect(first.statusCode).toBe(200);
    const id = first.json().id;
    const [photoA, photoB] = await photosOf(id);
    const [keyA, keyB] = await keysOf([photoA!, photoB!]);
    const stored = await t.deps.storage.get(keyA!);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    expect((await sharp(Buffer.concat(chunks)).metadata()).exif).toBeUndefined();
    // Its WebP sizes are made at upload, next to it, and its pixel size is kept for the pages.
    for (const size of ['small', 'medium', 'large'] as const) {
      const made = await t.deps.storage.get(photoSizeKeyOf(keyA!, size));
      expect(made?.contentType, size).toBe('image/webp');
    }
    const [fileA] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, photoA!));
    const original = await sharp(Buffer.concat(chunks)).metadata();
    expect([fileA?.width, fileA?.height]).toEqual([original.width, original.height]);
    const plainteId = (await rowOf(id)).plainteFileId;
    expect(plainteId).not.toBeNull();

    // The same save again, keeping B only (and the complaint): no new file, A is gone.
    const fileCount = async () =>
      (await t.db.select({ id: storedFiles.id }).from(storedFiles)).length;
    const before = await fileCount();
    const again = await saveAnnonce(t, owner, carFields(catalogue), {
      annonceId: id,
      'imagesVehicleId[0]': photoB!,
      plainteFileId: plainteId!,
    });
    expect(again.statusCode).toBe(200);
    expect(await photosOf(id)).toEqual([photoB]);
    expect((await rowOf(id)).plainteFileId).toBe(plainteId);
    expect(await fileCount()).toBe(before - 1);
    expect(await t.deps.storage.exists(keyA!)).toBe(false);
    expect(await t.deps.storage.exists(photoSizeKeyOf(keyA!, 'small'))).toBe(false);
    expect(await t.deps.storage.exists(keyB!)).toBe(true);

    // A photo id of another announcement cannot be borrowed.
    const other = await saveAnnonce(t, owner, carFields(catalogue), {
      'imagesVehicleId[0]': photoB!,
    });
    expect(other.json()).toMatchObject({
      invalidField: 'vehicleFiles',
      messageKey: 'file.unknown.error',
    });
  });

  it('judges files by their bytes: a pdf is no photo, a program is no document', async () => {
    const photo = await saveAnnonce(t, owner, carFields(catalogue), {
      'imagesVehicle[0]': { data: PDF, name: 'photo.jpg', type: 'image/jpeg' },
    });
    expect(photo.json()).toMatchObject({
      invalidField: 'vehicleFiles',
      messageKey: 'file.type.invalid.error',
    });
    const document = await saveAnnonce(t, owner, carFields(catalogue), {
      carteGriseFile: {
        data: Buffer.from('MZ\x90\x00 this is a program'),
        name: 'carte.pdf',
        type: 'application/pdf',
      },
    });
    expect(document.json()).toMatchObject({
      invalidField: 'carteGriseFile',
      messageKey: 'file.type.invalid.error',
    });
  });

  it('refuses a photo count that does not match the photos sent (a lost part)', async () => {
    const res = await saveAnnonce(t, owner, carFields(catalogue), {
      nbImagesVehicle: 2,
      'imagesVehicle[0]': { data: await jpeg(), name: 'a.jpg', type: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ invalidField: 'nbImagesVehicle' });
  });

  it('refuses more than 10 photos', async () => {
    const image = await jpeg();
    const parts: Record<string, { data: Buffer; name: string; type: string }> = {};
    for (let index = 0; index < 11; index += 1)
      parts[`imagesVehicle[${index}]`] = { data: image, name: `${index}.jpg`, type: 'image/jpeg' };
    const res = await saveAnnonce(t, owner, carFields(catalogue), parts);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      invalidField: 'vehicleFiles',
      messageKey: 'annonce.photos.too.many.error',
    });
  });

  it('refuses a file over 10 MB with 413 naming its field, and accepts a large photo under it', async () => {
    const huge = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await saveAnnonce(t, owner, carFields(catalogue), {
      plainteFile: { data: huge, name: 'plainte.pdf', type: 'application/pdf' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      invalidField: 'plainteFile',
      messageKey: 'file.too.large.error',
    });

    // Noise does not compress: a PNG of a few megabytes, like a phone photo.
    const noise = randomBytes(1200 * 900 * 3);
    const big = await sharp(noise, { raw: { width: 1200, height: 900, channels: 3 } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const ok = await saveAnnonce(t, owner, carFields(catalogue), {
      'imagesVehicle[0]': { data: big, name: 'big.png', type: 'image/png' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it("refuses to save someone else's announcement: 404 for a draft, 403 for a published one", async () => {
    const draft = (await saveAnnonce(t, owner, carFields(catalogue))).json().id;
    const res = await saveAnnonce(t, stranger, carFields(catalogue), { annonceId: draft });
    expect(res.statusCode).toBe(404);
    await t.db.update(annonces).set({ status: 'VALIDATED' }).where(eq(annonces.id, draft));
    const published = await saveAnnonce(t, stranger, carFields(catalogue), { annonceId: draft });
    expect(published.statusCode).toBe(403);
    expect((await rowOf(draft)).ownerId).toBe(owner.id);
  });

  it('never edits a VALIDATED announcement or one whose deletion was asked', async () => {
    const id = (await saveAnnonce(t, owner, carFields(catalogue))).json().id;
    await t.db.update(annonces).set({ status: 'VALIDATED' }).where(eq(annonces.id, id));
    const validated = await saveAnnonce(t, owner, carFields(catalogue), { annonceId: id });
    expect(validated.statusCode).toBe(403);
    expect(validated.json()).toMatchObject({ messageKey: 'annonce.not.editable.error' });
    await t.db
      .update(annonces)
      .set({ status: 'TO_VALIDATE', askedToBeDeletedAt: t.clock.now() })
      .where(eq(annonces.id, id));
    const asked = await saveAnnonce(t, owner, carFields(catalogue), { annonceId: id });
    expect(asked.json()).toMatchObject({ messageKey: 'annonce.not.editable.error' });
  });

  it('leaves nothing behind when writing a file fails: no row, no file', async () => {
    const annoncesBefore = (await t.db.select({ id: annonces.id }).from(annonces)).length;
    const filesBefore = (await t.db.select({ id: storedFiles.id }).from(storedFiles)).length;
    const storage = t.deps.storage;
    const realPut = storage.put.bind(storage);
    const written: string[] = [];
    let calls = 0;
    storage.put = async (key, content, type) => {
      calls += 1;
      if (calls === 2) throw new Error('disk full');
      written.push(key);
      await realPut(key, content, type);
    };
    try {
      const res = await saveAnnonce(t, owner, carFields(catalogue), {
        'imagesVehicle[0]': { data: await jpeg(), name: 'a.jpg', type: 'image/jpeg' },
        'imagesVehicle[1]': { data: await jpeg('#33a'), name: 'b.jpg', type: 'image/jpeg' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 'INTERNAL', messageKey: 'internal.server.error' });
    } finally {
      storage.put = realPut;
    }
    expect(written).toHaveLength(1);
    expect(await storage.exists(written[0]!)).toBe(false);
    expect((await t.db.select({ id: annonces.id }).from(annonces)).length).toBe(annoncesBefore);
    expect((await t.db.select({ id: storedFiles.id }).from(storedFiles)).length).toBe(filesBefore);
  });

  it('answers 400 naming the field for a malformed form, 401 without a session', async () => {
    const bad = await saveAnnonce(t, owner, { vehicleType: 'car' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: 'vehicleType' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/annonce/saveAnnonceGrandPublic',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
