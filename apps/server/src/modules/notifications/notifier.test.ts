import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { notificationPreferences, notifications } from '../../db/schema/index';
import { createNotifier } from './notifier';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

function rowsOf(userId: number) {
  return t.db.select().from(notifications).where(eq(notifications.userId, userId));
}

describe('createNotifier().notify', () => {
  it('stores a notification with its type, object and parameters', async () => {
    const user = await buildUser(t.db);
    await createNotifier({ db: t.db, clock: t.clock }).notify({
      userId: user.id,
      type: 'ANNONCE_ACCEPTED',
      objectType: 'Annonce',
      objectId: 42,
      params: { annonceTitle: 'Peugeot 208' },
    });
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'ANNONCE_ACCEPTED',
      objectType: 'Annonce',
      objectId: 42,
      params: { annonceTitle: 'Peugeot 208' },
      viewed: false,
      clicked: false,
      muted: false,
      createdAt: t.clock.now(),
    });
  });

  it('writes nothing when the caller transaction rolls back', async () => {
    const user = await buildUser(t.db);
    const notifier = createNotifier({ db: t.db, clock: t.clock });
    await expect(
      t.db.transaction(async (tx) => {
        await notifier.notify(
          { userId: user.id, type: 'ID_VALIDATED', objectType: 'User', objectId: user.id },
          tx,
        );
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it('skips a type whose group is off, and keeps mailed types muted', async () => {
    const user = await buildUser(t.db);
    await t.db.insert(notificationPreferences).values({
      userId: user.id,
      lampionsNotifications: false,
      myAnnoncesNotifications: false,
      updatedAt: t.clock.now(),
    });
    await createNotifier({ db: t.db, clock: t.clock }).notify([
      { userId: user.id, type: 'LAMPIONS_GAINED', objectType: 'Lampions', objectId: null },
      { userId: user.id, type: 'ANNONCE_ACCEPTED', objectType: 'Annonce', objectId: 7 },
      { userId: user.id, type: 'ID_REFUSED', objectType: 'User', objectId: user.id },
      { userId: user.id, type: 'NEW_NEAR_VEHICLES', objectType: 'Annonce', objectId: 7 },
    ]);
    const rows = await rowsOf(user.id);
    expect(rows.map((row) => [row.type, row.muted]).sort()).toEqual([
      ['ANNONCE_ACCEPTED', true],
      ['ID_REFUSED', false],
      ['NEW_NEAR_VEHICLES', false],
    ]);
  });

  it('stores one row per user and dedupe key', async () => {
    const user = await buildUser(t.db);
    const notifier = createNotifier({ db: t.db, clock: t.clock });
    const key = 'annonce-alert:9';
    await notifier.notify([
      {
        userId: user.id,
        type: 'NEW_NEAR_VEHICLES',
        objectType: 'Annonce',
        objectId: 9,
        dedupeKey: key,
      },
      {
        userId: user.id,
        type: 'NEW_ALERT_VEHICLES',
        objectType: 'Annonce',
        objectId: 9,
        dedupeKey: key,
      },
    ]);
    await notifier.notify({
      userId: user.id,
      type: 'NEW_ALERT_VEHICLES',
      objectType: 'Annonce',
      objectId: 9,
      dedupeKey: key,
    });
    expect(await rowsOf(user.id)).toHaveLength(1);
  });
});
