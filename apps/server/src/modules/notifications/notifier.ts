import { inArray, sql } from 'drizzle-orm';
import {
  MAILED_NOTIFICATION_TYPES,
  NOTIFICATION_PREFERENCE_GROUP,
  type NotificationObjectType,
  type NotificationParams,
  type NotificationPreferenceKey,
  type NotificationType,
} from '@app/domain';
import type { Db } from '../../db/database';
import { notificationPreferences, notifications } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { annonceTitles } from './annonce-titles';

/** The channel that wakes the dispatcher; PostgreSQL delivers it only when the transaction commits. */
export const NOTIFICATIONS_CHANNEL = 'veilleurs_notifications';

export interface NotificationInput {
  userId: number;
  type: NotificationType;
  objectType: NotificationObjectType;
  objectId: number | null;
  /** e.g. { annonceTitle, points, level, comment, message } (see NotificationParams). */
  params?: NotificationParams;
  /** At most one notification per user and key (the alert fan-out uses it). */
  dedupeKey?: string;
}

export interface Notifier {
  /**
   * Stores the notifications, inside `tx` when given so they exist exactly when the change that
   * caused them commits. A type whose group the user turned off is not stored, except the mailed
   * types, stored muted so the mail still goes. Live, push and mail delivery happen after commit,
   * in the background (dispatcher + job queue), never in the caller's request.
   */
  notify(items: NotificationInput | NotificationInput[], tx?: Db): Promise<void>;
}

/** Rows or ids per statement in large fan-outs. */
const SLICE = 2000;

type PreferenceRow = Record<NotificationPreferenceKey, boolean> & { userId: number };

function withTitle(item: NotificationInput, titles: Map<number, string>): NotificationParams {
  const params = item.params ?? {};
  if (item.objectType !== 'Annonce' || item.objectId === null || params.annonceTitle) return params;
  const annonceTitle = titles.get(item.objectId);
  return annonceTitle ? { ...params, annonceTitle } : params;
}

export function createNotifier(deps: { db: Db; clock: Clock }): Notifier {
  const { db, clock } = deps;

  async function notifyIn(executor: Db, items: NotificationInput[]) {
    const userIds = [...new Set(items.map((item) => item.userId))];
    // In slices: a fan-out may name a hundred thousand users (a statement takes 65,535 parameters).
    const preferenceRows: PreferenceRow[] = [];
    for (let start = 0; start < userIds.length; start += SLICE) {
      preferenceRows.push(
        ...(await executor
          .select({
            userId: notificationPreferences.userId,
            myAnnoncesNotifications: notificationPreferences.myAnnoncesNotifications,
            myDiscoveriesNotifications: notificationPreferences.myDiscoveriesNotifications,
            myAlertsNotifications: notificationPreferences.myAlertsNotifications,
            newAnnoncesCloseNotifications: notificationPreferences.newAnnoncesCloseNotifications,
            lampionsNotifications: notificationPreferences.lampionsNotifications,
          })
          .from(notificationPreferences)
          .where(inArray(notificationPreferences.userId, userIds.slice(start, start + SLICE)))),
      );
    }
    const preferencesOf = new Map(preferenceRows.map((row) => [row.userId, row]));

    // Announcement notifications name the vehicle ("Peugeot 208") even when the producer did not.
    const untitled = items.filter(
      (item) =>
        item.objectType === 'Annonce' && item.objectId !== null && !item.params?.annonceTitle,
    );
    const titles = await annonceTitles(
      executor,
      untitled.map((item) => item.objectId as number),
    );

    const now = clock.now();
    const rows = [];
    for (const item of items) {
      const group = NOTIFICATION_PREFERENCE_GROUP[item.type];
      const wanted = group === null || (preferencesOf.get(item.userId)?.[group] ?? true);
      if (!wanted && !MAILED_NOTIFICATION_TYPES.includes(item.type)) continue;
      rows.push({
        userId: item.userId,
        type: item.type,
        objectType: item.objectType,
        objectId: item.objectId,
        params: withTitle(item, titles),
        muted: !wanted,
        dedupeKey: item.dedupeKey ?? null,
        createdAt: now,
      });
    }
    if (rows.length === 0) return;
    for (let start = 0; start < rows.length; start += SLICE) {
      await executor
        .insert(notifications)
        .values(rows.slice(start, start + SLICE))
        .onConflictDoNothing();
    }
    await executor.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, '')`);
  }

  return {
    async notify(items, tx) {
      const list = Array.isArray(items) ? items : [items];
      if (list.length === 0) return;
      if (tx) return notifyIn(tx, list);
      await db.transaction((inner) => notifyIn(inner, list));
    },
  };
}
