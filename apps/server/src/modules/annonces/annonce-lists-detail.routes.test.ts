import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annonces, storedFiles } from '../../db/schema/index';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import {
  carFields,
  jpeg,
  loadCatalogue,
  PDF,
  saveAnnonce,
  type Catalogue,
} from './testing/annonce-testing';

describe('my announcements, favourites, detail and deletion', () => {
  let t: TestApp;
  let catalogue: Catalogue;
  let owner: TestUser;
  let visitor: TestUser;
  let admin: TestUser;
  let published: number;
  let draftId: number;

  const get = (user: TestUser, url: string) => t.injectAs(user, { method: 'GET', url });
  const toggle = (user: TestUser, annonceId: number) =>
    t.injectAs(user, {
      method: 'POST',
      url: '/annonce/updateFavoris',
      payload: { annonceId },
    });
  const setStatus = (id: number, status: string) =>
    t.db.update(annonces).set({ status }).where(eq(annonces.id, id));

  beforeAll(async () => {
    t = await buildTestApp();
    catalogue = await loadCatalogue(t.db);
    owner = await buildUser(t.db, {
      identityStatus: 'ACCEPTED',
      firstname: 'Gaspard',
      lastname: 'Lheureux',
    });
    visitor = await buildUser(t.db);
    admin = await buildUser(t.db, { roles: ['ROLE_ADMIN'] });
    const saved = await saveAnnonce(
      t,
      owner,
      carFields(catalogue, {
        isProprio: false,
        firstnameOwner: 'Huguette',
        lastnameOwner: 'Vasseur',
      }),
      {
        isFastAnnonce: 'true',
        'imagesVehicle[0]': { data: await jpeg(), name: 'a.jpg', type: 'image/jpeg' },
        'imagesVehicle[1]': { data: await jpeg(), name: 'b.jpg', type: 'image/jpeg' },
        identityRecto: { data: PDF, name: 'recto.pdf', type: 'application/pdf' },
        identityVerso: { data: PDF, name: 'verso.pdf', type: 'application/pdf' },
        plainteFile: { data: PDF, name: 'plainte.pdf', type: 'application/pdf' },
      },
    );
    published = saved.json().id;
    const publish = await t.injectAs(owner, {
      method: 'POST',
      url: '/annonce/publishAnnonceGP',
      payload: { annonceIds: String(published) },
    });
    expect(publish.statusCode).toBe(200);
    draftId = (
      await saveAnnonce(
        t,
        owner,
        carFields(catalogue, { licensePlate: 'GH-456-KL', licensePlateConfirm: 'GH456KL' }),
        { isFastAnnonce: 'true' },
      )
    ).json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('groups my announcements: drafts, in validation, validated', async () => {
    const res = await get(owner, '/annonce/getMyAnnonce');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.annoncesDraft.map((card: { id: number }) => card.id)).toContain(draftId);
    expect(body.toValidate.map((card: { id: number }) => card.id)).toEqual([published]);
    expect(body.validated).toEqual([]);
    const card = body.toValidate[0];
    expect(card).toMatchObject({
      id: published,
      serverId: published,
      licensePlate: 'AB-123-**',
      address: '10 rue du Taur, 31000 Toulouse',
      departement: '31',
      status: { value: 'TO_VALIDATE' },
      isMine: true,
      askedToBeDeleted: false,
      annonceFavorite: false,
    });
    // Awaiting validation, so only its owner sees it: a short-lived link, not a lasting one.
    expect(card.vehicleFiles[0].fileUrl).toMatch(
      /^http:\/\/localhost:\d+\/files\/\d+\?expires=\d+&signature=[\w-]+$/,
    );
    const photo = await t.app.inject({
      method: 'GET',
      url: card.vehicleFiles[0].thumbnailUrl.replace(/^https?:\/\/[^/]+/, ''),
    });
    expect(photo.statusCode).toBe(200);
    // Its pixel size and WebP sizes (issue 17), on short-lived links too, each of which opens.
    expect(card.vehicleFiles[0]).toMatchObject({ width: 64, height: 48 });
    expect(card.vehicleFiles[0].sources).toEqual([
      {
        url: expect.stringMatching(/\/files\/\d+\/small\?expires=\d+&signature=/),
        type: 'image/webp',
        width: 64,
      },
      {
        url: expect.stringMatching(/\/files\/\d+\/medium\?expires=\d+&signature=/),
        type: 'image/webp',
        width: 64,
      },
      {
        url: expect.stringMatching(/\/files\/\d+\/large\?expires=\d+&signature=/),
        type: 'image/webp',
        width: 64,
      },
    ]);
    for (const source of card.vehicleFiles[0].sources as { url: string }[]) {
      const webp = await t.app.inject({
        method: 'GET',
        url: source.url.replace(/^https?:\/\/[^/]+/, ''),
      });
      expect(webp.statusCode).toBe(200);
      expect(webp.headers['content-type']).toBe('image/webp');
    }
    // The photos a card does not draw: the contract's id and fileUrl, which opens, and nothing
    // else (their sizes were 30 % of the demo's home).
    expect(card.vehicleFiles).toHaveLength(2);
    expect(card.vehicleFiles[1]).toEqual({
      id: expect.any(Number),
      fileUrl: expect.stringMatching(/\/files\/\d+\?expires=\d+&signature=[\w-]+$/),
    });
    const second = await t.app.inject({
      method: 'GET',
      url: card.vehicleFiles[1].fileUrl.replace(/^https?:\/\/[^/]+/, ''),
    });
    expect(second.statusCode).toBe(200);
    expect(card.title).not.toBe('');
  });

  it('keeps "my announcements" to the individual roles', async () => {
    expect((await get(admin, '/annonce/getMyAnnonce')).statusCode).toBe(403);
    expect((await get(admin, '/annonce/getMyFavorites')).statusCode).toBe(200);
  });

  it('lists the drafts ready to publish only', async () => {
    const unfinished = (await saveAnnonce(t, owner, { vehicleType: catalogue.car.typeId })).json()
      .id;
    const res = await get(owner, '/annonce/getMyDraftAnnonceReadyToPublish');
    const ids = res.json().map((card: { id: number }) => card.id);
    expect(ids).toContain(draftId);
    expect(ids).not.toContain(unfinished);
    expect(ids).not.toContain(published);
  });

  it('hides an announcement in validation from anyone but its owner (404)', async () => {
    expect((await get(visitor, `/annonce/${published}`)).statusCode).toBe(404);
    expect((await get(visitor, `/annonce/${draftId}`)).statusCode).toBe(404);
    expect((await toggle(visitor, draftId)).statusCode).toBe(404);
    expect((await get(owner, `/annonce/${published}`)).statusCode).toBe(200);
  });

  it('shows the owner everything: full plate, names, signed document links, where to resume', async () => {
    const res = await get(owner, `/annonce/${published}`);
    const body = res.json();
    expect(body).toMatchObject({
      isMine: true,
      firstnameOwner: 'Huguette',
      lastnameOwner: 'Vasseur',
      canEdit: true,
      resume: { step: 4, minStep: 4, maxStep: 4, mode: 'edit' },
      relativeDate: "à l'instant",
    });
    expect(body.vehicle.licensePlate).toBe('AB-123-CD');
    expect(body.vehicle.depotPlainteFile.fileUrl).toMatch(/\/files\/\d+\?expires=\d+&signature=/);
    expect(body.vehicle.identityRectoFile.isPdf).toBe(true);
    expect(body.completionDeadline).not.toBeNull();
  });

  it('shows anyone else a published announcement without a private field, counting one view per user', async () => {
    await setStatus(published, 'VALIDATED');
    t.clock.advance(3 * 60 * 60 * 1000);
    const res = await get(visitor, `/annonce/${published}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      isMine: false,
      nbViews: 1,
      firstnameOwner: null,
      lastnameOwner: null,
      canEdit: false,
      resume: null,
      relativeDate: 'il y a 3 heures',
      completionDeadline: null,
    });
    expect(body.vehicle.licensePlate).toBe('AB-123-**');
    expect(body.vehicle.vehicleImages[0]).toMatchObject({ width: 64, height: 48 });
    expect(body.vehicle.vehicleImages[0].sources[2].url).toMatch(
      /\/files\/\d+\/large\?signature=[\w-]+$/,
    );
    expect(body.vehicle.theftPosition).toMatchObject({
      address: 'Toulouse',
      latitude: 43.61,
      longitude: 1.44,
    });
    for (const document of [
      'identityRectoFile',
      'identityVersoFile',
      'carteGriseFile',
      'depotPlainteFile',
    ]) {
      expect(body.vehicle[document]).toBeNull();
    }
    expect(body.assuranceFile).toBeNull();
    const text = res.body;
    for (const secret of [
      'AB123CD',
      'AB-123-CD',
      'Huguette',
      'Vasseur',
      'Gaspard',
      'Lheureux',
      'rue du Taur',
      // Private files travel only as short-lived links; public photos carry a lasting signature.
      'expires=',
    ]) {
      expect(text).not.toContain(secret);
    }

    expect((await get(visitor, `/annonce/${published}`)).json().nbViews).toBe(1);
    expect((await get(owner, `/annonce/${published}`)).json().nbViews).toBe(1);
    expect((await get(admin, `/annonce/${published}`)).json().nbViews).toBe(2);
  });

  it('toggles a favourite on and off and lists it', async () => {
    const on = await toggle(visitor, published);
    expect(on.json()).toEqual({ annonceFavorite: true });
    const list = (await get(visitor, '/annonce/getMyFavorites')).json();
    expect(list.map((card: { id: number }) => card.id)).toEqual([published]);
    expect(list[0]).toMatchObject({
      annonceFavorite: true,
      userHasSeenAnnonce: true,
      isMine: false,
      address: 'Toulouse',
      licensePlate: 'AB-123-**',
    });
    expect((await get(visitor, `/annonce/${published}`)).json().annonceFavorite).toBe(true);
    expect((await toggle(visitor, published)).json()).toEqual({ annonceFavorite: false });
    expect((await get(visitor, '/annonce/getMyFavorites')).json()).toEqual([]);
    expect((await toggle(visitor, 999999)).statusCode).toBe(404);
  });

  it('deletes a draft with its files, and only a draft, and only its owner', async () => {
    const saved = await saveAnnonce(t, owner, carFields(catalogue), {
      'imagesVehicle[0]': { data: await jpeg(), name: 'a.jpg', type: 'image/jpeg' },
    });
    const id = saved.json().id;
    const [file] = await t.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.ownerId, owner.id))
      .orderBy(storedFiles.id);
    expect(file).toBeDefined();
    const lastFiles = await t.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.ownerId, owner.id));
    const newest = lastFiles.sort((a, b) => b.id - a.id)[0]!;

    expect(
      (await t.injectAs(visitor, { method: 'DELETE', url: `/annonce/deleteForUser/${id}` }))
        .statusCode,
    ).toBe(404);
    const refused = await t.injectAs(owner, {
      method: 'DELETE',
      url: `/annonce/deleteForUser/${published}`,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ messageKey: 'annonce.delete.not.draft.error' });

    const res = await t.injectAs(owner, { method: 'DELETE', url: `/annonce/deleteForUser/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    expect(await t.db.select().from(annonces).where(eq(annonces.id, id))).toEqual([]);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, newest.id))).toEqual([]);
    expect(await t.deps.storage.exists(newest.storageKey)).toBe(false);
    expect(
      (await t.injectAs(owner, { method: 'DELETE', url: `/annonce/deleteForUser/${id}` }))
        .statusCode,
    ).toBe(404);
  });

  it('asks for the deletion of a published announcement once, then answers "already asked"', async () => {
    const url = `/annonce/askToDeleteAnnonceGrandPublic/${published}`;
    expect((await t.injectAs(visitor, { method: 'DELETE', url })).statusCode).toBe(403);
    const first = await t.injectAs(owner, { method: 'DELETE', url });
    expect(first.json()).toEqual({ askedToBeDeleted: true, alreadyAsked: false });
    const second = await t.injectAs(owner, { method: 'DELETE', url });
    expect(second.json()).toEqual({ askedToBeDeleted: true, alreadyAsked: true });
    const detail = (await get(owner, `/annonce/${published}`)).json();
    expect(detail).toMatchObject({ askedToBeDeleted: true, canEdit: false });
    const onDraft = await t.injectAs(owner, {
      method: 'DELETE',
      url: `/annonce/askToDeleteAnnonceGrandPublic/${draftId}`,
    });
    expect(onDraft.json()).toMatchObject({ messageKey: 'annonce.ask.delete.draft.error' });
  });

  it('answers 400 for a malformed id and 404 JSON for an unknown one', async () => {
    expect((await get(owner, '/annonce/abc')).statusCode).toBe(400);
    const unknown = await get(owner, '/annonce/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', messageKey: 'resource.not.found' });
  });
});
