import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { notifications, pushSubscriptions, users } from '../../db/schema/index';
import { createLampions } from '../lampions/index';
import { form } from '../discovery/testing/discovery-fixture';
import { createDispatcher } from './dispatcher';
import { createLocalLiveBus } from './live-bus';
import { createNotifier, type NotificationInput } from './notifier';
import { OFF_CURVE_P256DH } from './testing/off-curve-key';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await buildUser(t.db);
  bob = await buildUser(t.db);
});
afterAll(async () => {
  await t?.close();
});

const notify = (items: NotificationInput | NotificationInput[]) =>
  createNotifier({ db: t.db, clock: t.clock }).notify(items);

const list = (user: TestUser, fields: Record<string, string> = {}, language = 'fr-FR,fr;q=0.9') =>
  t.injectAs(user, {
    method: 'POST',
    url: '/lampNotification/getAllForUser',
    ...form(fields),
    headers: { ...form(fields).headers, 'accept-language': language },
  });

describe('POST /lampNotification/getAllForUser', () => {
  let annonceId: number;
  beforeAll(async () => {
    annonceId = (await buildAnnonce(t.db, { ownerId: alice.id })).id;
    await notify([
      { userId: alice.id, type: 'ANNONCE_ACCEPTED', objectType: 'Annonce', objectId: annonceId },
      {
        userId: alice.id,
        type: 'LAMPIONS_GAINED',
        objectType: 'Lampions',
        objectId: null,
        params: { points: 20 },
      },
      { userId: alice.id, type: 'ID_VALIDATED', objectType: 'User', objectId: alice.id },
      { userId: bob.id, type: 'ID_REFUSED', objectType: 'User', objectId: bob.id },
    ]);
    t.clock.advance(60_000);
    await notify({
      userId: alice.id,
      type: 'WATCHER_MATCH_REFUSED',
      objectType: 'Annonce',
      objectId: annonceId,
      params: { comment: 'Photo floue' },
    });
  });

  it('requires authentication', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/lampNotification/getAllForUser' });
    expect(res.statusCode).toBe(401);
  });

  it('rejects an unknown type or object type', async () => {
    const res = await list(alice, { notifTypes: 'NOT_A_TYPE' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      invalidField: expect.stringMatching(/^notifTypes/),
    });
    const other = await list(alice, { objectTypesToExclude: '["Vehicle"]' });
    expect(other.json()).toMatchObject({
      invalidField: expect.stringMatching(/^objectTypesToExclude/),
    });
  });

  it("lists the caller's own notifications, newest first, rendered in French", async () => {
    const res = await list(alice);
    expect(res.statusCode).toBe(200);
    const items = res.json() as Array<Record<string, unknown>>;
    expect(items.map((item) => item.type)).toEqual([
      'WATCHER_MATCH_REFUSED',
      'ID_VALIDATED',
      'LAMPIONS_GAINED',
      'ANNONCE_ACCEPTED',
    ]);
    expect(items[0]).toMatchObject({
      objectType: 'Annonce',
      objectId: annonceId,
      viewed: false,
      clicked: false,
      target: 'MatchShow',
      title: 'Signalement refusé',
      date: '2026-11-22T10:01:00.000Z',
      timestamp: Date.parse('2026-11-22T10:01:00.000Z'),
      updateViewed: false,
    });
    expect(items[0]!.body).toContain('Photo floue');
    expect(items[2]).toMatchObject({ body: 'Vous avez gagné 20 lampions.', target: null });
    // The announcement's name is filled in by the notifier when the producer gave none.
    expect(items[3]).toMatchObject({ target: 'AnnonceShow', title: 'Annonce validée' });
    expect(String(items[3]!.body)).toMatch(/^Votre annonce \S+/);
  });

  it('renders in English for an English reader, and remembers the language for push and mail', async () => {
    const res = await list(alice, {}, 'en-GB,en;q=0.9');
    const items = res.json() as Array<{ type: string; title: string; body: string }>;
    expect(items.find((item) => item.type === 'LAMPIONS_GAINED')).toMatchObject({
      title: 'Lampions earned',
      body: 'You earned 20 lampions.',
    });
    const [row] = await t.db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.id, alice.id));
    expect(row?.locale).toBe('en');
    await list(alice); // back to French for the other tests
  });

  it('filters by type and object type, included or excluded (form lists, JSON arrays or CSV)', async () => {
    const types = async (fields: Record<string, string>) =>
      ((await list(alice, fields)).json() as Array<{ type: string }>).map((item) => item.type);
    expect(await types({ notifTypes: 'ID_VALIDATED,LAMPIONS_GAINED' })).toEqual([
      'ID_VALIDATED',
      'LAMPIONS_GAINED',
    ]);
    expect(
      await types({ notifTypesToExclude: '["ID_VALIDATED","WATCHER_MATCH_REFUSED"]' }),
    ).toEqual(['LAMPIONS_GAINED', 'ANNONCE_ACCEPTED']);
    expect(await types({ objectTypes: 'Annonce' })).toEqual([
      'WATCHER_MATCH_REFUSED',
      'ANNONCE_ACCEPTED',
    ]);
    expect(await types({ objectTypesToExclude: 'Annonce,User' })).toEqual(['LAMPIONS_GAINED']);
    // JSON bodies work too.
    const res = await t.injectAs(alice, {
      method: 'POST',
      url: '/lampNotification/getAllForUser',
      payload: { notifTypes: ['ID_VALIDATED'] },
    });
    expect((res.json() as unknown[]).length).toBe(1);
  });

  it('never lists another user’s notifications', async () => {
    const items = (await list(bob)).json() as Array<{ type: string }>;
    expect(items.map((item) => item.type)).toEqual(['ID_REFUSED']);
  });
});

describe('GET /lampNotification/changeNotifViewedState/{id} and changeNotifClickedState/{id}', () => {
  let mine: number;
  let theirs: number;
  beforeAll(async () => {
    await notify({
      userId: alice.id,
      type: 'ADMIN_NOTIFICATION',
      objectType: 'Annonce',
      objectId: null,
      params: { message: 'Bienvenue' },
    });
    await notify({
      userId: bob.id,
      type: 'ADMIN_NOTIFICATION',
      objectType: 'Annonce',
      objectId: null,
      params: { message: 'Salut' },
    });
    const rows = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'ADMIN_NOTIFICATION'));
    mine = rows.find((row) => row.userId === alice.id)!.id;
    theirs = rows.find((row) => row.userId === bob.id)!.id;
  });

  it('requires authentication', async () => {
    for (const url of [
      `/lampNotification/changeNotifViewedState/${mine}`,
      `/lampNotification/changeNotifClickedState/${mine}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('rejects an id that is not a number', async () => {
    const res = await t.injectAs(alice, {
      method: 'GET',
      url: '/lampNotification/changeNotifViewedState/abc',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ invalidField: 'id' });
  });

  it("answers 404 for someone else's notification and leaves it untouched", async () => {
    for (const state of ['Viewed', 'Clicked']) {
      const res = await t.injectAs(alice, {
        method: 'GET',
        url: `/lampNotification/changeNotif${state}State/${theirs}`,
      });
      expect(res.statusCode).toBe(404);
    }
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, theirs));
    expect(row).toMatchObject({ viewed: false, clicked: false });
  });

  it('marks viewed, then clicked (which is also viewed); both are idempotent', async () => {
    const viewed = await t.injectAs(alice, {
      method: 'GET',
      url: `/lampNotification/changeNotifViewedState/${mine}`,
    });
    expect(viewed.json()).toEqual({ id: mine, viewed: true, clicked: false });
    const again = await t.injectAs(alice, {
      method: 'GET',
      url: `/lampNotification/changeNotifViewedState/${mine}`,
    });
    expect(again.statusCode).toBe(200);
    const clicked = await t.injectAs(alice, {
      method: 'GET',
      url: `/lampNotification/changeNotifClickedState/${mine}`,
    });
    expect(clicked.json()).toEqual({ id: mine, viewed: true, clicked: true });
    const items = (await list(alice, { notifTypes: 'ADMIN_NOTIFICATION' })).json() as Array<
      Record<string, unknown>
    >;
    expect(items[0]).toMatchObject({
      viewed: true,
      clicked: true,
      body: 'Bienvenue',
      target: null,
    });
  });
});

describe('preferences (GET /user/getNotificationParam, POST /user/updateNotificationParam)', () => {
  it('a group turned off stops its notifications; the others still come', async () => {
    const carol = await buildUser(t.db);
    const initial = await t.injectAs(carol, { method: 'GET', url: '/user/getNotificationParam' });
    expect(initial.json()).toEqual({
      myAnnoncesNotifications: true,
      myDiscoveriesNotifications: true,
      myAlertsNotifications: true,
      newAnnoncesCloseNotifications: true,
      lampionsNotifications: true,
    });
    const update = await t.injectAs(carol, {
      method: 'POST',
      url: '/user/updateNotificationParam',
      ...form({ lampionsNotifications: 'false' }),
    });
    expect(update.json()).toMatchObject({
      lampionsNotifications: false,
      myAlertsNotifications: true,
    });

    // A real producer: the lampion ledger tells of points and levels.
    const lampions = createLampions({ db: t.db, clock: t.clock });
    await lampions.record(carol.id, 'MATCH_VALIDATED');
    await notify({
      userId: carol.id,
      type: 'ID_VALIDATED',
      objectType: 'User',
      objectId: carol.id,
    });
    const items = (await list(carol)).json() as Array<{ type: string }>;
    expect(items.map((item) => item.type)).toEqual(['ID_VALIDATED']);

    await t.injectAs(carol, {
      method: 'POST',
      url: '/user/updateNotificationParam',
      ...form({ lampionsNotifications: 'true' }),
    });
    await lampions.record(carol.id, 'MATCH_REPORTED');
    const after = (await list(carol)).json() as Array<{ type: string; body: string }>;
    expect(after[0]).toMatchObject({
      type: 'LAMPIONS_GAINED',
      body: 'Vous avez gagné 20 lampions.',
    });
  });

  it('the ledger tells of lampions lost, added or removed by an admin, and of a new level', async () => {
    const dave = await buildUser(t.db);
    const lampions = createLampions({ db: t.db, clock: t.clock });
    await lampions.record(dave.id, 'MATCH_VALIDATED'); // 200: level 1 → 3
    await lampions.record(dave.id, 'MATCH_INVALID'); // -20
    await lampions.record(dave.id, 'ADMIN_ADDED', { points: 15 });
    await lampions.record(dave.id, 'ADMIN_REMOVED', { points: -5 });
    await lampions.record(dave.id, 'IDENTIFIER_CHECK'); // shown by the scan itself, not in the bell
    const items = (await list(dave)).json() as Array<{ type: string; body: string }>;
    expect(items.map((item) => [item.type, item.body])).toEqual([
      ['LAMPIONS_REMOVED', "L'équipe vous a retiré 5 lampions."],
      ['LAMPIONS_ADDED', "L'équipe vous a ajouté 15 lampions."],
      ['LAMPIONS_LOST', 'Vous avez perdu 20 lampions.'],
      ['LEVEL_GAINED', expect.stringMatching(/niveau \d+/)],
      ['LAMPIONS_GAINED', 'Vous avez gagné 200 lampions.'],
    ]);
  });
});

describe('live stream (POST /lampNotification/liveTicket, GET /lampNotification/live)', () => {
  it('requires a session for a ticket, and a valid ticket for the stream', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/lampNotification/liveTicket' })).statusCode,
    ).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/lampNotification/live?ticket=${alice.id}.9999999999.${'a'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(401);
    const ticket = (
      await t.injectAs(alice, { method: 'POST', url: '/lampNotification/liveTicket' })
    ).json() as { ticket: string };
    t.clock.advance(61_000);
    const expired = await t.app.inject({
      method: 'GET',
      url: `/lampNotification/live?ticket=${ticket.ticket}`,
    });
    expect(expired.statusCode).toBe(401);
  });

  it('sends a `notifications` event to the user’s open stream when one of theirs is dispatched, not to others', async () => {
    const pushed: number[][] = [];
    const dispatcher = createDispatcher({
      db: t.db,
      clock: t.clock,
      bus: createLocalLiveBus(),
      queue: {
        push: async (ids) => void pushed.push(ids),
        mail: async () => {},
        fanOut: async () => {},
      },
      log: { error() {} },
    });
    await dispatcher.run(); // what the other tests wrote is dispatched before the streams open
    pushed.length = 0;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const open = async (user: TestUser) => {
      const { ticket } = (
        await t.injectAs(user, { method: 'POST', url: '/lampNotification/liveTicket' })
      ).json() as { ticket: string };
      let received = '';
      const waiters: Array<() => void> = [];
      const request = http.get(`http://127.0.0.1:${port}/lampNotification/live?ticket=${ticket}`);
      const response = await new Promise<http.IncomingMessage>((resolve) =>
        request.on('response', resolve),
      );
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        received += chunk;
        for (const waiter of waiters.splice(0)) waiter();
      });
      return {
        response,
        request,
        text: () => received,
        until: (needle: string) =>
          new Promise<void>((resolve) => {
            const check = () => (received.includes(needle) ? resolve() : waiters.push(check));
            check();
          }),
      };
    };
    const aliceStream = await open(alice);
    const bobStream = await open(bob);
    expect(aliceStream.response.statusCode).toBe(200);
    expect(aliceStream.response.headers['content-type']).toContain('text/event-stream');
    await aliceStream.until('event: ready');
    await bobStream.until('event: ready');

    await notify({
      userId: alice.id,
      type: 'ID_VALIDATED',
      objectType: 'User',
      objectId: alice.id,
    });
    await dispatcher.run();
    await aliceStream.until('event: notifications');
    expect(bobStream.text()).not.toContain('event: notifications');
    expect(pushed.flat()).toHaveLength(1);
    aliceStream.request.destroy();
    bobStream.request.destroy();
  });
});

describe('push subscriptions', () => {
  /** A browser's keys: its P-256 public key and 16-byte secret. */
  const browser = crypto.createECDH('prime256v1');
  const browserKeys = {
    p256dh: browser.generateKeys().toString('base64url'),
    auth: crypto.randomBytes(16).toString('base64url'),
  };
  const subscription = (endpoint: string) => ({ endpoint, keys: browserKeys });

  it('requires authentication and a valid subscription', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/pushSubscription/publicKey' })).statusCode,
    ).toBe(401);
    const bad = await t.injectAs(alice, {
      method: 'POST',
      url: '/pushSubscription/subscribe',
      payload: { endpoint: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ invalidField: 'endpoint' });
  });

  it('refuses an endpoint outside the browsers’ push services: the server would post there', async () => {
    for (const endpoint of [
      'https://10.0.0.5/admin',
      'https://127.0.0.1:5432/',
      'https://169.254.169.254/latest/meta-data/',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.attacker.example/abc',
    ]) {
      const refused = await t.injectAs(alice, {
        method: 'POST',
        url: '/pushSubscription/subscribe',
        payload: subscription(endpoint),
      });
      expect(refused.statusCode, endpoint).toBe(400);
      expect(refused.json()).toMatchObject({ invalidField: 'endpoint' });
      const kept = await t.db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint));
      expect(kept).toEqual([]);
    }
  });

  it('refuses keys no browser gives, naming the key: every push to them would fail', async () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/unusable-keys';
    for (const [keys, field] of [
      [{ ...browserKeys, p256dh: 'BOr0Xw2m0aNNXf4gJ0mH8vJ5C2FrM0kYkqfXr2e8b8y' }, 'keys.p256dh'],
      [{ ...browserKeys, p256dh: OFF_CURVE_P256DH }, 'keys.p256dh'],
      [{ ...browserKeys, auth: 'c2hvcnQ' }, 'keys.auth'],
    ] as const) {
      const refused = await t.injectAs(alice, {
        method: 'POST',
        url: '/pushSubscription/subscribe',
        payload: { endpoint, keys },
      });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: field });
    }
    const kept = await t.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(kept).toEqual([]);
  });

  it('hands out the same VAPID public key every time (kept in the database)', async () => {
    const first = (
      await t.injectAs(alice, { method: 'GET', url: '/pushSubscription/publicKey' })
    ).json() as { publicKey: string };
    const second = (
      await t.injectAs(bob, { method: 'GET', url: '/pushSubscription/publicKey' })
    ).json() as { publicKey: string };
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(second.publicKey).toBe(first.publicKey);
  });

  it('keeps a subscription, moves a re-used endpoint to its new user, and lets only its owner remove it', async () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    const kept = await t.injectAs(alice, {
      method: 'POST',
      url: '/pushSubscription/subscribe',
      payload: subscription(endpoint),
    });
    expect(kept.statusCode).toBeLessThan(300);
    await t.injectAs(alice, {
      method: 'POST',
      url: '/pushSubscription/subscribe',
      payload: subscription(endpoint),
    });
    let rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows.map((row) => row.userId)).toEqual([alice.id]);

    await t.injectAs(bob, {
      method: 'POST',
      url: '/pushSubscription/subscribe',
      payload: subscription(endpoint),
    });
    const refused = await t.injectAs(alice, {
      method: 'POST',
      url: '/pushSubscription/unsubscribe',
      payload: { endpoint },
    });
    expect(refused.json()).toEqual({ unsubscribed: false });
    rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows.map((row) => row.userId)).toEqual([bob.id]);
    const removed = await t.injectAs(bob, {
      method: 'POST',
      url: '/pushSubscription/unsubscribe',
      payload: { endpoint },
    });
    expect(removed.json()).toEqual({ unsubscribed: true });
  });
});

describe('POST /admin/api/notifications/broadcast', () => {
  const broadcast = (user: TestUser, payload: Record<string, unknown>) =>
    t.injectAs(user, { method: 'POST', url: '/admin/api/notifications/broadcast', payload });

  it('is for the back office only, and checks its input', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/admin/api/notifications/broadcast',
      payload: { type: 'ADMIN_NOTIFICATION', title: 'x', message: 'y' },
    });
    expect(anonymous.statusCode).toBe(401);
    const individual = await broadcast(alice, {
      type: 'ADMIN_NOTIFICATION',
      title: 'x',
      message: 'y',
    });
    expect(individual.statusCode).toBe(403);
    const admin = await buildUser(t.db, { roles: ['ROLE_ADMIN'] });
    const blank = await broadcast(admin, { type: 'ADMIN_NOTIFICATION', title: '  ', message: 'y' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ invalidField: 'title' });
    const unknown = await broadcast(admin, {
      type: 'ADMIN_NOTIFICATION',
      title: 'x',
      message: 'y',
      annonceId: 999_999,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('reaches every individual account, or only the super watchers, never the back office', async () => {
    const admin = await buildUser(t.db, { roles: ['ROLE_ADMIN'] });
    const watcher = await buildUser(t.db, {
      roles: ['ROLE_INDIVIDUAL_CONFIRMED', 'ROLE_INDIVIDUAL_SUPER_WATCHER'],
    });
    const annonce = await buildAnnonce(t.db);
    const news = await broadcast(admin, {
      type: 'NEW_INFO_SUPER_WATCHER',
      title: 'Nouvelle zone',
      message: 'Une série de vols à Blagnac.',
      annonceId: annonce.id,
    });
    expect(news.json()).toEqual({ recipients: 1 });
    const watcherItems = (await list(watcher)).json() as Array<Record<string, unknown>>;
    expect(watcherItems[0]).toMatchObject({
      type: 'NEW_INFO_SUPER_WATCHER',
      title: 'Nouvelle zone',
      body: 'Une série de vols à Blagnac.',
      target: 'AnnonceShow',
      objectId: annonce.id,
    });
    const all = await broadcast(admin, {
      type: 'ADMIN_NOTIFICATION',
      title: 'Maintenance',
      message: 'Le service sera coupé ce soir.',
    });
    expect((all.json() as { recipients: number }).recipients).toBeGreaterThanOrEqual(3);
    for (const user of [alice, bob, watcher]) {
      const items = (await list(user)).json() as Array<{ type: string; body: string }>;
      expect(items[0]).toMatchObject({
        type: 'ADMIN_NOTIFICATION',
        body: 'Le service sera coupé ce soir.',
      });
    }
    const adminRows = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin.id));
    expect(adminRows).toEqual([]);
  });
});
