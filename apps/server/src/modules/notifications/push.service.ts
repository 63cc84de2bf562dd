import { and, eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/database';
import { pushSubscriptions, serverKeys } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isPushServiceEndpoint } from './push-endpoints';
import { unusableKey } from './push-encryption';

const VAPID_KEY_NAME = 'vapid';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair: generated the first time it is needed (at the first start) and kept
 * in the database, so restarts and other instances sign with the same key and the browsers'
 * subscriptions stay valid. Two instances starting together keep the first pair written.
 */
export async function loadOrCreateVapidKeys(db: Db, clock: Clock): Promise<VapidKeys> {
  const read = async () => {
    const [row] = await db
      .select({ publicKey: serverKeys.publicKey, privateKey: serverKeys.privateKey })
      .from(serverKeys)
      .where(eq(serverKeys.name, VAPID_KEY_NAME));
    return row ?? null;
  };
  const existing = await read();
  if (existing) return existing;
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(serverKeys)
    .values({ name: VAPID_KEY_NAME, ...generated, createdAt: clock.now() })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error('VAPID keys could not be stored');
  return stored;
}

export interface PushPayload {
  title: string;
  body: string;
  /** Hash route the click opens (e.g. "/annonce/show/12"), or null. */
  url: string | null;
  tag: string;
}

/** What sending needs: the sending thread's send (push-sender.ts); tests pass a fake. */
export type SendPush = (
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  payload: string,
  options: {
    vapidDetails: { subject: string; publicKey: string; privateKey: string };
    TTL: number;
  },
) => Promise<unknown>;

/**
 * The send of a push service given none: the routes' service only keeps subscriptions; pushes go
 * out from the notifications job, through its sending thread (push-sender.ts), and nowhere else.
 */
const noSender: SendPush = () =>
  Promise.reject(new Error('this push service has no sender: pushes go out from the job'));

/**
 * Pushes waiting for their push service's answer at once, per batch: enough to keep a kept-alive
 * connection busy while each answer travels, few enough not to open a crowd of them.
 */
const PUSHES_IN_FLIGHT = 16;

/**
 * The push service's answer for a subscription that no longer exists, or keys no message can be
 * encrypted for (kept before they were checked): forget it.
 */
function isGone(error: unknown): boolean {
  const failure = error as { statusCode?: number; unusableKeys?: boolean } | null;
  return failure?.statusCode === 404 || failure?.statusCode === 410 || !!failure?.unusableKeys;
}

export function createPushService(deps: {
  db: Db;
  clock: Clock;
  /** mailto: contact given to push services with every message (VAPID "subject"). */
  contact: string;
  /** Origins allowed besides the push services' (config's PUSH_SERVICE_EXTRA_ORIGINS). */
  extraPushOrigins?: readonly string[];
  send?: SendPush;
  log?: { warn(obj: unknown, msg?: string): void };
}) {
  const { db, clock } = deps;
  const send = deps.send ?? noSender;
  let keys: Promise<VapidKeys> | null = null;
  const vapid = () => {
    keys ??= loadOrCreateVapidKeys(db, clock).catch((error: unknown) => {
      keys = null;
      throw error;
    });
    return keys;
  };

  return {
    async publicKey(): Promise<string> {
      return (await vapid()).publicKey;
    },

    /** Keeps a browser's subscription; an endpoint already known moves to this user. */
    async subscribe(
      userId: number,
      subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
      userAgent: string | undefined,
    ): Promise<void> {
      if (!isPushServiceEndpoint(subscription.endpoint, deps.extraPushOrigins)) {
        throw new AppError('VALIDATION_FAILED', { invalidField: 'endpoint' });
      }
      // Keys no browser gives would fail every push to come: refused now, with their name.
      const unusable = unusableKey(subscription.keys);
      if (unusable) throw new AppError('VALIDATION_FAILED', { invalidField: `keys.${unusable}` });
      const values = {
        userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        userAgent: userAgent?.slice(0, 300) ?? null,
        createdAt: clock.now(),
      };
      await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: values.p256dh, auth: values.auth, userAgent: values.userAgent },
        });
    },

    /** Forgets the caller's own subscription for that endpoint (another user's is left alone). */
    async unsubscribe(userId: number, endpoint: string): Promise<boolean> {
      const removed = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return removed.length > 0;
    },

    /**
     * Sends each message to every browser of its user: the subscriptions read in one query, the
     * pushes sent PUSHES_IN_FLIGHT at a time, then those the push service says are gone (404,
     * 410) deleted and the others' last success written, one statement each. A subscription
     * outside the push services (push-endpoints.ts) is deleted unsent. A push that fails otherwise
     * is counted, logged once a batch; the notification stays in the bell.
     */
    async sendToUsers(
      messages: ReadonlyArray<{ userId: number; payload: PushPayload }>,
    ): Promise<{ sent: number; pruned: number; failed: number }> {
      if (messages.length === 0) return { sent: 0, pruned: 0, failed: 0 };
      const userIds = [...new Set(messages.map((message) => message.userId))];
      const subscriptions = await db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, userIds));
      if (subscriptions.length === 0) return { sent: 0, pruned: 0, failed: 0 };
      // Kept before endpoints were checked, or written by hand: never posted to, forgotten.
      const elsewhere = subscriptions.filter(
        (subscription) => !isPushServiceEndpoint(subscription.endpoint, deps.extraPushOrigins),
      );
      const gone = new Set(elsewhere.map((subscription) => subscription.id));
      if (elsewhere.length > 0) {
        deps.log?.warn(
          { subscriptionIds: [...gone] },
          'push subscriptions outside the push services forgotten',
        );
      }
      const browsersOf = new Map<number, typeof subscriptions>();
      for (const subscription of subscriptions) {
        if (gone.has(subscription.id)) continue;
        const browsers = browsersOf.get(subscription.userId);
        if (browsers) browsers.push(subscription);
        else browsersOf.set(subscription.userId, [subscription]);
      }
      const { publicKey, privateKey } = await vapid();
      const vapidDetails = { subject: deps.contact, publicKey, privateKey };
      const pushes = messages.flatMap((message) =>
        (browsersOf.get(message.userId) ?? []).map((subscription) => ({ message, subscription })),
      );
      const succeeded = new Set<number>();
      let sent = 0;
      let failed = 0;
      let firstFailure: { err: unknown; userId: number } | undefined;
      let next = 0;
      const sendNext = async (): Promise<void> => {
        for (let push = pushes[next++]; push; push = pushes[next++]) {
          const { message, subscription } = push;
          try {
            await send(
              {
                endpoint: subscription.endpoint,
                keys: { p256dh: subscription.p256dh, auth: subscription.auth },
              },
              JSON.stringify(message.payload),
              { vapidDetails, TTL: 24 * 60 * 60 },
            );
            sent += 1;
            succeeded.add(subscription.id);
          } catch (error) {
            if (isGone(error)) gone.add(subscription.id);
            else {
              failed += 1;
              firstFailure ??= { err: error, userId: message.userId };
            }
          }
        }
      };
      await Promise.all(Array.from({ length: PUSHES_IN_FLIGHT }, sendNext));
      // One line a batch: a push service that is down fails every push sent to it.
      if (firstFailure) deps.log?.warn({ ...firstFailure, failed }, 'push delivery failed');
      if (gone.size > 0) {
        await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...gone]));
      }
      const alive = [...succeeded].filter((id) => !gone.has(id));
      if (alive.length > 0) {
        await db
          .update(pushSubscriptions)
          .set({ lastSuccessAt: clock.now() })
          .where(inArray(pushSubscriptions.id, alive));
      }
      return { sent, pruned: gone.size, failed };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
