import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  annonceReviews,
  annonces,
  notifications,
  users,
} from '../../db/schema/index';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { addPhoto, addUserDocument, buildStoredFile } from './testing/admin-testing';

describe('admin: announcement and identity queues', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await buildUser(t.db, { roles: ['ROLE_ADMIN'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.injectAs(admin, { method, url, payload });

  async function toValidate(publishedAt: string, overrides = {}) {
    return buildAnnonce(t.db, {
      status: 'TO_VALIDATE',
      validatedAt: null,
      publishedAt: new Date(publishedAt),
      licensePlate: 'AB123CD',
      ...overrides,
    });
  }

  const notificationsOf = (userId: number) =>
    t.db
      .select({
        type: notifications.type,
        objectType: notifications.objectType,
        objectId: notifications.objectId,
        params: notifications.params,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId));

  const REFUSAL = {
    identityValidated: true,
    carteGriseValidated: false,
    plainteValidated: true,
    detailsValidated: true,
    photosValidated: false,
    commentaire: 'La carte grise est illisible.',
  };

  it('lists TO_VALIDATE announcements oldest first, with the count, and the dashboard counts', async () => {
    const newer = await toValidate('2026-11-20T10:00:00Z');
    const older = await toValidate('2026-11-02T10:00:00Z');
    await buildAnnonce(t.db); // VALIDATED: not in the queue
    const res = await asAdmin('GET', '/admin/api/annonces/toValidate');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.items.map((item: { id: number }) => item.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(body.total).toBe(body.items.length);
    expect(body.items[0]).toMatchObject({
      status: 'TO_VALIDATE',
      licensePlate: expect.any(String),
    });
    const dashboard = (await asAdmin('GET', '/admin/api/dashboard')).json();
    expect(dashboard.annoncesToValidate).toBe(body.total);
  });

  it('shows every field, photos and private documents through signed links', async () => {
    const owner = await buildUser(t.db);
    const photo = await buildStoredFile(t.db, owner.id, { visibility: 'public' });
    const carteGrise = await buildStoredFile(t.db, owner.id, { pdf: true });
    const annonce = await toValidate('2026-11-10T10:00:00Z', {
      ownerId: owner.id,
      carteGriseFileId: carteGrise.id,
      insuranceCompany: 'MAIF',
      vin: 'VF1AAAAA555555555',
    });
    await addPhoto(t.db, annonce.id, photo.id);
    const res = await asAdmin('GET', `/admin/api/annonce/${annonce.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: annonce.id,
      licensePlate: 'AB123CD',
      vin: 'VF1AAAAA555555555',
      insuranceCompany: 'MAIF',
      theftAddress: '1 place du Capitole 31000 Toulouse',
      owner: { id: owner.id },
    });
    expect(body.photos).toHaveLength(1);
    expect(body.documents.carteGrise).toMatchObject({ isPdf: true, fileName: 'papier.pdf' });
    expect(body.documents.carteGrise.fileUrl).toMatch(/\/files\/\d+\?expires=\d+&signature=/);
    expect(body.documents.plainte).toBeNull();
    // The signed link opens the private file for whoever holds it.
    const file = await t.app.inject({
      method: 'GET',
      url: body.documents.carteGrise.fileUrl.replace(/^https?:\/\/[^/]+/, ''),
    });
    expect([200, 404]).toContain(file.statusCode); // 404: no bytes were stored for this row
    expect((await asAdmin('GET', '/admin/api/annonce/2000000000')).statusCode).toBe(404);
  });

  it('validates: VALIDATED with validatedAt, review and audit rows', async () => {
    const annonce = await toValidate('2026-11-12T10:00:00Z');
    const res = await asAdmin('POST', `/admin/api/annonce/${annonce.id}/validate`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: annonce.id, status: 'VALIDATED' });
    const [row] = await t.db.select().from(annonces).where(eq(annonces.id, annonce.id));
    expect(row).toMatchObject({ status: 'VALIDATED', validatedAt: t.clock.now() });
    const [audit] = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.objectId, annonce.id));
    expect(audit).toMatchObject({
      action: 'ANNONCE_VALIDATED',
      objectType: 'Annonce',
      adminId: admin.id,
      before: { status: 'TO_VALIDATE' },
      after: { status: 'VALIDATED' },
    });
    expect(await notificationsOf(annonce.ownerId)).toEqual([
      {
        type: 'ANNONCE_ACCEPTED',
        objectType: 'Annonce',
        objectId: annonce.id,
        params: { annonceTitle: expect.any(String) },
      },
    ]);
    // Twice: no longer TO_VALIDATE.
    const again = await asAdmin('POST', `/admin/api/annonce/${annonce.id}/validate`);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ messageKey: 'admin.annonce.not.to.validate.error' });
  });

  it('refuses with the five reasons, which the owner then reads on the announcement', async () => {
    const owner = await buildUser(t.db);
    const annonce = await toValidate('2026-11-13T10:00:00Z', { ownerId: owner.id });
    const res = await asAdmin('POST', `/admin/api/annonce/${annonce.id}/refuse`, REFUSAL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: annonce.id, status: 'REFUSED' });
    const [review] = await t.db
      .select()
      .from(annonceReviews)
      .where(eq(annonceReviews.annonceId, annonce.id));
    expect(review).toMatchObject({ decision: 'REFUSED', carteGriseValidated: false });

    const detail = await t.injectAs(owner, { method: 'GET', url: `/annonce/${annonce.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      status: { value: 'REFUSED' },
      reasonRefused: REFUSAL,
      commentaire: REFUSAL.commentaire,
    });
    const mine = (await t.injectAs(owner, { method: 'GET', url: '/annonce/getMyAnnonce' })).json();
    expect(JSON.stringify(mine)).toContain(REFUSAL.commentaire);
    expect(await notificationsOf(owner.id)).toEqual([
      expect.objectContaining({
        type: 'ANNONCE_REFUSED',
        objectId: annonce.id,
        params: expect.objectContaining({ comment: REFUSAL.commentaire }),
      }),
    ]);
  });

  it('tells PHOTOS_REFUSED when only the photos are refused', async () => {
    const owner = await buildUser(t.db);
    const annonce = await toValidate('2026-11-13T11:00:00Z', { ownerId: owner.id });
    const res = await asAdmin('POST', `/admin/api/annonce/${annonce.id}/refuse`, {
      identityValidated: true,
      carteGriseValidated: true,
      plainteValidated: true,
      detailsValidated: true,
      photosValidated: false,
    });
    expect(res.statusCode).toBe(200);
    expect((await notificationsOf(owner.id)).map((n) => n.type)).toEqual(['PHOTOS_REFUSED']);
  });

  it('asks a reason or a comment to refuse, and refuses only TO_VALIDATE', async () => {
    const annonce = await toValidate('2026-11-14T10:00:00Z');
    const res = await asAdmin('POST', `/admin/api/annonce/${annonce.id}/refuse`, {
      ...REFUSAL,
      carteGriseValidated: true,
      photosValidated: true,
      commentaire: ' ',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ invalidField: 'commentaire' });
    const validated = await buildAnnonce(t.db);
    const wrong = await asAdmin('POST', `/admin/api/annonce/${validated.id}/refuse`, REFUSAL);
    expect(wrong.statusCode).toBe(403);
    const bad = await asAdmin('POST', `/admin/api/annonce/${annonce.id}/refuse`, {
      commentaire: 'x',
    });
    expect(bad.statusCode).toBe(400);
  });

  describe('identities', () => {
    async function inProgress(createdAt = new Date('2026-11-01T00:00:00Z')) {
      const user = await buildUser(t.db, {
        roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'],
        identityStatus: 'IN_PROGRESS',
      });
      const recto = await buildStoredFile(t.db, user.id);
      const verso = await buildStoredFile(t.db, user.id);
      await addUserDocument(t.db, user.id, 'IDENTITY_RECTO', recto.id);
      await addUserDocument(t.db, user.id, 'IDENTITY_VERSO', verso.id);
      void createdAt;
      return user;
    }

    it('lists identities in progress with the count, and shows the documents', async () => {
      const user = await inProgress();
      const list = (await asAdmin('GET', '/admin/api/identities')).json();
      expect(list.items.map((item: { id: number }) => item.id)).toContain(user.id);
      expect(list.total).toBeGreaterThanOrEqual(1);
      const detail = (await asAdmin('GET', `/admin/api/user/${user.id}`)).json();
      expect(detail.identityStatus).toBe('IN_PROGRESS');
      expect(detail.documents.identityRecto.fileUrl).toMatch(/signature=/);
      expect(detail.documents.identityVerso).not.toBeNull();
    });

    it('accepts: ACCEPTED and ROLE_INDIVIDUAL_CONFIRMED in place of UNCONFIRMED', async () => {
      const user = await inProgress();
      const res = await asAdmin('POST', `/admin/api/user/${user.id}/identity`, {
        accepted: true,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: user.id,
        identityStatus: 'ACCEPTED',
        roles: ['ROLE_INDIVIDUAL_CONFIRMED'],
      });
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({
        identityStatus: 'ACCEPTED',
        roles: ['ROLE_INDIVIDUAL_CONFIRMED'],
      });
      expect((await notificationsOf(user.id)).map((n) => n.type)).toEqual(['ID_VALIDATED']);
      const again = await asAdmin('POST', `/admin/api/user/${user.id}/identity`, {
        accepted: true,
      });
      expect(again.statusCode).toBe(403);
      expect(again.json()).toMatchObject({ messageKey: 'admin.identity.not.in.progress.error' });
    });

    it('refuses with a comment (required): REFUSED, roles unchanged, audited', async () => {
      const user = await inProgress();
      const noComment = await asAdmin('POST', `/admin/api/user/${user.id}/identity`, {
        accepted: false,
      });
      expect(noComment.statusCode).toBe(403);
      expect(noComment.json()).toMatchObject({ invalidField: 'commentaire' });
      const res = await asAdmin('POST', `/admin/api/user/${user.id}/identity`, {
        accepted: false,
        commentaire: 'Photo floue',
      });
      expect(res.json()).toMatchObject({
        identityStatus: 'REFUSED',
        roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'],
      });
      expect(await notificationsOf(user.id)).toEqual([
        expect.objectContaining({ type: 'ID_REFUSED', params: { comment: 'Photo floue' } }),
      ]);
      const validation = await t.injectAs(
        { ...user, roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'] },
        { method: 'GET', url: '/user/getCurrentUserValidation' },
      );
      expect(validation.json()).toMatchObject({ needValidation: true });
      const detail = (await asAdmin('GET', `/admin/api/user/${user.id}`)).json();
      expect(detail.identityReviews[0]).toMatchObject({
        accepted: false,
        commentaire: 'Photo floue',
        adminUsername: admin.username,
      });
      const audit = (
        await asAdmin('GET', `/admin/api/audit?objectType=User&objectId=${user.id}`)
      ).json();
      expect(audit.items[0]).toMatchObject({
        action: 'IDENTITY_REFUSED',
        before: { identityStatus: 'IN_PROGRESS' },
        after: { identityStatus: 'REFUSED', commentaire: 'Photo floue' },
      });
    });
  });
});
