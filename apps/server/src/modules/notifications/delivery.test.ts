import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { notifications, pushSubscriptions } from '../../db/schema/index';
import { createOutboxReader } from '../auth/testing/outbox';
import { deliverMail, deliverPush } from './delivery';
import { createNotifier } from './notifier';
import { createPushService, type SendPush } from './push.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const silent = { warn() {} };

async function idsOf(userId: number) {
  const rows = await t.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id);
  return rows.map((row) => row.id);
}

describe('push delivery', () => {
  it('pushes the rendered notification to every browser of the user and prunes gone subscriptions', async () => {
    const user = await buildUser(t.db);
    const annonce = await buildAnnonce(t.db, { ownerId: user.id });
    const subscribe = (endpoint: string) =>
      t.db.insert(pushSubscriptions).values({
        userId: user.id,
        endpoint,
        p256dh: 'key',
        auth: 'auth',
        createdAt: t.clock.now(),
      });
    await subscribe('https://fcm.googleapis.com/fcm/send/alive');
    await subscribe('https://fcm.googleapis.com/fcm/send/gone');
    // Kept before keys were checked: no message can ever be encrypted for it.
    await subscribe('https://fcm.googleapis.com/fcm/send/unusable');
    const sent: Array<{ endpoint: string; payload: Record<string, unknown>; subject: string }> = [];
    const send: SendPush = async (subscription, payload, options) => {
      if (subscription.endpoint.endsWith('/gone')) {
        throw Object.assign(new Error('Gone'), { statusCode: 410 });
      }
      if (subscription.endpoint.endsWith('/unusable')) {
        throw Object.assign(new Error('p256dh is not a P-256 public key'), { unusableKeys: true });
      }
      sent.push({
        endpoint: subscription.endpoint,
        payload: JSON.parse(payload) as Record<string, unknown>,
        subject: options.vapidDetails.subject,
      });
    };
    const push = createPushService({
      db: t.db,
      clock: t.clock,
      contact: 'mailto:support@veilleurs.fr',
      send,
    });
    await createNotifier({ db: t.db, clock: t.clock }).notify({
      userId: user.id,
      type: 'ANNONCE_ACCEPTED',
      objectType: 'Annonce',
      objectId: annonce.id,
    });
    const result = await deliverPush({ db: t.db, push, log: silent }, await idsOf(user.id));
    expect(result).toEqual({ sent: 1 });
    expect(sent).toEqual([
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/alive',
        subject: 'mailto:support@veilleurs.fr',
        payload: expect.objectContaining({
          title: 'Annonce validée',
          url: `/annonce/show/${annonce.id}`,
        }),
      },
    ]);
    const left = await t.db
      .select({
        endpoint: pushSubscriptions.endpoint,
        lastSuccessAt: pushSubscriptions.lastSuccessAt,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(left).toEqual([
      { endpoint: 'https://fcm.googleapis.com/fcm/send/alive', lastSuccessAt: t.clock.now() },
    ]);
  });

  it('sends a batch of several users at once: a failing push leaves the others sent and its browser kept', async () => {
    const users = [await buildUser(t.db), await buildUser(t.db), await buildUser(t.db)];
    const annonce = await buildAnnonce(t.db, { ownerId: users[0]!.id });
    const endpointOf = (index: number) => `https://fcm.googleapis.com/fcm/send/batch-${index}`;
    await t.db.insert(pushSubscriptions).values(
      users.map((user, index) => ({
        userId: user.id,
        endpoint: endpointOf(index),
        p256dh: 'key',
        auth: 'auth',
        createdAt: t.clock.now(),
      })),
    );
    await createNotifier({ db: t.db, clock: t.clock }).notify(
      users.map((user) => ({
        userId: user.id,
        type: 'NEW_NEAR_VEHICLES' as const,
        objectType: 'Annonce' as const,
        objectId: annonce.id,
      })),
    );
    const reached: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const send: SendPush = async (subscription) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight -= 1;
      if (subscription.endpoint === endpointOf(1)) throw new Error('push service unavailable');
      reached.push(subscription.endpoint);
    };
    const warnings: unknown[] = [];
    const log = { warn: (obj: unknown) => void warnings.push(obj) };
    const push = createPushService({
      db: t.db,
      clock: t.clock,
      contact: 'mailto:x@y.test',
      send,
      log,
    });
    const ids = (await Promise.all(users.map((user) => idsOf(user.id)))).flat();
    expect(await deliverPush({ db: t.db, push, log }, ids)).toEqual({ sent: 2 });
    expect(reached.sort()).toEqual([endpointOf(0), endpointOf(2)]);
    // Sent together, not one after the other.
    expect(mostInFlight).toBe(3);
    expect(warnings).toEqual([expect.objectContaining({ userId: users[1]!.id, failed: 1 })]);
    const left = await t.db
      .select({
        endpoint: pushSubscriptions.endpoint,
        lastSuccessAt: pushSubscriptions.lastSuccessAt,
      })
      .from(pushSubscriptions)
      .where(
        inArray(
          pushSubscriptions.userId,
          users.map((user) => user.id),
        ),
      )
      .orderBy(pushSubscriptions.endpoint);
    expect(left).toEqual([
      { endpoint: endpointOf(0), lastSuccessAt: t.clock.now() },
      { endpoint: endpointOf(1), lastSuccessAt: null },
      { endpoint: endpointOf(2), lastSuccessAt: t.clock.now() },
    ]);
  });

  it('never posts to a stored endpoint outside the push services, and forgets it', async () => {
    const user = await buildUser(t.db);
    const annonce = await buildAnnonce(t.db, { ownerId: user.id });
    await t.db.insert(pushSubscriptions).values(
      ['https://10.0.0.5/admin', 'https://fcm.googleapis.com/fcm/send/kept'].map((endpoint) => ({
        userId: user.id,
        endpoint,
        p256dh: 'key',
        auth: 'auth',
        createdAt: t.clock.now(),
      })),
    );
    await createNotifier({ db: t.db, clock: t.clock }).notify({
      userId: user.id,
      type: 'ANNONCE_ACCEPTED',
      objectType: 'Annonce',
      objectId: annonce.id,
    });
    const posted: string[] = [];
    const send: SendPush = async (subscription) => void posted.push(subscription.endpoint);
    const push = createPushService({ db: t.db, clock: t.clock, contact: 'mailto:x@y.test', send });
    expect(await deliverPush({ db: t.db, push, log: silent }, await idsOf(user.id))).toEqual({
      sent: 1,
    });
    expect(posted).toEqual(['https://fcm.googleapis.com/fcm/send/kept']);
    const left = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(left).toEqual([{ endpoint: 'https://fcm.googleapis.com/fcm/send/kept' }]);
  });

  it('sends nothing from a push service made without a sender, and keeps the browser', async () => {
    const user = await buildUser(t.db);
    const endpoint = 'https://fcm.googleapis.com/fcm/send/no-sender';
    await t.db.insert(pushSubscriptions).values({
      userId: user.id,
      endpoint,
      p256dh: 'key',
      auth: 'auth',
      createdAt: t.clock.now(),
    });
    const routesOnly = createPushService({ db: t.db, clock: t.clock, contact: 'mailto:x@y.test' });
    const payload = { title: 'x', body: 'y', url: null, tag: 't' };
    expect(await routesOnly.sendToUsers([{ userId: user.id, payload }])).toEqual({
      sent: 0,
      pruned: 0,
      failed: 1,
    });
    const kept = await t.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(kept).toHaveLength(1);
  });

  it('hands the push service only the notifications of users with a subscribed browser', async () => {
    const subscribed = await buildUser(t.db);
    const others = [await buildUser(t.db), await buildUser(t.db)];
    const annonce = await buildAnnonce(t.db, { ownerId: subscribed.id });
    await t.db.insert(pushSubscriptions).values({
      userId: subscribed.id,
      endpoint: 'https://fcm.googleapis.com/fcm/send/only',
      p256dh: 'key',
      auth: 'auth',
      createdAt: t.clock.now(),
    });
    await createNotifier({ db: t.db, clock: t.clock }).notify(
      [subscribed, ...others].map((user) => ({
        userId: user.id,
        type: 'NEW_NEAR_VEHICLES' as const,
        objectType: 'Annonce' as const,
        objectId: annonce.id,
      })),
    );
    const push = createPushService({ db: t.db, clock: t.clock, contact: 'mailto:x@y.test' });
    const askedFor: number[] = [];
    const counting: typeof push = {
      ...push,
      sendToUsers: async (messages) => {
        askedFor.push(...messages.map((message) => message.userId));
        return { sent: messages.length, pruned: 0, failed: 0 };
      },
    };
    const ids = (await Promise.all([subscribed, ...others].map((user) => idsOf(user.id)))).flat();
    const result = await deliverPush({ db: t.db, push: counting, log: silent }, ids);
    expect(askedFor).toEqual([subscribed.id]);
    expect(result).toEqual({ sent: 1 });
  });
});

describe('mail delivery', () => {
  it('mails an announcement refusal in the user’s language, with the reason and a link', async () => {
    const user = await buildUser(t.db, { locale: 'en', firstname: 'Alex' });
    const annonce = await buildAnnonce(t.db, { ownerId: user.id });
    await createNotifier({ db: t.db, clock: t.clock }).notify({
      userId: user.id,
      type: 'ANNONCE_REFUSED',
      objectType: 'Annonce',
      objectId: annonce.id,
      params: { comment: 'The registration card is unreadable.' },
    });
    const outbox = createOutboxReader(t.deps.config.MAIL_OUTBOX_DIR);
    await deliverMail(
      { db: t.db, mailer: t.deps.mailer, publicUrl: 'https://app.example.test' },
      await idsOf(user.id),
    );
    const mail = await outbox.takeMailTo(user.username);
    expect(mail.subject).toBe('Veilleurs: Announcement refused');
    expect(mail.text).toContain('Hello Alex,');
    expect(mail.text).toContain('Reason: The registration card is unreadable.');
    expect(mail.text).toContain(`https://app.example.test/#/annonce/show/${annonce.id}`);
  });

  it('mails in French by default, and even when the group is turned off; other types are not mailed', async () => {
    const user = await buildUser(t.db, { firstname: 'Léa' });
    const annonce = await buildAnnonce(t.db, { ownerId: user.id });
    await t.injectAs(user, {
      method: 'POST',
      url: '/user/updateNotificationParam',
      payload: { myAnnoncesNotifications: false },
    });
    await createNotifier({ db: t.db, clock: t.clock }).notify([
      {
        userId: user.id,
        type: 'VICTIM_VEHICLE_FOUND_IN_FUNCTION',
        objectType: 'Annonce',
        objectId: annonce.id,
      },
      { userId: user.id, type: 'ID_VALIDATED', objectType: 'User', objectId: user.id },
    ]);
    const outbox = createOutboxReader(t.deps.config.MAIL_OUTBOX_DIR);
    await deliverMail(
      { db: t.db, mailer: t.deps.mailer, publicUrl: 'https://app.example.test' },
      await idsOf(user.id),
    );
    const mail = await outbox.takeMailTo(user.username);
    expect(mail.subject).toBe('Veilleurs : Votre véhicule a été retrouvé');
    expect(mail.text).toContain('Bonjour Léa,');
    // Muted (group off): mailed, but never shown in the bell.
    const listed = await t.injectAs(user, {
      method: 'POST',
      url: '/lampNotification/getAllForUser',
    });
    expect((listed.json() as Array<{ type: string }>).map((item) => item.type)).toEqual([
      'ID_VALIDATED',
    ]);
  });
});
