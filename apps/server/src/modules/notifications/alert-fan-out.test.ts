import { and, eq, inArray, sql } from 'drizzle-orm';
import { distanceKm } from '@app/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import {
  annonceEvents,
  annonces,
  notificationPreferences,
  notifications,
  pushSubscriptions,
  savedSearches,
  savedSearchKeys,
  users,
} from '../../db/schema/index';
import { catalogue, PLACES, type Catalogue } from '../discovery/testing/discovery-fixture';
import { findAlertRecipients, loadFanOutAnnonce, runAlertFanOut } from './alert-fan-out';
import { createDispatcher } from './dispatcher';
import { createLocalLiveBus } from './live-bus';

let t: TestApp;
let c: Catalogue;

beforeAll(async () => {
  t = await buildTestApp();
  c = await catalogue(t.db);
});
afterAll(async () => {
  await t?.close();
});

const dispatcher = () =>
  createDispatcher({
    db: t.db,
    clock: t.clock,
    bus: createLocalLiveBus(),
    queue: {
      push: async () => {},
      mail: async () => {},
      // The job the real queue runs, here at once.
      fanOut: async (ids) => {
        for (const id of ids) await runAlertFanOut({ db: t.db, clock: t.clock }, id);
      },
    },
    log: { error() {} },
  });

/** A browser of this user's subscribed to Web Push. */
const subscribeToPush = (userId: number) =>
  t.db.insert(pushSubscriptions).values({
    userId,
    endpoint: `https://push.example.test/${userId}`,
    p256dh: 'key',
    auth: 'auth',
    createdAt: t.clock.now(),
  });

const at = (place: keyof typeof PLACES) => ({
  lastLatitude: PLACES[place].latitude,
  lastLongitude: PLACES[place].longitude,
});

async function alert(
  user: TestUser,
  name: string,
  criteria: Partial<typeof savedSearches.$inferInsert>,
) {
  await t.db
    .insert(savedSearches)
    .values({ userId: user.id, name, criteriaKey: name, ...criteria });
}

async function optOut(
  user: TestUser,
  group: 'newAnnoncesCloseNotifications' | 'myAlertsNotifications',
) {
  await t.db
    .insert(notificationPreferences)
    .values({ userId: user.id, [group]: false, updatedAt: t.clock.now() });
}

/** A notification group turned on or off as the profile screen does. */
async function setPreference(
  user: TestUser,
  group: 'newAnnoncesCloseNotifications' | 'myAlertsNotifications' | 'lampionsNotifications',
  on: boolean,
) {
  const res = await t.injectAs(user, {
    method: 'POST',
    url: '/user/updateNotificationParam',
    payload: { [group]: on },
  });
  expect(res.statusCode).toBe(200);
}

describe('alert fan-out when an announcement is validated', () => {
  it('tells users within 20 km and users with a matching alert, once each, and nobody else', async () => {
    const owner = await buildUser(t.db, at('toulouse'));
    const near = await buildUser(t.db, at('blagnac'));
    const far = await buildUser(t.db, at('lyon'));
    const nearOptedOut = await buildUser(t.db, at('blagnac'));
    await optOut(nearOptedOut, 'newAnnoncesCloseNotifications');
    const nearAdmin = await buildUser(t.db, { ...at('blagnac'), roles: ['ROLE_ADMIN'] });
    const nearNotValidated = await buildUser(t.db, { ...at('blagnac'), accountValidatedAt: null });
    const alertBrand = await buildUser(t.db, at('paris'));
    await alert(alertBrand, 'Mes Peugeot', { brandIds: [c.peugeot] });
    const alertOtherBrand = await buildUser(t.db, at('paris'));
    await alert(alertOtherBrand, 'Citroën', { brandIds: [c.citroen] });
    const nearAndAlert = await buildUser(t.db, at('blagnac'));
    await alert(nearAndAlert, 'Peugeot 208', { researchText: 'peugeot 208' });
    const alertShouted = await buildUser(t.db);
    await alert(alertShouted, 'Crié, "fort" \\ !', { researchText: 'PEUGEOT-208 !' });
    const alertAccented = await buildUser(t.db);
    await alert(alertAccented, 'Accents', { researchText: 'Peugéot' });
    const alertAccentedOtherWord = await buildUser(t.db);
    await alert(alertAccentedOtherWord, 'Électrique', { researchText: 'Peugeot électrique' });
    const alertOtherText = await buildUser(t.db);
    await alert(alertOtherText, 'Clio', { researchText: 'clio' });
    const alertAround = await buildUser(t.db);
    await alert(alertAround, 'Autour de Muret', {
      ...PLACES.muret,
      locationRadius: 30,
      vehicleTypeIds: [c.car],
    });
    const alertTooFar = await buildUser(t.db);
    await alert(alertTooFar, 'Lyon', { ...PLACES.lyon, locationRadius: 50 });
    const alertOptedOut = await buildUser(t.db);
    await alert(alertOptedOut, 'Peugeot', { brandIds: [c.peugeot] });
    await optOut(alertOptedOut, 'myAlertsNotifications');
    await alert(owner, 'Ma propre alerte', { brandIds: [c.peugeot] });

    const annonce = await buildAnnonce(t.db, {
      ownerId: owner.id,
      status: 'TO_VALIDATE',
      validatedAt: null,
      vehicleTypeId: c.car,
      brandId: c.peugeot,
      modelId: c.p208,
      ...{ theftLatitude: PLACES.toulouse.latitude, theftLongitude: PLACES.toulouse.longitude },
    });
    const admin = await buildUser(t.db, { roles: ['ROLE_ADMIN'] });

    // The back office's validation (its own route) writes the owner's ANNONCE_ACCEPTED; the
    // dispatcher, after commit, runs the fan-out.
    const res = await t.injectAs(admin, {
      method: 'POST',
      url: `/admin/api/annonce/${annonce.id}/validate`,
    });
    expect(res.statusCode).toBe(200);
    await dispatcher().run();

    const everyone = [
      owner,
      near,
      far,
      nearOptedOut,
      nearAdmin,
      nearNotValidated,
      alertBrand,
      alertOtherBrand,
      nearAndAlert,
      alertOtherText,
      alertShouted,
      alertAccented,
      alertAccentedOtherWord,
      alertAround,
      alertTooFar,
      alertOptedOut,
      admin,
    ];
    const told = async () =>
      (
        await t.db
          .select({
            userId: notifications.userId,
            type: notifications.type,
            params: notifications.params,
          })
          .from(notifications)
          .where(
            and(
              eq(notifications.objectId, annonce.id),
              inArray(
                notifications.userId,
                everyone.map((user) => user.id),
              ),
            ),
          )
      ).sort((a, b) => a.userId - b.userId);

    const rows = await told();
    expect(rows.map((row) => [row.userId, row.type])).toEqual(
      [
        [owner.id, 'ANNONCE_ACCEPTED'],
        [near.id, 'NEW_NEAR_VEHICLES'],
        [alertBrand.id, 'NEW_ALERT_VEHICLES'],
        [nearAndAlert.id, 'NEW_ALERT_VEHICLES'],
        [alertShouted.id, 'NEW_ALERT_VEHICLES'],
        [alertAccented.id, 'NEW_ALERT_VEHICLES'],
        [alertAround.id, 'NEW_ALERT_VEHICLES'],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    expect(rows.find((row) => row.userId === alertBrand.id)?.params).toMatchObject({
      searchName: 'Mes Peugeot',
      annonceTitle: 'Peugeot 208',
    });
    expect(rows.find((row) => row.userId === alertShouted.id)?.params).toEqual({
      searchName: 'Crié, "fort" \\ !',
      annonceTitle: 'Peugeot 208',
    });
    expect(rows.find((row) => row.userId === near.id)?.params).toMatchObject({
      annonceTitle: 'Peugeot 208',
      city: 'Toulouse',
    });

    // Running again (a retried job, a second instance) tells nobody twice.
    await runAlertFanOut({ db: t.db, clock: t.clock }, annonce.id);
    await dispatcher().run();
    expect(await told()).toHaveLength(rows.length);
  });

  /**
   * Users placed around `centre` from a fixed sequence between 0 and 24 km away, and some a few
   * metres either side of 20 km: the fan-out finds exactly those within 20 km.
   */
  async function expectExactlyThoseWithin20Km(centre: { latitude: number; longitude: number }) {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const offsets = [
      ...Array.from({ length: 400 }, () => ({ km: 24 * Math.sqrt(next()), bearing: next() * 360 })),
      ...[0, 45, 90, 135, 180, 225, 270, 315].flatMap((bearing) => [
        { km: 19.98, bearing },
        { km: 20.02, bearing },
      ]),
    ];
    const placed = await Promise.all(
      offsets.map(async ({ km, bearing }) => {
        const radians = (bearing * Math.PI) / 180;
        const unwrappedLongitude =
          centre.longitude +
          (km * Math.sin(radians)) / (111.32 * Math.cos((centre.latitude * Math.PI) / 180));
        const position = {
          latitude: centre.latitude + (km * Math.cos(radians)) / 111.32,
          // Past 180° east is west of the antimeridian.
          longitude: unwrappedLongitude > 180 ? unwrappedLongitude - 360 : unwrappedLongitude,
        };
        const user = await buildUser(t.db, {
          lastLatitude: position.latitude,
          lastLongitude: position.longitude,
        });
        return { id: user.id, within: distanceKm(centre, position) <= 20 };
      }),
    );
    const owner = await buildUser(t.db);
    const annonce = await buildAnnonce(t.db, {
      ownerId: owner.id,
      theftLatitude: centre.latitude,
      theftLongitude: centre.longitude,
    });
    const found = await findAlertRecipients(t.db, (await loadFanOutAnnonce(t.db, annonce.id))!);

    const expected = placed.filter((user) => user.within).map((user) => user.id);
    expect(expected.length).toBeGreaterThan(250);
    expect(expected.length).toBeLessThan(placed.length - 50);
    const placedIds = new Set(placed.map((user) => user.id));
    expect([...found.near].filter((id) => placedIds.has(id)).sort((a, b) => a - b)).toEqual(
      expected.sort((a, b) => a - b),
    );
  }

  it('finds exactly the users within 20 km, those near the edge of the disc too', async () => {
    // Around Bordeaux: west of Greenwich, negative longitudes.
    await expectExactlyThoseWithin20Km({ latitude: 44.8378, longitude: -0.5792 });
  });

  it('finds them as exactly across the antimeridian, where the squares give way to the GiST index', async () => {
    // Taveuni (Fiji): the disc reaches both 180° east and 180° west.
    await expectExactlyThoseWithin20Km({ latitude: -16.85, longitude: 179.95 });
  });

  it('follows each user’s “near me” preference, whether it was set before or after the position', async () => {
    // user_positions.wants_near_alerts is kept by triggers on both tables (migration 0031).
    const owner = await buildUser(t.db, at('toulouse'));
    const offThenPlaced = await buildUser(t.db);
    await optOut(offThenPlaced, 'newAnnoncesCloseNotifications');
    await t.db.update(users).set(at('blagnac')).where(eq(users.id, offThenPlaced.id));
    const placedThenOff = await buildUser(t.db, at('blagnac'));
    await optOut(placedThenOff, 'newAnnoncesCloseNotifications');
    // Through the profile's own route: its first save inserts the row, the next one updates it.
    const offThenOn = await buildUser(t.db, at('blagnac'));
    await setPreference(offThenOn, 'newAnnoncesCloseNotifications', false);
    await setPreference(offThenOn, 'newAnnoncesCloseNotifications', true);
    const offByRoute = await buildUser(t.db, at('blagnac'));
    await setPreference(offByRoute, 'lampionsNotifications', false);
    await setPreference(offByRoute, 'newAnnoncesCloseNotifications', false);
    const offThenMoved = await buildUser(t.db, at('lyon'));
    await optOut(offThenMoved, 'newAnnoncesCloseNotifications');
    await t.db.update(users).set(at('blagnac')).where(eq(users.id, offThenMoved.id));
    const otherGroupOff = await buildUser(t.db, at('blagnac'));
    await optOut(otherGroupOff, 'myAlertsNotifications');
    const annonce = await buildAnnonce(t.db, {
      ownerId: owner.id,
      theftLatitude: PLACES.toulouse.latitude,
      theftLongitude: PLACES.toulouse.longitude,
    });

    const { near } = await findAlertRecipients(t.db, (await loadFanOutAnnonce(t.db, annonce.id))!);

    expect(near).toContain(offThenOn.id);
    expect(near).toContain(otherGroupOff.id);
    expect(near).not.toContain(offThenPlaced.id);
    expect(near).not.toContain(placedThenOff.id);
    expect(near).not.toContain(offThenMoved.id);
    expect(near).not.toContain(offByRoute.id);
  });

  it('follows each alert owner’s account and “my alerts” preference, whenever they change', async () => {
    // saved_searches.owner_wants_alerts is kept by triggers on three tables (migration 0032).
    const owner = await buildUser(t.db);
    const watchers = {
      offThenSaved: await buildUser(t.db),
      savedThenOff: await buildUser(t.db),
      offThenOn: await buildUser(t.db),
      offByRoute: await buildUser(t.db),
      notValidatedThenValidated: await buildUser(t.db, { accountValidatedAt: null }),
      savedThenNotValidated: await buildUser(t.db),
      savedThenDeletionAsked: await buildUser(t.db),
      savedThenAdmin: await buildUser(t.db),
      otherGroupOff: await buildUser(t.db),
    };
    await optOut(watchers.offThenSaved, 'myAlertsNotifications');
    for (const watcher of Object.values(watchers)) {
      await alert(watcher, `Peugeot ${watcher.id}`, { brandIds: [c.peugeot] });
    }
    await optOut(watchers.savedThenOff, 'myAlertsNotifications');
    await setPreference(watchers.offThenOn, 'myAlertsNotifications', false);
    await setPreference(watchers.offThenOn, 'myAlertsNotifications', true);
    await setPreference(watchers.offByRoute, 'lampionsNotifications', false);
    await setPreference(watchers.offByRoute, 'myAlertsNotifications', false);
    const change = (user: TestUser, values: Partial<typeof users.$inferInsert>) =>
      t.db.update(users).set(values).where(eq(users.id, user.id));
    await change(watchers.notValidatedThenValidated, { accountValidatedAt: t.clock.now() });
    await change(watchers.savedThenNotValidated, { accountValidatedAt: null });
    await change(watchers.savedThenDeletionAsked, { askedToBeDeletedAt: t.clock.now() });
    await change(watchers.savedThenAdmin, { roles: ['ROLE_ADMIN'] });
    await optOut(watchers.otherGroupOff, 'newAnnoncesCloseNotifications');
    // A watcher deleted with searches and preferences: the triggers let the deletion through.
    const deleted = await buildUser(t.db);
    await alert(deleted, 'Peugeot supprimé', { brandIds: [c.peugeot] });
    await optOut(deleted, 'myAlertsNotifications');
    await t.db.delete(users).where(eq(users.id, deleted.id));
    const annonce = await buildAnnonce(t.db, {
      ownerId: owner.id,
      vehicleTypeId: c.car,
      brandId: c.peugeot,
      modelId: c.p208,
    });

    const { alerts } = await findAlertRecipients(
      t.db,
      (await loadFanOutAnnonce(t.db, annonce.id))!,
    );

    const told = Object.entries(watchers)
      .filter(([, watcher]) => alerts.has(watcher.id))
      .map(([name]) => name);
    expect(told.sort()).toEqual(['notValidatedThenValidated', 'offThenOn', 'otherGroupOff']);
    expect(alerts.has(deleted.id)).toBe(false);
  });

  it('asks the alerts and the users near at once, on two of the pool’s connections', async () => {
    // Side by side, Paris's search takes the longer of the two, not their sum
    // (bench/results/notifications-2026-12-06-notes.md).
    let inFlight = 0;
    let mostInFlight = 0;
    const counted = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return async (...args: Parameters<typeof target.execute>) => {
          inFlight += 1;
          mostInFlight = Math.max(mostInFlight, inFlight);
          try {
            return await target.execute(...args);
          } finally {
            inFlight -= 1;
          }
        };
      },
    });
    const owner = await buildUser(t.db, at('toulouse'));
    const near = await buildUser(t.db, at('blagnac'));
    const watcher = await buildUser(t.db, at('lyon'));
    await alert(watcher, 'Toutes les voitures', { vehicleTypeIds: [c.car] });
    const annonce = await buildAnnonce(t.db, {
      ownerId: owner.id,
      vehicleTypeId: c.car,
      theftLatitude: PLACES.toulouse.latitude,
      theftLongitude: PLACES.toulouse.longitude,
    });

    const found = await findAlertRecipients(counted, (await loadFanOutAnnonce(t.db, annonce.id))!);

    expect(found.alerts.has(watcher.id)).toBe(true);
    expect(found.near).toContain(near.id);
    expect(mostInFlight).toBe(2);
  });

  it('fails with the alerts’ error when both statements fail, leaving no failure unheard', async () => {
    const owner = await buildUser(t.db, at('toulouse'));
    const annonce = (await loadFanOutAnnonce(
      t.db,
      (
        await buildAnnonce(t.db, {
          ownerId: owner.id,
          vehicleTypeId: c.car,
          theftLatitude: PLACES.toulouse.latitude,
          theftLongitude: PLACES.toulouse.longitude,
        })
      ).id,
    ))!;
    // The users near fail first, while the alerts are still on their way: an unhandled rejection
    // would fail this test file (vitest reports them).
    const failing = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return async (query: Parameters<typeof target.execute>[0]) => {
          const near = JSON.stringify(query).includes('user_positions');
          await new Promise((resolve) => setTimeout(resolve, near ? 0 : 20));
          throw new Error(near ? 'near failed' : 'alerts failed');
        };
      },
    });

    await expect(findAlertRecipients(failing, annonce)).rejects.toThrow('alerts failed');
    // A turn for a rejection left unhandled to be reported before the test ends.
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

  it('files a search under its plain words and under each square its disc reaches', async () => {
    const user = await buildUser(t.db);
    const [search] = await t.db
      .insert(savedSearches)
      .values({
        userId: user.id,
        name: 'Vélo',
        criteriaKey: 'velo-muret',
        researchText: 'Vélo électrique, ROUGE! 中文',
        brandIds: [c.peugeot],
        ...PLACES.muret,
        locationRadius: 30,
      })
      .returning({ id: savedSearches.id, words: savedSearches.researchWords });
    expect([...search!.words].sort()).toEqual(['electrique', 'rouge', 'velo']);
    const keys = async () =>
      (
        await t.db
          .select({ key: savedSearchKeys.key })
          .from(savedSearchKeys)
          .where(eq(savedSearchKeys.savedSearchId, search!.id))
      )
        .map((row) => row.key)
        .sort();
    // 30 km around Muret (43.46, 1.33), with the margin, reaches latitudes 43.18–43.75 and longitudes 0.93–1.72:
    // squares 86–87 by 1–3 of half a degree, Toulouse's (87:2) among them.
    expect(await keys()).toEqual(
      ['86:1', '86:2', '86:3', '87:1', '87:2', '87:3'].map((cell) => `b:${c.peugeot}@${cell}`),
    );

    await t.db
      .update(savedSearches)
      .set({ researchText: 'clio', brandIds: [], latitude: null, longitude: null })
      .where(eq(savedSearches.id, search!.id));
    expect(await keys()).toEqual(['w:clio']);
  });

  it('with a delivery, writes the rows dispatched, queues the push of those with a subscribed browser in its transaction and tells their users after', async () => {
    const owner = await buildUser(t.db);
    const near = await buildUser(t.db, { lastLatitude: 47.2184, lastLongitude: -1.5536 });
    await subscribeToPush(near.id);
    // Near too, but no browser of theirs takes Web Push: told in the open tab, no push job.
    const withoutPush = await buildUser(t.db, { lastLatitude: 47.2185, lastLongitude: -1.5537 });
    const annonce = await buildAnnonce(t.db, {
      ownerId: owner.id,
      theftLatitude: 47.2186,
      theftLongitude: -1.5541,
    });
    const queued: { ids: number[]; seen: number }[] = [];
    const told: number[][] = [];
    const delivery = {
      async queuePush(tx: typeof t.db, ids: number[]) {
        // The rows are there for the push jobs written on the same transaction.
        const seen = await tx
          .select({ id: notifications.id })
          .from(notifications)
          .where(inArray(notifications.id, ids));
        queued.push({ ids, seen: seen.length });
      },
      async tell(userIds: number[]) {
        told.push(userIds);
      },
    };
    await runAlertFanOut({ db: t.db, clock: t.clock, delivery }, annonce.id);
    const [row] = await t.db
      .select({ id: notifications.id, dispatchedAt: notifications.dispatchedAt })
      .from(notifications)
      .where(and(eq(notifications.userId, near.id), eq(notifications.objectId, annonce.id)));
    expect(row!.dispatchedAt).toEqual(t.clock.now());
    expect(queued).toEqual([{ ids: [row!.id], seen: 1 }]);
    expect(told).toEqual([[near.id, withoutPush.id].sort((a, b) => a - b)]);

    // A retried run adds no row, so it queues and tells nothing.
    await runAlertFanOut({ db: t.db, clock: t.clock, delivery }, annonce.id);
    expect(queued).toHaveLength(1);
    expect(told).toHaveLength(1);
  });

  it('writes a large fan-out in slices, each committed with its push and told after, resting between them; a retry after a failure adds only the rest', async () => {
    const owner = await buildUser(t.db);
    const near = [];
    for (let i = 0; i < 5; i++) {
      near.push(await buildUser(t.db, { lastLatitude: 48.5734 + i / 1000, lastLongitude: 7.7521 }));
      await subscribeToPush(near[i]!.id);
    }
    const annonce = await buildAnnonce(t.db, {
      ownerId: owner.id,
      // Strasbourg: no other test of this file puts anyone there.
      theftLatitude: 48.5734,
      theftLongitude: 7.7521,
    });
    const queued: number[][] = [];
    const told: number[][] = [];
    let failSecondSlice = true;
    const delivery = {
      async queuePush(_tx: typeof t.db, ids: number[]) {
        if (queued.length === 1 && failSecondSlice) {
          failSecondSlice = false;
          throw new Error('push queue unavailable');
        }
        queued.push(ids);
      },
      async tell(userIds: number[]) {
        told.push(userIds);
      },
    };
    const rests: number[] = [];
    const rest = async (ms: number) => {
      rests.push(ms);
    };
    const rowsOfAnnonce = () =>
      t.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(
          and(eq(notifications.objectId, annonce.id), eq(notifications.type, 'NEW_NEAR_VEHICLES')),
        );
    const ids = near.map((user) => user.id).sort((a, b) => a - b);

    // The second slice fails: the first stays committed and told, the second left no row.
    await expect(
      runAlertFanOut({ db: t.db, clock: t.clock, delivery, slice: 2, rest }, annonce.id),
    ).rejects.toThrow('push queue unavailable');
    expect((await rowsOfAnnonce()).map((row) => row.userId).sort((a, b) => a - b)).toEqual(
      ids.slice(0, 2),
    );
    expect(told).toEqual([ids.slice(0, 2)]);
    expect(rests).toHaveLength(1);

    // The retry writes the two other slices, each queued and told once, with a rest between.
    rests.length = 0;
    await runAlertFanOut({ db: t.db, clock: t.clock, delivery, slice: 2, rest }, annonce.id);
    expect((await rowsOfAnnonce()).map((row) => row.userId).sort((a, b) => a - b)).toEqual(ids);
    expect(queued.map((slice) => slice.length)).toEqual([2, 2, 1]);
    expect(told).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
    // A rest after each slice but the last; the first slice adds nothing now and rests too.
    expect(rests).toHaveLength(2);
    expect(rests.every((ms) => ms >= 0)).toBe(true);
  });

  // An erasure holds the account's row until it commits (admin/account-erasure.ts). A foreign key
  // from notifications to users made each of the fan-out's rows lock its user's row: a slice
  // waited for any such transaction, and a Paris fan-out wrote a row lock for each of its 135,000
  // users (issue 20). Two connections at once: PostgreSQL only.
  it.runIf(inject('testDatabase') === 'postgres')(
    'never waits for a recipient’s account row that another transaction holds',
    async () => {
      const owner = await buildUser(t.db);
      // Brest: no other test of this file puts anyone there.
      const held = await buildUser(t.db, { lastLatitude: 48.3904, lastLongitude: -4.4861 });
      const annonce = await buildAnnonce(t.db, {
        ownerId: owner.id,
        theftLatitude: 48.3905,
        theftLongitude: -4.4863,
      });
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding = () => {};
      const isHeld = new Promise<void>((resolve) => (holding = resolve));
      const holder = t.db.transaction(async (tx) => {
        await tx.execute(sql`select id from users where id = ${held.id} for update`);
        holding();
        await released;
      });
      await isHeld;
      let finished = false;
      const fanOut = runAlertFanOut({ db: t.db, clock: t.clock }, annonce.id).finally(() => {
        finished = true;
      });
      try {
        // Whichever comes first: the fan-out's end, or one of its statements waiting for a lock.
        const waitedForLock = (async () => {
          while (!finished) {
            const { rows } = (await t.db.execute(
              sql`select count(*)::int as waiting from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock'`,
            )) as unknown as { rows: { waiting: number }[] };
            if (Number(rows[0]!.waiting) > 0) return 'waited for a lock';
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
          return 'finished';
        })();
        expect(await Promise.race([fanOut.then(() => 'finished'), waitedForLock])).toBe('finished');
      } finally {
        release();
        await holder;
        await fanOut;
      }
      const [row] = await t.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.objectId, annonce.id), eq(notifications.userId, held.id)));
      expect(row).toEqual({ userId: held.id });
    },
  );

  it('keeps a fan-out’s rows together in the index that finds a repeated one: the key comes first', async () => {
    // A fan-out writes one key for every recipient. Led by the user, that index took its rows on
    // nearly every one of its pages, each written whole to the WAL after a checkpoint (migration
    // 0036): with the key first, a Paris fan-out wrote a third of the whole pages.
    const { rows: definitions } = (await t.db.execute(
      sql`select indexdef from pg_indexes
          where tablename = 'notifications' and indexdef like 'CREATE UNIQUE INDEX%dedupe_key%'`,
    )) as unknown as { rows: { indexdef: string }[] };
    expect(definitions.map((row) => row.indexdef.replace(/^.*USING btree /, ''))).toEqual([
      '(dedupe_key, user_id) WHERE (dedupe_key IS NOT NULL)',
    ]);
  });

  it('does nothing for an announcement that is not VALIDATED', async () => {
    const owner = await buildUser(t.db);
    await buildUser(t.db, at('blagnac'));
    const annonce = await buildAnnonce(t.db, { ownerId: owner.id, status: 'TO_VALIDATE' });
    expect(await runAlertFanOut({ db: t.db, clock: t.clock }, annonce.id)).toEqual({
      alerts: 0,
      near: 0,
    });
  });
});

describe('announcement events become notifications', () => {
  it('turns ANNONCE_TO_COMPLETE, the 24-hour reminder and ANNONCE_DELAY_PASSED into the owner’s notifications, once', async () => {
    const owner = await buildUser(t.db);
    const annonce = await buildAnnonce(t.db, {
      ownerId: owner.id,
      brandId: c.renault,
      modelId: c.clio,
    });
    const base = { annonceId: annonce.id, userId: owner.id, createdAt: t.clock.now() };
    await t.db.insert(annonceEvents).values([
      { ...base, type: 'ANNONCE_PUBLISHED' },
      { ...base, type: 'ANNONCE_TO_COMPLETE' },
      { ...base, type: 'ANNONCE_COMPLETION_REMINDER' },
      { ...base, type: 'ANNONCE_DELAY_PASSED' },
    ]);
    await dispatcher().run();
    await dispatcher().run();
    const rows = await t.db
      .select({ type: notifications.type, params: notifications.params })
      .from(notifications)
      .where(eq(notifications.userId, owner.id))
      .orderBy(notifications.id);
    expect(rows).toEqual([
      { type: 'ANNONCE_TO_COMPLETE', params: { annonceTitle: 'Renault Clio' } },
      { type: 'ANNONCE_TO_COMPLETE', params: { annonceTitle: 'Renault Clio', reminder: 1 } },
      { type: 'ANNONCE_DELAY_PASSED', params: { annonceTitle: 'Renault Clio' } },
    ]);
    const events = await t.db
      .select({ handledAt: annonceEvents.handledAt })
      .from(annonceEvents)
      .where(eq(annonceEvents.annonceId, annonce.id));
    expect(events.every((event) => event.handledAt !== null)).toBe(true);
    const [status] = await t.db
      .select({ status: annonces.status })
      .from(annonces)
      .where(eq(annonces.id, annonce.id));
    expect(status?.status).toBe('VALIDATED');
  });
});
