import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  annonces,
  identifierChecks,
  lampionEvents,
  matchReportPhotos,
  matchReports,
  notifications,
  storedFiles,
} from '../../db/schema/index';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import {
  jpeg,
  loadCatalogue,
  multipart,
  TOULOUSE_ADDRESS,
  type Catalogue,
} from '../annonces/testing/annonce-testing';

type Part = string | { data: Buffer; name: string; type?: string };

describe('match reports (saveMatchAnnonceGrandPublic, getUserInfoMatches, MatchShow)', () => {
  let t: TestApp;
  let catalogue: Catalogue;
  let owner: TestUser;
  let watcher: TestUser;

  const carMatch = (overrides: Record<string, unknown> = {}) => ({
    address: TOULOUSE_ADDRESS,
    vehicleType: catalogue.car.typeId,
    brand: catalogue.car.brandId,
    model: catalogue.car.modelId,
    vin: 'VF1AB000123456789',
    color: 'BLUE',
    energy: 'DIESEL',
    description: 'Garée devant la boulangerie.',
    ...overrides,
  });

  async function send(
    user: TestUser,
    annonceId: number | null,
    match: Record<string, unknown>,
    photos: Buffer[],
    extra: Record<string, Part> = {},
  ) {
    const parts: Record<string, Part> = {
      match: JSON.stringify(match),
      scannedIdentifier: JSON.stringify({ licensePlate: 'AB123CD', annonceId }),
      nbImagesVehicle: String(photos.length),
      ...extra,
    };
    photos.forEach((data, i) => {
      parts[`imagesVehicle[${i}]`] = { data, name: `photo-${i}.jpg`, type: 'image/jpeg' };
    });
    const body = await multipart(parts);
    return t.injectAs(user, {
      method: 'POST',
      url: '/matchAnnonce/saveMatchAnnonceGrandPublic',
      payload: body.payload,
      headers: body.headers,
    });
  }
  const reportsOf = (userId: number) =>
    t.db.select().from(matchReports).where(eq(matchReports.watcherId, userId));
  const filesOf = (userId: number) =>
    t.db.select().from(storedFiles).where(eq(storedFiles.ownerId, userId));
  const storedMatchFiles = async () => {
    try {
      return await fs.readdir(path.join(t.dataDir, 'files', 'private', 'matches'));
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    t = await buildTestApp();
    catalogue = await loadCatalogue(t.db);
    owner = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    watcher = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('requires authentication', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/matchAnnonce/saveMatchAnnonceGrandPublic',
    });
    expect(res.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/user/getUserInfoMatches' })).statusCode,
    ).toBe(401);
  });

  it('saves the report with its photos stripped of metadata, moves the announcement to MATCH_TO_VALIDATE and gives 20 lampions', async () => {
    const annonce = await buildAnnonce(t.db, {
      ownerId: owner.id,
      licensePlate: 'AB123CD',
      vehicleTypeId: catalogue.car.typeId,
    });
    // The check that led there is linked to the report.
    const check = await t.injectAs(watcher, {
      method: 'POST',
      url: '/scannedIdentifier/getMatchResult',
      payload: { scannedIdentifier: JSON.stringify({ licensePlate: 'AB-123-CD' }) },
    });
    expect(check.json().annonceId).toBe(annonce.id);

    const res = await send(watcher, annonce.id, carMatch(), [
      await jpeg('#a33', true),
      await jpeg('#3a3'),
    ]);
    expect(res.statusCode).toBe(200);
    const { id, lampionsGained } = res.json();
    expect(lampionsGained).toBe(20);
    const [report] = await t.db.select().from(matchReports).where(eq(matchReports.id, id));
    const [checkRow] = await t.db
      .select()
      .from(identifierChecks)
      .where(eq(identifierChecks.userId, watcher.id));
    expect(report).toMatchObject({
      annonceId: annonce.id,
      watcherId: watcher.id,
      identifierCheckId: checkRow!.id,
      status: 'TO_VALIDATE',
      address: TOULOUSE_ADDRESS.address,
      latitude: TOULOUSE_ADDRESS.latitude,
      departmentCode: '31',
      vehicleTypeId: catalogue.car.typeId,
      vin: 'VF1AB000123456789',
      color: 'BLUE',
      lampionsGained: 20,
      createdAt: t.clock.now(),
    });
    const [row] = await t.db.select().from(annonces).where(eq(annonces.id, annonce.id));
    expect(row!.status).toBe('MATCH_TO_VALIDATE');
    // The owner is told, without the watcher's name or the place.
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.type, 'ADMIN_NOTIFICATION')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      type: 'ADMIN_NOTIFICATION',
      objectId: annonce.id,
      params: expect.objectContaining({ event: 'MATCH_REPORTED' }),
    });
    expect(JSON.stringify(told[0])).not.toContain('boulangerie');

    const photos = await t.db
      .select({ fileId: matchReportPhotos.fileId, position: matchReportPhotos.position })
      .from(matchReportPhotos)
      .where(eq(matchReportPhotos.matchReportId, id));
    expect(photos.map((photo) => photo.position).sort()).toEqual([0, 1]);
    const files = await filesOf(watcher.id);
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(file).toMatchObject({ visibility: 'private', mimeType: 'image/jpeg' });
      const bytes = await fs.readFile(path.join(t.dataDir, 'files', file.storageKey));
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    }
    // Public by id? No: a sighting photo needs a signed link.
    expect(
      (await t.app.inject({ method: 'GET', url: `/files/${files[0]!.id}` })).statusCode,
    ).not.toBe(200);
    const events = await t.db
      .select()
      .from(lampionEvents)
      .where(eq(lampionEvents.userId, watcher.id));
    expect(events.find((event) => event.kind === 'MATCH_REPORTED')).toMatchObject({
      points: 20,
      objectType: 'Annonce',
      objectId: annonce.id,
    });

    // One open report per announcement: a second one is refused, nothing is added.
    const again = await send(watcher, annonce.id, carMatch(), [await jpeg()]);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ messageKey: 'match.already.reported.error' });
    expect(await reportsOf(watcher.id)).toHaveLength(1);
    expect(await filesOf(watcher.id)).toHaveLength(2);
  });

  it('applies the mandatory rule in the form order; the VIN is optional but checked when typed', async () => {
    const annonce = await buildAnnonce(t.db, { ownerId: owner.id });
    const user = await buildUser(t.db, { identityStatus: 'IN_PROGRESS' });
    const photo = await jpeg();
    let res = await send(user, annonce.id, carMatch({ address: null, color: null }), [photo]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ invalidField: 'address', messageKey: 'MandatoryField' });
    for (const [field, value] of [
      ['vehicleType', null],
      ['brand', null],
      ['model', null],
      ['color', ''],
    ] as const) {
      res = await send(user, annonce.id, carMatch({ [field]: value }), [photo]);
      expect(res.statusCode, field).toBe(403);
      expect(res.json()).toMatchObject({ invalidField: field, messageKey: 'MandatoryField' });
    }
    res = await send(user, annonce.id, carMatch({ vin: 'VF1' }), [photo]);
    expect(res.json()).toMatchObject({
      invalidField: 'vin',
      messageKey: 'annonce.vin.invalidFeedBack',
    });
    // A model of another brand is refused (the reset rules, enforced).
    res = await send(user, annonce.id, carMatch({ model: catalogue.bicycle.modelId }), [photo]);
    expect(res.json()).toMatchObject({ invalidField: 'model' });
    // A bicycle needs no VIN, and the description is optional.
    res = await send(
      user,
      annonce.id,
      {
        address: TOULOUSE_ADDRESS,
        vehicleType: catalogue.bicycle.typeId,
        brand: catalogue.bicycle.brandId,
        model: catalogue.bicycle.modelId,
        color: 'RED',
      },
      [photo],
    );
    expect(res.statusCode).toBe(200);
  });

  it("takes Karim's report of a car without VIN, energy, finish or description", async () => {
    const annonce = await buildAnnonce(t.db, { ownerId: owner.id });
    const karim = await buildUser(t.db, { identityStatus: 'IN_PROGRESS' });
    const res = await send(
      karim,
      annonce.id,
      carMatch({ vin: '', energy: null, modelFinish: null, description: null }),
      [await jpeg()],
    );
    expect(res.statusCode).toBe(200);
    expect(await reportsOf(karim.id)).toHaveLength(1);
  });

  it('needs at least one photo, png or jpeg, and as many as announced', async () => {
    const annonce = await buildAnnonce(t.db, { ownerId: owner.id });
    const user = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    let res = await send(user, annonce.id, carMatch(), []);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      invalidField: 'imagesVehicle',
      messageKey: 'MandatoryField',
    });
    res = await send(user, annonce.id, carMatch(), [Buffer.from('%PDF-1.7\n%%EOF\n')]);
    expect(res.json()).toMatchObject({
      invalidField: 'imagesVehicle',
      messageKey: 'file.type.invalid.error',
    });
    res = await send(user, annonce.id, carMatch(), [await jpeg()], { nbImagesVehicle: '2' });
    expect(res.statusCode).toBe(400);
    expect(await reportsOf(user.id)).toHaveLength(0);
    expect(await filesOf(user.id)).toHaveLength(0);
  });

  it('refuses a report on the watcher’s own announcement, or on one not looked for', async () => {
    const own = await buildAnnonce(t.db, { ownerId: watcher.id });
    let res = await send(watcher, own.id, carMatch(), [await jpeg()]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ messageKey: 'match.own.annonce.error' });
    const draft = await buildAnnonce(t.db, { ownerId: owner.id, status: 'DRAFT' });
    res = await send(watcher, draft.id, carMatch(), [await jpeg()]);
    expect(res.statusCode).toBe(404);
    res = await send(watcher, 2_000_000_000, carMatch(), [await jpeg()]);
    expect(res.statusCode).toBe(404);
  });

  it('asks for an identity first', async () => {
    const annonce = await buildAnnonce(t.db, { ownerId: owner.id });
    const user = await buildUser(t.db, { identityStatus: 'REFUSED' });
    const res = await send(user, annonce.id, carMatch(), [await jpeg()]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      messageKey: 'identity.required.error',
      invalidField: 'identity',
    });
  });

  it('writes files and rows together or not at all', async () => {
    const annonce = await buildAnnonce(t.db, { ownerId: owner.id });
    const user = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    const before = await storedMatchFiles();

    // The second photo cannot be stored: the first one is removed, no row is written.
    const storage = t.deps.storage;
    const put = storage.put.bind(storage);
    let calls = 0;
    storage.put = async (key, content, type) => {
      calls += 1;
      if (calls === 2) throw new Error('disk full');
      return put(key, content, type);
    };
    try {
      const res = await send(user, annonce.id, carMatch(), [await jpeg(), await jpeg('#33a')]);
      expect(res.statusCode).toBe(500);
    } finally {
      storage.put = put;
    }
    expect(await storedMatchFiles()).toEqual(before);

    // The transaction fails at its very end: rows rolled back, files deleted.
    const db = t.db;
    const transaction = db.transaction.bind(db);
    db.transaction = (async (run: (tx: typeof db) => Promise<unknown>) =>
      transaction(async (tx) => {
        await run(tx as typeof db);
        throw new Error('connection lost');
      })) as unknown as typeof db.transaction;
    try {
      const res = await send(user, annonce.id, carMatch(), [await jpeg()]);
      expect(res.statusCode).toBe(500);
    } finally {
      db.transaction = transaction;
    }
    expect(await storedMatchFiles()).toEqual(before);
    expect(await reportsOf(user.id)).toHaveLength(0);
    expect(await filesOf(user.id)).toHaveLength(0);
    const [row] = await t.db.select().from(annonces).where(eq(annonces.id, annonce.id));
    expect(row!.status).toBe('VALIDATED');
    const events = await t.db.select().from(lampionEvents).where(eq(lampionEvents.userId, user.id));
    expect(events).toHaveLength(0);
  });

  it('lists my matches in three groups; FINISHED shows restitution, money and lampions', async () => {
    const user = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    const statuses = ['TO_VALIDATE', 'VALIDATED', 'FINISHED', 'REFUSED', 'INVALID'] as const;
    const ids: Record<string, number> = {};
    for (const status of statuses) {
      const annonce = await buildAnnonce(t.db, {
        ownerId: owner.id,
        licensePlate: 'XY123ZA',
        theftAddress: '7 rue Secrète 31000 Toulouse',
      });
      const [report] = await t.db
        .insert(matchReports)
        .values({
          annonceId: annonce.id,
          watcherId: user.id,
          status,
          address: 'Parking du centre',
          createdAt: t.clock.now(),
          lampionsGained: status === 'FINISHED' ? 720 : 20,
          ...(status === 'FINISHED'
            ? { restitutionDate: new Date('2026-11-20T09:00:00Z'), moneyGained: 300 }
            : {}),
        })
        .returning({ id: matchReports.id });
      ids[status] = report!.id;
    }
    const res = await t.injectAs(user, { method: 'GET', url: '/user/getUserInfoMatches' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const serverIds = (list: { serverId: number }[]) => list.map((item) => item.serverId).sort();
    expect(serverIds(body.currentMatches)).toEqual([ids.TO_VALIDATE, ids.VALIDATED].sort());
    expect(serverIds(body.validatedMatches)).toEqual([ids.FINISHED]);
    expect(serverIds(body.refusedMatches)).toEqual([ids.REFUSED, ids.INVALID].sort());
    expect(body.validatedMatches[0]).toMatchObject({
      restitutionDate: '2026-11-20T09:00:00.000Z',
      moneyGained: 300,
      lampionsGained: 720,
      status: { value: 'FINISHED' },
      address: 'Parking du centre',
      theftPosition: { latitude: 43.6, longitude: 1.44, city: 'Toulouse' },
    });
    // Never the owner's address or the identifier of the announcement.
    expect(res.body).not.toContain('Secrète');
    expect(res.body).not.toContain('XY123ZA');
    expect(body.currentMatches[0].restitutionDate).toBeNull();
  });

  it('MatchShow shows my own reports on an announcement with signed photo links; nobody else sees them', async () => {
    const [report] = await reportsOf(watcher.id);
    const url = `/matchAnnonce/getMyMatchForAnnonce/${report!.annonceId}`;
    const res = await t.injectAs(watcher, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.matches).toHaveLength(1);
    expect(body.matches[0]).toMatchObject({
      serverId: report!.id,
      description: 'Garée devant la boulangerie.',
      color: 'BLUE',
    });
    expect(body.matches[0].photos).toHaveLength(2);
    const photoUrl = new URL(body.matches[0].photos[0].fileUrl);
    const photo = await t.app.inject({ method: 'GET', url: photoUrl.pathname + photoUrl.search });
    expect(photo.statusCode).toBe(200);

    const stranger = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    expect((await t.injectAs(stranger, { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.injectAs(owner, { method: 'GET', url })).statusCode).toBe(404);
    const lists = await t.injectAs(stranger, { method: 'GET', url: '/user/getUserInfoMatches' });
    expect(lists.json()).toEqual({ currentMatches: [], validatedMatches: [], refusedMatches: [] });
  });
});
