import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  annonces,
  favourites,
  lampionEvents,
  matchReports,
  notifications,
  paymentPromises,
  vehicleTypes,
} from '../../db/schema/index';
import { createAnnonceActionLinks } from '../../lib/annonce-action-links';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { form } from '../discovery/testing/discovery-fixture';
import { createNotifier, deliverMail } from '../notifications/index';
import { createOutboxReader } from '../auth/testing/outbox';

describe('Véhicule retrouvé (issue 19)', () => {
  let t: TestApp;
  let owner: TestUser;
  let carTypeId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await buildUser(t.db);
    const [car] = await t.db
      .select({ id: vehicleTypes.id })
      .from(vehicleTypes)
      .where(eq(vehicleTypes.code, 'CAR'));
    carTypeId = car!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A published announcement of `owner` with its payment promise. */
  async function published(status = 'VALIDATED') {
    const annonce = await buildAnnonce(t.db, {
      ownerId: owner.id,
      status,
      vehicleTypeId: carTypeId,
    });
    await t.db.insert(paymentPromises).values({
      annonceId: annonce.id,
      userId: owner.id,
      isLicensed: true,
      price: 300,
      additionalRewardAmount: 0,
      total: 300,
      promisedAt: new Date('2026-11-01T00:00:00Z'),
    });
    return annonce.id;
  }

  async function report(annonceId: number, watcherId: number, status = 'TO_VALIDATE') {
    const [row] = await t.db
      .insert(matchReports)
      .values({
        annonceId,
        watcherId,
        status,
        address: '3 rue Alsace-Lorraine, 31000 Toulouse',
        latitude: 43.6,
        longitude: 1.44,
        color: 'BLACK',
        createdAt: new Date('2026-11-21T10:00:00Z'),
        lampionsGained: 20,
      })
      .returning({ id: matchReports.id });
    return row!.id;
  }

  const row = async (annonceId: number) =>
    (await t.db.select().from(annonces).where(eq(annonces.id, annonceId)))[0]!;
  const promiseStatus = async (annonceId: number) =>
    (
      await t.db
        .select({ status: paymentPromises.status })
        .from(paymentPromises)
        .where(eq(paymentPromises.annonceId, annonceId))
    )[0]?.status;
  const declare = (user: TestUser, payload: object) =>
    t.injectAs(user, { method: 'POST', url: '/annonce/declareFound', payload });
  const token = (annonceId: number, ownerId = owner.id) =>
    createAnnonceActionLinks(t.deps.signingSecret).sign({
      annonceId,
      ownerId,
      action: 'found',
      now: t.clock.now(),
    });
  const confirmLink = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/annonce/foundLink', payload });

  describe('POST /annonce/declareFound', () => {
    it('requires authentication', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/annonce/declareFound',
        payload: { annonceId: 1, foundBy: 'POLICE' },
      });
      expect(res.statusCode).toBe(401);
    });

    it('rejects invalid input', async () => {
      const res = await declare(owner, { annonceId: 1, foundBy: 'NEIGHBOUR' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: 'foundBy' });
    });

    it('closes the announcement found by the police: FINISHED, promise cancelled', async () => {
      const annonceId = await published();
      const res = await declare(owner, { annonceId, foundBy: 'POLICE' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        annonceId,
        status: 'FINISHED',
        foundBy: 'POLICE',
        foundAt: t.clock.now().toISOString(),
        alreadyFound: false,
      });
      const after = await row(annonceId);
      expect(after).toMatchObject({ status: 'FINISHED', foundBy: 'POLICE' });
      expect(await promiseStatus(annonceId)).toBe('CANCELLED');
    });

    it('only the owner may close it; someone else gets 403 and nothing changes', async () => {
      const annonceId = await published();
      const stranger = await buildUser(t.db);
      const res = await declare(stranger, { annonceId, foundBy: 'OWNER' });
      expect(res.statusCode).toBe(403);
      expect((await row(annonceId)).status).toBe('VALIDATED');
      // In validation it is not even visible to others: 404.
      const hidden = await published('TO_VALIDATE');
      expect((await declare(stranger, { annonceId: hidden, foundBy: 'OWNER' })).statusCode).toBe(
        404,
      );
    });

    it('refuses drafts and refused announcements', async () => {
      for (const status of ['DRAFT', 'REFUSED']) {
        const annonceId = await published(status);
        const res = await declare(owner, { annonceId, foundBy: 'OWNER' });
        expect(res.statusCode).toBe(403);
        expect(res.json().messageKey).toBe('annonce.found.not.allowed.error');
        expect((await row(annonceId)).status).toBe(status);
      }
    });

    it('a second click answers alreadyFound and changes nothing', async () => {
      const annonceId = await published();
      await declare(owner, { annonceId, foundBy: 'OWNER' });
      t.clock.advance(3600_000);
      const res = await declare(owner, { annonceId, foundBy: 'POLICE' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ alreadyFound: true, foundBy: 'OWNER' });
      expect((await row(annonceId)).foundBy).toBe('OWNER');
    });

    it('found by a watcher names one open match report; the back office then finishes it (+500)', async () => {
      const annonceId = await published('MATCH_TO_VALIDATE');
      const watcher = await buildUser(t.db);
      const other = await buildUser(t.db);
      const matchId = await report(annonceId, watcher.id);
      const foreign = await report(await published(), other.id);

      const options = await t.injectAs(owner, {
        method: 'GET',
        url: `/annonce/foundOptions/${annonceId}`,
      });
      expect(options.statusCode).toBe(200);
      // Dates and states only: never who reported it nor where.
      expect(options.json().matches).toEqual([
        { id: matchId, reportedAt: '2026-11-21T10:00:00.000Z', status: 'TO_VALIDATE' },
      ]);
      expect(options.body).not.toContain('Alsace');

      const missing = await declare(owner, { annonceId, foundBy: 'WATCHER' });
      expect(missing.statusCode).toBe(403);
      expect(missing.json()).toMatchObject({
        invalidField: 'matchReportId',
        messageKey: 'annonce.found.match.required.error',
      });
      const wrong = await declare(owner, { annonceId, foundBy: 'WATCHER', matchReportId: foreign });
      expect(wrong.statusCode).toBe(403);
      expect((await row(annonceId)).status).toBe('MATCH_TO_VALIDATE');

      const res = await declare(owner, { annonceId, foundBy: 'WATCHER', matchReportId: matchId });
      expect(res.statusCode).toBe(200);
      expect(await row(annonceId)).toMatchObject({
        status: 'FINISHED',
        foundBy: 'WATCHER',
        foundMatchReportId: matchId,
      });
      // The promise waits for the back office's finish (DUE, or CANCELLED when destroyed).
      expect(await promiseStatus(annonceId)).toBe('PROMISED');

      const admin = await buildUser(t.db, { roles: ['ROLE_ADMIN'] });
      // The back office sees the owner's word on the report it must finish.
      const seen = await t.injectAs(admin, { method: 'GET', url: `/admin/api/match/${matchId}` });
      expect(seen.json().annonce.found).toEqual({
        foundBy: 'WATCHER',
        foundAt: t.clock.now().toISOString(),
        thanksToThisReport: true,
      });
      const validated = await t.injectAs(admin, {
        method: 'POST',
        url: `/admin/api/match/${matchId}/validate`,
      });
      expect(validated.statusCode, validated.body).toBe(200);
      const finished = await t.injectAs(admin, {
        method: 'POST',
        url: `/admin/api/match/${matchId}/finish`,
        payload: { restitutionDate: t.clock.now().toISOString(), destroyed: false },
      });
      expect(finished.statusCode, finished.body).toBe(200);
      const points = await t.db
        .select({ kind: lampionEvents.kind, points: lampionEvents.points })
        .from(lampionEvents)
        .where(eq(lampionEvents.userId, watcher.id));
      expect(points).toContainEqual({ kind: 'VEHICLE_FOUND', points: 500 });
      expect(await promiseStatus(annonceId)).toBe('DUE');
    });

    it('tells watchers who favourited it or were alerted, not the owner nor strangers', async () => {
      const annonceId = await published();
      const fan = await buildUser(t.db);
      const alerted = await buildUser(t.db);
      const stranger = await buildUser(t.db);
      await t.db.insert(favourites).values([
        { userId: fan.id, annonceId },
        { userId: owner.id, annonceId },
      ]);
      await t.db.insert(notifications).values({
        userId: alerted.id,
        type: 'NEW_ALERT_VEHICLES',
        objectType: 'Annonce',
        objectId: annonceId,
        params: {},
        createdAt: t.clock.now(),
      });
      await declare(owner, { annonceId, foundBy: 'OWNER' });
      const told = await t.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(
          and(
            eq(notifications.type, 'WATCHED_VEHICLE_FOUND'),
            eq(notifications.objectId, annonceId),
          ),
        );
      expect(told.map((n) => n.userId).sort((a, b) => a - b)).toEqual(
        [fan.id, alerted.id].sort((a, b) => a - b),
      );
      expect(told.map((n) => n.userId)).not.toContain(stranger.id);

      const bell = await t.injectAs(fan, {
        method: 'POST',
        url: '/lampNotification/getAllForUser',
        ...form({}),
        headers: { ...form({}).headers, 'accept-language': 'fr' },
      });
      expect(bell.statusCode, bell.body).toBe(200);
      expect(bell.body).toContain('Véhicule retrouvé');
    });

    it('leaves search at once: a search right after no longer returns it', async () => {
      await expect
        .poll(
          async () => (await t.app.inject({ method: 'GET', url: '/health' })).json().searchIndex,
          { timeout: 15_000 },
        )
        .toBe('ready');
      const annonceId = await published();
      const watcher = await buildUser(t.db);
      const search = async () =>
        (
          await t.injectAs(watcher, {
            method: 'POST',
            url: '/search/getSearchAnnonces',
            ...form({}),
          })
        ).json() as { annonces: { id: number }[] };
      expect((await search()).annonces.map((card) => card.id)).toContain(annonceId);
      expect((await declare(owner, { annonceId, foundBy: 'OWNER' })).statusCode).toBe(200);
      expect((await search()).annonces.map((card) => card.id)).not.toContain(annonceId);
    });
  });

  describe('the signed link of the mails', () => {
    it('the "announcement online" mail carries a link that closes it', async () => {
      const annonceId = await published();
      await createNotifier({ db: t.db, clock: t.clock }).notify({
        userId: owner.id,
        type: 'ANNONCE_ACCEPTED',
        objectType: 'Annonce',
        objectId: annonceId,
      });
      const [notification] = await t.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, owner.id), eq(notifications.objectId, annonceId)));
      const outbox = createOutboxReader(t.deps.config.MAIL_OUTBOX_DIR);
      await deliverMail(
        {
          db: t.db,
          mailer: t.deps.mailer,
          publicUrl: 'https://app.example.test',
          foundLinks: { signingSecret: t.deps.signingSecret, now: () => t.clock.now() },
        },
        [notification!.id],
      );
      const mail = await outbox.takeMailTo(owner.username);
      expect(mail.text).toContain('Mon véhicule a été retrouvé');
      const link = /https:\/\/app\.example\.test\/#\/annonce\/found\?token=([A-Za-z0-9._-]+)/.exec(
        mail.text,
      );
      expect(link).not.toBeNull();
      const res = await confirmLink({ token: link![1], foundBy: 'OWNER' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await row(annonceId)).status).toBe('FINISHED');
    });

    it('shows the closing screen without a session', async () => {
      const annonceId = await published();
      const res = await t.app.inject({
        method: 'GET',
        url: `/annonce/foundLink?token=${token(annonceId)}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ annonceId, closable: true, foundAt: null });
    });

    it('rejects invalid input', async () => {
      // A control character is refused by the one text rule (403 invalidField), before any check.
      const hostile = await confirmLink({ token: 'a b\u0000c', foundBy: 'OWNER' });
      expect(hostile.statusCode).toBe(403);
      expect(hostile.json()).toMatchObject({ invalidField: 'token' });
      const res = await confirmLink({ token: '', foundBy: 'OWNER' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: 'token' });
    });

    it('a valid link closes it without a session; replaying it changes nothing', async () => {
      const annonceId = await published();
      const link = token(annonceId);
      const first = await confirmLink({ token: link, foundBy: 'OWNER' });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ status: 'FINISHED', alreadyFound: false });
      const replay = await confirmLink({ token: link, foundBy: 'POLICE' });
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toMatchObject({ alreadyFound: true, foundBy: 'OWNER' });
      expect((await row(annonceId)).foundBy).toBe('OWNER');
    });

    it('an expired link is refused and closes nothing', async () => {
      const annonceId = await published();
      const link = token(annonceId);
      t.clock.advance(61 * 24 * 3600_000);
      const res = await confirmLink({ token: link, foundBy: 'OWNER' });
      expect(res.statusCode).toBe(403);
      expect(res.json().messageKey).toBe('annonce.found.link.expired.error');
      expect((await row(annonceId)).status).toBe('VALIDATED');
    });

    it('a tampered link, or one signed for another announcement or owner, is refused', async () => {
      const annonceId = await published();
      const otherAnnonce = await published();
      const good = token(annonceId);
      const [, expires, signature] = good.split('.');
      const flipped = signature!.startsWith('A')
        ? `B${signature!.slice(1)}`
        : `A${signature!.slice(1)}`;
      const stranger = await buildUser(t.db);
      for (const bad of [
        `${annonceId}.${expires}.${flipped}`,
        // Same signature moved to another announcement, or a later expiry.
        `${otherAnnonce}.${expires}.${signature}`,
        `${annonceId}.${Number(expires) + 86400}.${signature}`,
        token(annonceId, stranger.id),
        'not-a-token',
      ]) {
        const res = await confirmLink({ token: bad, foundBy: 'OWNER' });
        expect(res.statusCode, bad).toBe(403);
        expect(res.json().messageKey).toBe('annonce.found.link.invalid.error');
        const view = await t.app.inject({ method: 'GET', url: `/annonce/foundLink?token=${bad}` });
        expect(view.statusCode).toBe(403);
      }
      expect((await row(annonceId)).status).toBe('VALIDATED');
      expect((await row(otherAnnonce)).status).toBe('VALIDATED');
    });
  });
});
