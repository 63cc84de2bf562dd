import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  annonces,
  identifierChecks,
  matchReportPhotos,
  matchReports,
  notifications,
  paymentPromises,
  payments,
  savedSearches,
  storedFiles,
  userDocuments,
  users,
} from '../../db/schema/index';
import { hashPassword } from '../../lib/passwords';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { createOutboxReader } from '../auth/testing/outbox';
import { addPhoto, addUserDocument } from '../admin/testing/admin-testing';

const PASSWORD = 'Velo-vole-2026';

describe('personal data, self-service (issue 19)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A stored file whose bytes say whose it is, so the archive's copy can be told apart. */
  async function file(ownerId: number, content: string, name = 'photo.jpg') {
    const storageKey = `test/${ownerId}-${content}.jpg`;
    await t.deps.storage.put(storageKey, Buffer.from(content), 'image/jpeg');
    const [row] = await t.db
      .insert(storedFiles)
      .values({
        ownerId,
        storageKey,
        originalFileName: name,
        mimeType: 'image/jpeg',
        sizeBytes: content.length,
        visibility: 'private',
      })
      .returning({ id: storedFiles.id, storageKey: storedFiles.storageKey });
    return row!;
  }

  /**
   * Sophie: a profile with an identity document, an announcement with a photo and a promise, a
   * payment, a saved search, an identifier check, a notification and a sighting of her own as a
   * watcher. Karim: a watcher who reported Sophie's car, with his own photo.
   */
  async function scenario() {
    const sophie = await buildUser(t.db, {
      firstname: 'Sophie',
      lastname: 'Durand',
      phoneNumber: '+33612345678',
      passwordHash: await hashPassword(PASSWORD),
    });
    const karim = await buildUser(t.db, { firstname: 'Karim', lastname: 'Benali' });
    const identity = await file(sophie.id, 'sophie-identity-bytes', 'carte identité.jpg');
    await addUserDocument(t.db, sophie.id, 'IDENTITY_RECTO', identity.id);
    const annonce = await buildAnnonce(t.db, {
      ownerId: sophie.id,
      licensePlate: 'AB123CD',
      status: 'MATCH_TO_VALIDATE',
    });
    const photo = await file(sophie.id, 'sophie-car-photo');
    await addPhoto(t.db, annonce.id, photo.id);
    await t.db.insert(paymentPromises).values({
      annonceId: annonce.id,
      userId: sophie.id,
      isLicensed: true,
      price: 300,
      additionalRewardAmount: 0,
      total: 300,
      promisedAt: new Date('2026-11-01T00:00:00Z'),
    });
    await t.db.insert(payments).values({
      userId: sophie.id,
      annonceId: annonce.id,
      purpose: 'BOOST',
      provider: 'simulated',
      providerIntentId: `pi_${sophie.id}`,
      amountCents: 999,
      status: 'SUCCEEDED',
      createdAt: new Date('2026-11-02T00:00:00Z'),
      updatedAt: new Date('2026-11-02T00:00:00Z'),
    });
    await t.db.insert(savedSearches).values({
      userId: sophie.id,
      name: 'Vélos à Toulouse',
      criteriaKey: `key-${sophie.id}`,
    });
    await t.db.insert(identifierChecks).values({
      userId: sophie.id,
      identifierType: 'LICENSE_PLATE',
      identifier: 'ZZ999ZZ',
      outcome: 'MISS',
      createdAt: new Date('2026-11-03T00:00:00Z'),
    });
    await t.db.insert(notifications).values({
      userId: sophie.id,
      type: 'ANNONCE_ACCEPTED',
      objectType: 'Annonce',
      objectId: annonce.id,
      params: { annonceTitle: 'Peugeot 208' },
      createdAt: new Date('2026-11-01T12:00:00Z'),
    });
    const other = await buildAnnonce(t.db);
    const [ownSighting] = await t.db
      .insert(matchReports)
      .values({
        annonceId: other.id,
        watcherId: sophie.id,
        address: '5 rue de Metz, 31000 Toulouse',
        latitude: 43.6,
        longitude: 1.44,
        color: 'RED',
        createdAt: new Date('2026-11-05T00:00:00Z'),
      })
      .returning({ id: matchReports.id });
    const [karimReport] = await t.db
      .insert(matchReports)
      .values({
        annonceId: annonce.id,
        watcherId: karim.id,
        address: '12 allée Jean-Jaurès, 31000 Toulouse',
        latitude: 43.61,
        longitude: 1.45,
        color: 'BLACK',
        description: 'Garée devant la boulangerie',
        createdAt: new Date('2026-11-20T00:00:00Z'),
      })
      .returning({ id: matchReports.id });
    const karimPhoto = await file(karim.id, 'karim-sighting-photo');
    await t.db
      .insert(matchReportPhotos)
      .values({ matchReportId: karimReport!.id, fileId: karimPhoto.id, position: 0 });
    return {
      sophie,
      karim,
      annonceId: annonce.id,
      identity,
      photo,
      karimPhoto,
      ownSightingId: ownSighting!.id,
      karimReportId: karimReport!.id,
    };
  }

  async function download(user: TestUser) {
    const link = await t.injectAs(user, { method: 'POST', url: '/user/personalData/archiveLink' });
    expect(link.statusCode, link.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="veilleurs-/);
    return unzipSync(new Uint8Array(res.rawPayload));
  }

  describe('POST /user/personalData/archiveLink and GET /user/personalData/archive', () => {
    it('requires authentication', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/user/personalData/archiveLink' });
      expect(res.statusCode).toBe(401);
    });

    it('rejects invalid input', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/user/personalData/archive?user=abc&expires=1&signature=x',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: 'user' });
    });

    it('holds every section of the account and its own files', async () => {
      const s = await scenario();
      const zip = await download(s.sophie);
      expect(Object.keys(zip)).toEqual(
        expect.arrayContaining([
          'README.txt',
          'profile.json',
          'annonces.json',
          'matches.json',
          'identifier-checks.json',
          'notifications.json',
          'payments.json',
          'saved-searches.json',
          'favourites.json',
          'support-messages.json',
        ]),
      );
      const json = (name: string) => JSON.parse(strFromU8(zip[name]!));
      const profile = json('profile.json');
      expect(profile.account).toMatchObject({
        id: s.sophie.id,
        firstname: 'Sophie',
        phoneNumber: '+33612345678',
      });
      expect(profile.account.passwordHash).toBeUndefined();
      const identityPath = profile.documents[0].file as string;
      expect(strFromU8(zip[identityPath]!)).toBe('sophie-identity-bytes');

      const [annonce] = json('annonces.json');
      expect(annonce).toMatchObject({ id: s.annonceId, licensePlate: 'AB123CD' });
      expect(strFromU8(zip[annonce.photos[0]]!)).toBe('sophie-car-photo');

      const matches = json('matches.json');
      expect(matches.asWatcher).toHaveLength(1);
      expect(matches.asWatcher[0]).toMatchObject({
        id: s.ownSightingId,
        address: '5 rue de Metz, 31000 Toulouse',
      });
      expect(json('identifier-checks.json')).toMatchObject([{ identifier: 'ZZ999ZZ' }]);
      expect(json('notifications.json')).toMatchObject([
        { type: 'ANNONCE_ACCEPTED', title: 'Annonce validée' },
      ]);
      const paid = json('payments.json');
      expect(paid.payments).toMatchObject([{ amountCents: 999, purpose: 'BOOST' }]);
      expect(paid.promises).toMatchObject([{ annonceId: s.annonceId, total: 300 }]);
      expect(json('saved-searches.json')).toMatchObject([{ name: 'Vélos à Toulouse' }]);
    });

    it('holds nobody else’s data: a watcher’s report on my car shows only its date and state', async () => {
      const s = await scenario();
      const zip = await download(s.sophie);
      const matches = JSON.parse(strFromU8(zip['matches.json']!));
      expect(matches.onMyAnnonces).toEqual([
        {
          id: s.karimReportId,
          annonceId: s.annonceId,
          status: 'TO_VALIDATE',
          reportedAt: '2026-11-20T00:00:00.000Z',
          restitutionDate: null,
          destroyed: false,
        },
      ]);
      const everything = Object.values(zip)
        .map((bytes) => Buffer.from(bytes).toString('latin1'))
        .join('\n');
      for (const secret of [
        s.karim.username,
        'Karim',
        'Benali',
        'Jean-Jaur',
        'boulangerie',
        'karim-sighting-photo',
        'not-a-real-hash',
      ]) {
        expect(everything).not.toContain(secret);
      }
    });

    it('a tampered, expired, or other account’s link is refused', async () => {
      const s = await scenario();
      const link = (
        await t.injectAs(s.sophie, {
          method: 'POST',
          url: '/user/personalData/archiveLink',
        })
      ).json().url as string;
      const url = new URL(link, 'http://x');
      const other = new URL(url);
      other.searchParams.set('user', String(s.karim.id));
      const tampered = new URL(url);
      tampered.searchParams.set(
        'signature',
        `${url.searchParams.get('signature')!.slice(0, -2)}AA`,
      );
      for (const bad of [other, tampered]) {
        const res = await t.app.inject({ method: 'GET', url: `${bad.pathname}${bad.search}` });
        expect(res.statusCode).toBe(403);
        expect(res.json().messageKey).toBe('personal.data.link.invalid.error');
      }
      t.clock.advance(6 * 60_000);
      const expired = await t.app.inject({ method: 'GET', url: link });
      expect(expired.statusCode).toBe(403);
    });
  });

  describe('POST /user/eraseAccount', () => {
    it('requires authentication', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/user/eraseAccount',
        payload: { password: PASSWORD },
      });
      expect(res.statusCode).toBe(401);
    });

    it('rejects invalid input', async () => {
      const user = await buildUser(t.db);
      const res = await t.injectAs(user, {
        method: 'POST',
        url: '/user/eraseAccount',
        payload: {},
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: 'password' });
    });

    it('a wrong password erases nothing', async () => {
      const s = await scenario();
      const res = await t.injectAs(s.sophie, {
        method: 'POST',
        url: '/user/eraseAccount',
        payload: { password: 'not-my-password1' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        invalidField: 'password',
        messageKey: 'password.incorrect.error',
      });
      const [row] = await t.db.select().from(users).where(eq(users.id, s.sophie.id));
      expect(row!.firstname).toBe('Sophie');
    });

    it('guesses of the password wait as login guesses do, for that client only', async () => {
      const s = await scenario();
      const erase = (password: string, remoteAddress = '198.51.100.7') =>
        t.injectAs(s.sophie, {
          method: 'POST',
          url: '/user/eraseAccount',
          payload: { password },
          remoteAddress,
        });
      for (let guess = 0; guess < 4; guess++) {
        expect((await erase(`wrong-guess-${guess}a`)).statusCode).toBe(403);
      }
      const slowed = await erase('wrong-guess-5a');
      expect(slowed.statusCode).toBe(429);
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
      // The owner, from their own phone, is not held by a thief's guesses.
      const fromElsewhere = await erase('not-my-password1', '203.0.113.20');
      expect(fromElsewhere.statusCode).toBe(403);
      t.clock.advance(31_000);
      expect((await erase('wrong-guess-6a')).statusCode).toBe(403);
    });

    it('back-office accounts cannot erase themselves here', async () => {
      const admin = await buildUser(t.db, { roles: ['ROLE_ADMIN'] });
      const res = await t.injectAs(admin, {
        method: 'POST',
        url: '/user/eraseAccount',
        payload: { password: PASSWORD },
      });
      expect(res.statusCode).toBe(403);
    });

    it('erases what must go, keeps what the law keeps, and mails the former address', async () => {
      const s = await scenario();
      const outbox = createOutboxReader(t.deps.config.MAIL_OUTBOX_DIR);
      const res = await t.injectAs(s.sophie, {
        method: 'POST',
        url: '/user/eraseAccount',
        payload: { password: PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ erased: true });

      const [row] = await t.db.select().from(users).where(eq(users.id, s.sophie.id));
      expect(row).toMatchObject({
        username: `erased-${s.sophie.id}@erased.invalid`,
        firstname: '',
        lastname: '',
        phoneNumber: null,
        roles: [],
      });
      // Gone: documents and photos (rows and bytes), identifiers, checks, alerts, notifications.
      expect(
        await t.db.select().from(userDocuments).where(eq(userDocuments.userId, s.sophie.id)),
      ).toEqual([]);
      expect(await t.deps.storage.exists(s.identity.storageKey)).toBe(false);
      expect(await t.deps.storage.exists(s.photo.storageKey)).toBe(false);
      const [annonce] = await t.db.select().from(annonces).where(eq(annonces.id, s.annonceId));
      expect(annonce).toMatchObject({ status: 'DELETED', licensePlate: null, theftAddress: null });
      for (const table of [identifierChecks, savedSearches, notifications] as const) {
        expect(await t.db.select().from(table).where(eq(table.userId, s.sophie.id))).toEqual([]);
      }
      // Kept: accounting records and the sightings that may carry money; the watcher's own photo.
      expect(
        await t.db.select().from(payments).where(eq(payments.userId, s.sophie.id)),
      ).toHaveLength(1);
      expect(
        await t.db.select().from(paymentPromises).where(eq(paymentPromises.userId, s.sophie.id)),
      ).toHaveLength(1);
      expect(
        await t.db.select().from(matchReports).where(eq(matchReports.id, s.ownSightingId)),
      ).toHaveLength(1);
      expect(await t.deps.storage.exists(s.karimPhoto.storageKey)).toBe(true);

      const mail = await outbox.takeMailTo(s.sophie.username);
      expect(mail.subject).toBe('Veilleurs : votre compte a été effacé');
      expect(mail.text).toContain('Bonjour Sophie,');

      // The account can no longer sign in.
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: s.sophie.username, password: PASSWORD },
      });
      expect(login.statusCode).not.toBe(200);
      // A second try finds nothing left to erase.
      const again = await t.injectAs(s.sophie, {
        method: 'POST',
        url: '/user/eraseAccount',
        payload: { password: PASSWORD },
      });
      expect(again.statusCode).toBe(404);
    });
  });
});
