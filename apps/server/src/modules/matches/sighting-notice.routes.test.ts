import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { createOutboxReader } from '../auth/testing/outbox';
import { deliverMail } from '../notifications/index';

/** Issue 19: the owner hears when a watcher checks their vehicle's identifier. */
describe('the owner is told when their identifier is checked', () => {
  let t: TestApp;
  let plate = 0;

  const check = (user: TestUser, scanned: Record<string, unknown>) =>
    t.injectAs(user, {
      method: 'POST',
      url: '/scannedIdentifier/getMatchResult',
      payload: { scannedIdentifier: JSON.stringify(scanned) },
    });
  const watcher = () => buildUser(t.db, { identityStatus: 'ACCEPTED' });
  const noticesOf = (userId: number) =>
    t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, userId), eq(notifications.type, 'ANNONCE_IDENTIFIER_CHECKED')),
      )
      .orderBy(notifications.id);
  /** A new owner with a VALIDATED announcement under a plate no other test uses. */
  async function stolen() {
    const owner = await buildUser(t.db, { identityStatus: 'ACCEPTED', firstname: 'Sophie' });
    plate += 1;
    const licensePlate = `SN${String(100 + plate)}QA`;
    const annonce = await buildAnnonce(t.db, { ownerId: owner.id, licensePlate });
    return { owner, annonce, licensePlate };
  }

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells the owner when and roughly where, in the bell, with the position rounded before it is stored', async () => {
    const { owner, annonce, licensePlate } = await stolen();
    const karim = await buildUser(t.db, {
      identityStatus: 'ACCEPTED',
      firstname: 'Karim',
      lastname: 'Benali',
    });
    const res = await check(karim, { licensePlate, latitude: 43.61234, longitude: 1.45678 });
    expect(res.json()).toMatchObject({ annonceId: annonce.id });

    const [row] = await noticesOf(owner.id);
    expect(row).toMatchObject({ objectType: 'Annonce', objectId: annonce.id, muted: false });
    // The rounded centre of a 0.01° cell, the commune, the time; nothing else.
    expect(row!.params).toEqual({
      checkedAt: t.clock.now().toISOString(),
      latitude: 43.615,
      longitude: 1.455,
      city: 'Toulouse',
    });
    const stored = JSON.stringify(row!.params);
    expect(stored).not.toContain('43.612');
    expect(stored).not.toContain('1.456');
    expect(stored).not.toMatch(/Karim|Benali/);
    expect(stored).not.toContain(karim.username);

    const list = await t.injectAs(owner, {
      method: 'POST',
      url: '/lampNotification/getAllForUser',
    });
    const [shown] = (list.json() as Array<Record<string, unknown>>).filter(
      (item) => item.type === 'ANNONCE_IDENTIFIER_CHECKED',
    );
    expect(shown).toMatchObject({
      objectId: annonce.id,
      target: 'AnnonceShow',
      title: 'Votre véhicule a été repéré',
    });
    // 10:00 UTC is 11:00 in Paris in November; no seconds.
    expect(shown!.body).toContain('le 22 novembre à 11:00, près de Toulouse (à environ 1 km près)');
    expect(JSON.stringify(shown)).not.toMatch(/Karim|Benali/);
    // The watcher is told nothing about it.
    expect(await noticesOf(karim.id)).toEqual([]);
  });

  it('tells the owner at most once an hour per announcement, even when many watchers check at once', async () => {
    const { owner, annonce, licensePlate } = await stolen();
    const watchers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => watcher()));
    const answers = await Promise.all(
      watchers.map((w) => check(w, { licensePlate, latitude: 48.8566, longitude: 2.3522 })),
    );
    expect(answers.map((res) => res.json().annonceId)).toEqual(watchers.map(() => annonce.id));
    expect(await noticesOf(owner.id)).toHaveLength(1);

    t.clock.advance(59 * 60 * 1000);
    await check(await watcher(), { licensePlate });
    expect(await noticesOf(owner.id)).toHaveLength(1);

    t.clock.advance(60 * 1000);
    const later = await Promise.all(
      [1, 2, 3].map(async () => check(await watcher(), { licensePlate })),
    );
    expect(later.every((res) => res.statusCode === 200)).toBe(true);
    const rows = await noticesOf(owner.id);
    expect(rows).toHaveLength(2);
    // Without a position the owner hears when, not where.
    expect(rows[1]!.params).not.toHaveProperty('latitude');
    expect(rows[1]!.params).toMatchObject({ checkedAt: t.clock.now().toISOString() });
  });

  it('says so when only a close identifier was checked', async () => {
    const owner = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    const vin = `VF1AB000S12345${String(Date.now() % 1000).padStart(3, '0')}`;
    await buildAnnonce(t.db, { ownerId: owner.id, vin, licensePlate: null });
    // 5 for S: a misreading the confusions catch (a close match).
    const res = await check(await watcher(), { vin: vin.replace('S', '5') });
    expect(res.json()).toMatchObject({ annonceId: null, isCloseMatch: true });
    const [row] = await noticesOf(owner.id);
    expect(row!.params).toMatchObject({ close: 1 });
  });

  it('stays silent for a miss, and when the owner turned "my stolen vehicles" off', async () => {
    const { owner, licensePlate } = await stolen();
    await check(await watcher(), { licensePlate: 'ZZ999ZZ' });
    expect(await noticesOf(owner.id)).toEqual([]);
    await t.injectAs(owner, {
      method: 'POST',
      url: '/user/updateNotificationParam',
      payload: { myAnnoncesNotifications: false },
    });
    await check(await watcher(), { licensePlate });
    expect(await noticesOf(owner.id)).toEqual([]);
  });

  it('mails the owner while the group is on, without the watcher', async () => {
    const { owner, licensePlate } = await stolen();
    await check(await watcher(), { licensePlate, latitude: 43.6, longitude: 1.44 });
    const rows = await noticesOf(owner.id);
    await deliverMail(
      { db: t.db, mailer: t.deps.mailer, publicUrl: 'https://app.example.test' },
      rows.map((row) => row.id),
    );
    const mail = await createOutboxReader(t.deps.config.MAIL_OUTBOX_DIR).takeMailTo(owner.username);
    expect(mail.subject).toBe('Veilleurs : Votre véhicule a été repéré');
    expect(mail.text).toContain('Bonjour Sophie,');
    expect(mail.text).toContain('près de Toulouse');
  });
});
