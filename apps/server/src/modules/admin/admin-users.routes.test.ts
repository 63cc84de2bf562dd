import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  annonces,
  brands,
  favourites,
  feedbackMessages,
  lampionEvents,
  matchReports,
  models,
  notifications,
  paymentPromises,
  storedFiles,
  userDocuments,
  users,
} from '../../db/schema/index';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { loadCatalogue } from '../annonces/testing/annonce-testing';
import { addPhoto, addUserDocument, buildStoredFile } from './testing/admin-testing';

describe('admin: users, deletions, catalogue, feedback', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await buildUser(t.db, { roles: ['ROLE_SUPER_ADMIN'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.injectAs(admin, { method, url, payload });

  it('searches users by e-mail, name or id', async () => {
    const user = await buildUser(t.db, { lastname: 'Zébulon-Unique' });
    const byName = (await asAdmin('GET', '/admin/api/users?q=zébulon')).json();
    expect(byName.items.map((u: { id: number }) => u.id)).toEqual([user.id]);
    const byMail = (
      await asAdmin('GET', `/admin/api/users?q=${encodeURIComponent(user.username.slice(0, 20))}`)
    ).json();
    expect(byMail.items[0]).toMatchObject({ id: user.id, locked: false });
    const byId = (await asAdmin('GET', `/admin/api/users?q=${user.id}`)).json();
    expect(byId.items.map((u: { id: number }) => u.id)).toContain(user.id);
    const wildcard = (await asAdmin('GET', '/admin/api/users?q=%25%25%25')).json();
    expect(wildcard.total).toBe(0);
  });

  it('grants and removes super watcher, audited', async () => {
    const user = await buildUser(t.db);
    const granted = await asAdmin('POST', `/admin/api/user/${user.id}/superWatcher`, {
      granted: true,
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().roles).toEqual([
      'ROLE_INDIVIDUAL_CONFIRMED',
      'ROLE_INDIVIDUAL_SUPER_WATCHER',
    ]);
    const removed = await asAdmin('POST', `/admin/api/user/${user.id}/superWatcher`, {
      granted: false,
    });
    expect(removed.json().roles).toEqual(['ROLE_INDIVIDUAL_CONFIRMED']);
    const audit = await t.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.objectId, user.id));
    expect(audit.map((row) => row.action)).toEqual([
      'SUPER_WATCHER_GRANTED',
      'SUPER_WATCHER_REMOVED',
    ]);
  });

  it('adds and removes lampions with a reason through the ledger', async () => {
    const user = await buildUser(t.db);
    const added = await asAdmin('POST', `/admin/api/user/${user.id}/lampions`, {
      points: 150,
      reason: 'Aide à la modération',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().lampions).toBe(150);
    const removed = await asAdmin('POST', `/admin/api/user/${user.id}/lampions`, {
      points: -40,
      reason: 'Doublon',
    });
    expect(removed.json().lampions).toBe(110);
    const events = await t.db
      .select({ kind: lampionEvents.kind, points: lampionEvents.points })
      .from(lampionEvents)
      .where(eq(lampionEvents.userId, user.id));
    expect(events).toEqual([
      { kind: 'ADMIN_ADDED', points: 150 },
      { kind: 'ADMIN_REMOVED', points: -40 },
    ]);
    const lampions = await t.injectAs(user, { method: 'GET', url: '/user/getUserInfoLampions' });
    expect(lampions.json()).toMatchObject({ lampionsUser: 110 });
    const noReason = await asAdmin('POST', `/admin/api/user/${user.id}/lampions`, {
      points: 10,
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const zero = await asAdmin('POST', `/admin/api/user/${user.id}/lampions`, {
      points: 0,
      reason: 'x',
    });
    expect(zero.statusCode).toBe(400);
  });

  it('impersonates an individual user (audited twice: auth table and admin log)', async () => {
    const user = await buildUser(t.db);
    const res = await asAdmin('POST', `/admin/api/user/${user.id}/impersonate`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ username: user.username, impersonatorId: admin.id });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/user/getUserInfoLampions',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(profile.statusCode).toBe(200);
    const [audit] = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'USER_IMPERSONATED'));
    expect(audit).toMatchObject({ objectId: user.id, adminId: admin.id });
    const other = await buildUser(t.db, { roles: ['ROLE_ADMIN'] });
    expect((await asAdmin('POST', `/admin/api/user/${other.id}/impersonate`)).statusCode).toBe(403);
  });

  describe('deletion requests', () => {
    it('lists announcements and accounts whose deletion was asked', async () => {
      const asked = await buildAnnonce(t.db, {
        askedToBeDeletedAt: new Date('2026-11-15T00:00:00Z'),
      });
      const leaving = await buildUser(t.db, {
        askedToBeDeletedAt: new Date('2026-11-16T00:00:00Z'),
      });
      const res = (await asAdmin('GET', '/admin/api/deletions')).json();
      expect(res.annonces.map((a: { id: number }) => a.id)).toContain(asked.id);
      expect(res.accounts.map((u: { id: number }) => u.id)).toContain(leaving.id);
      const dashboard = (await asAdmin('GET', '/admin/api/dashboard')).json();
      expect(dashboard.annonceDeletionRequests).toBeGreaterThanOrEqual(1);
      expect(dashboard.accountDeletionRequests).toBeGreaterThanOrEqual(1);
    });

    it('deletes an announcement: DELETED, personal data and files erased, promise kept', async () => {
      const owner = await buildUser(t.db);
      const photo = await buildStoredFile(t.db, owner.id, { storage: t.deps.storage });
      const plainte = await buildStoredFile(t.db, owner.id, { storage: t.deps.storage, pdf: true });
      const annonce = await buildAnnonce(t.db, {
        ownerId: owner.id,
        licensePlate: 'AB123CD',
        firstnameOwner: 'Jean',
        plainteFileId: plainte.id,
        askedToBeDeletedAt: new Date('2026-11-15T00:00:00Z'),
      });
      await addPhoto(t.db, annonce.id, photo.id);
      await t.db.insert(paymentPromises).values({
        annonceId: annonce.id,
        userId: owner.id,
        isLicensed: true,
        price: 300,
        additionalRewardAmount: 0,
        total: 300,
        promisedAt: new Date('2026-11-01T00:00:00Z'),
      });
      const res = await asAdmin('POST', `/admin/api/annonce/${annonce.id}/delete`);
      expect(res.statusCode).toBe(200);
      const [row] = await t.db.select().from(annonces).where(eq(annonces.id, annonce.id));
      expect(row).toMatchObject({
        status: 'DELETED',
        licensePlate: null,
        firstnameOwner: null,
        plainteFileId: null,
        theftAddress: null,
      });
      expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, photo.id))).toEqual([]);
      expect(await t.deps.storage.exists(photo.storageKey)).toBe(false);
      expect(await t.deps.storage.exists(plainte.storageKey)).toBe(false);
      const promises = await t.db
        .select()
        .from(paymentPromises)
        .where(eq(paymentPromises.annonceId, annonce.id));
      expect(promises).toHaveLength(1);
      expect((await asAdmin('POST', `/admin/api/annonce/${annonce.id}/delete`)).statusCode).toBe(
        403,
      );
    });

    it('erases an account: no personal data, documents or sessions left; cannot log in', async () => {
      const user = await buildUser(t.db, {
        phoneNumber: '+33612345678',
        askedToBeDeletedAt: new Date('2026-11-16T00:00:00Z'),
      });
      const recto = await buildStoredFile(t.db, user.id, { storage: t.deps.storage });
      await addUserDocument(t.db, user.id, 'IDENTITY_RECTO', recto.id);
      const annonce = await buildAnnonce(t.db, { ownerId: user.id, licensePlate: 'AB123CD' });
      const liked = await buildAnnonce(t.db);
      await t.db
        .insert(favourites)
        .values({ userId: user.id, annonceId: liked.id, createdAt: new Date() });
      // Told of a car stolen near where the account was: where it was, for whoever reads the rows.
      await t.db.insert(notifications).values({
        userId: user.id,
        type: 'NEW_NEAR_VEHICLES',
        objectType: 'Annonce',
        objectId: liked.id,
        params: { city: 'Toulouse' },
        createdAt: new Date(),
      });
      const res = await asAdmin('POST', `/admin/api/user/${user.id}/delete`);
      expect(res.statusCode).toBe(200);
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({
        username: `erased-${user.id}@erased.invalid`,
        firstname: '',
        lastname: '',
        phoneNumber: null,
        roles: [],
      });
      expect(
        await t.db.select().from(userDocuments).where(eq(userDocuments.userId, user.id)),
      ).toEqual([]);
      expect(await t.deps.storage.exists(recto.storageKey)).toBe(false);
      expect(await t.db.select().from(favourites).where(eq(favourites.userId, user.id))).toEqual(
        [],
      );
      // Notifications keep no foreign key to users (issue 20): the erasure deletes them itself.
      expect(
        await t.db.select().from(notifications).where(eq(notifications.userId, user.id)),
      ).toEqual([]);
      const [erasedAnnonce] = await t.db.select().from(annonces).where(eq(annonces.id, annonce.id));
      expect(erasedAnnonce).toMatchObject({ status: 'DELETED', licensePlate: null });
      const list = (await asAdmin('GET', '/admin/api/deletions')).json();
      expect(list.accounts.map((u: { id: number }) => u.id)).not.toContain(user.id);
      expect((await asAdmin('POST', `/admin/api/user/${user.id}/delete`)).statusCode).toBe(403);
    });
  });

  describe('custom catalogue items', () => {
    async function customBrand(name: string, creatorId: number) {
      const [row] = await t.db
        .insert(brands)
        .values({
          name,
          normalizedName: name.toLowerCase(),
          approved: false,
          createdById: creatorId,
        })
        .returning({ id: brands.id });
      return row!.id;
    }

    it('lists custom items and approves one', async () => {
      const creator = await buildUser(t.db);
      const id = await customBrand('Marque Perso Un', creator.id);
      const list = (await asAdmin('GET', '/admin/api/catalog/custom')).json();
      expect(list).toContainEqual(
        expect.objectContaining({
          kind: 'brand',
          id,
          name: 'Marque Perso Un',
          createdBy: creator.username,
        }),
      );
      const res = await asAdmin('POST', `/admin/api/catalog/brand/${id}/approve`);
      expect(res.statusCode).toBe(200);
      const [row] = await t.db.select().from(brands).where(eq(brands.id, id));
      expect(row!.approved).toBe(true);
      expect((await asAdmin('POST', `/admin/api/catalog/brand/${id}/approve`)).statusCode).toBe(
        404,
      );
    });

    it('merges a custom model into an approved one: announcements re-pointed', async () => {
      const catalogue = await loadCatalogue(t.db);
      const creator = await buildUser(t.db);
      const [custom] = await t.db
        .insert(models)
        .values({
          brandId: catalogue.car.brandId,
          vehicleTypeId: catalogue.car.typeId,
          name: 'Modèle perso',
          normalizedName: 'modele perso',
          approved: false,
          createdById: creator.id,
        })
        .returning({ id: models.id });
      const annonce = await buildAnnonce(t.db, {
        vehicleTypeId: catalogue.car.typeId,
        brandId: catalogue.car.brandId,
        modelId: custom!.id,
      });
      const targets = (
        await asAdmin('GET', `/admin/api/catalog/model/${custom!.id}/mergeTargets`)
      ).json();
      expect(targets.map((m: { id: number }) => m.id)).toContain(catalogue.car.modelId);
      const wrong = await asAdmin('POST', `/admin/api/catalog/model/${custom!.id}/merge`, {
        targetId: custom!.id,
      });
      expect(wrong.statusCode).toBe(403);
      const res = await asAdmin('POST', `/admin/api/catalog/model/${custom!.id}/merge`, {
        targetId: catalogue.car.modelId,
      });
      expect(res.statusCode).toBe(200);
      const [row] = await t.db.select().from(annonces).where(eq(annonces.id, annonce.id));
      expect(row!.modelId).toBe(catalogue.car.modelId);
      expect(await t.db.select().from(models).where(eq(models.id, custom!.id))).toEqual([]);
    });

    it('re-points or clears match reports that use the custom item', async () => {
      const catalogue = await loadCatalogue(t.db);
      const creator = await buildUser(t.db);
      const [custom] = await t.db
        .insert(models)
        .values({
          brandId: catalogue.car.brandId,
          vehicleTypeId: catalogue.car.typeId,
          name: 'Modèle vu',
          normalizedName: 'modele vu',
          approved: false,
          createdById: creator.id,
        })
        .returning({ id: models.id });
      const brandId = await customBrand('Marque Vue', creator.id);
      const annonce = await buildAnnonce(t.db);
      const [report] = await t.db
        .insert(matchReports)
        .values({
          annonceId: annonce.id,
          watcherId: creator.id,
          address: 'Toulouse',
          modelId: custom!.id,
          createdAt: new Date('2026-11-21T10:00:00Z'),
        })
        .returning({ id: matchReports.id });
      const [other] = await t.db
        .insert(matchReports)
        .values({
          annonceId: annonce.id,
          watcherId: creator.id,
          address: 'Toulouse',
          brandId,
          createdAt: new Date('2026-11-21T10:00:00Z'),
        })
        .returning({ id: matchReports.id });
      const merged = await asAdmin('POST', `/admin/api/catalog/model/${custom!.id}/merge`, {
        targetId: catalogue.car.modelId,
      });
      expect(merged.statusCode).toBe(200);
      const rejected = await asAdmin('POST', `/admin/api/catalog/brand/${brandId}/reject`);
      expect(rejected.statusCode).toBe(200);
      const rows = await t.db
        .select({
          id: matchReports.id,
          brandId: matchReports.brandId,
          modelId: matchReports.modelId,
        })
        .from(matchReports)
        .where(eq(matchReports.annonceId, annonce.id));
      expect(rows).toEqual(
        expect.arrayContaining([
          { id: report!.id, brandId: null, modelId: catalogue.car.modelId },
          { id: other!.id, brandId: null, modelId: null },
        ]),
      );
    });

    it('rejects a custom brand: announcements lose the brand and what is under it', async () => {
      const creator = await buildUser(t.db);
      const id = await customBrand('Marque Rejetée', creator.id);
      const annonce = await buildAnnonce(t.db, { brandId: id, status: 'DRAFT' });
      const res = await asAdmin('POST', `/admin/api/catalog/brand/${id}/reject`);
      expect(res.statusCode).toBe(200);
      const [row] = await t.db.select().from(annonces).where(eq(annonces.id, annonce.id));
      expect(row!.brandId).toBeNull();
      expect(await t.db.select().from(brands).where(eq(brands.id, id))).toEqual([]);
    });
  });

  it('lists bug reports and support messages, newest first, by kind', async () => {
    const user = await buildUser(t.db);
    await t.db.insert(feedbackMessages).values([
      {
        userId: user.id,
        kind: 'SUPPORT',
        feedbackType: 'QUESTION',
        content: 'Comment ça marche ?',
        createdAt: new Date('2026-11-20T00:00:00Z'),
      },
      {
        userId: user.id,
        kind: 'BUG_REPORT',
        feedbackType: 'OTHER',
        content: 'La carte ne charge pas',
        page: '/search',
        createdAt: new Date('2026-11-21T00:00:00Z'),
      },
    ]);
    const all = (await asAdmin('GET', '/admin/api/feedback')).json();
    expect(all.items[0]).toMatchObject({ kind: 'BUG_REPORT', username: user.username });
    const bugs = (await asAdmin('GET', '/admin/api/feedback?kind=BUG_REPORT')).json();
    expect(bugs.items.every((item: { kind: string }) => item.kind === 'BUG_REPORT')).toBe(true);
  });
});
