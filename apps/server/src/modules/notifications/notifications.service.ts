import {
  NOTIFICATION_LIST_LIMIT,
  notificationClickTarget,
  type Locale,
  type NotificationListBody,
  type NotificationObjectType,
  type NotificationType,
  type NotificationView,
} from '@app/domain';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/app-error';
import { renderNotification } from './notification-catalogue';
import {
  listNotifications,
  markNotification,
  rememberLocale,
  type NotificationRow,
} from './notifications.repository';

export function toNotificationView(row: NotificationRow, locale: Locale): NotificationView {
  const type = row.type as NotificationType;
  const text = renderNotification(type, row.params, locale);
  return {
    id: row.id,
    type,
    objectType: row.objectType as NotificationObjectType,
    objectId: row.objectId,
    viewed: row.viewed,
    clicked: row.clicked,
    timestamp: row.createdAt.getTime(),
    date: row.createdAt.toISOString(),
    title: text.title,
    body: text.body,
    target: notificationClickTarget(type, row.objectId),
    updateViewed: false,
  };
}

/** The bell's calls (docs/product/accounts.md §7): the caller's own notifications only. */
export function createNotificationsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async list(
      user: { userId: number },
      filters: NotificationListBody,
      locale: Locale,
    ): Promise<NotificationView[]> {
      // The list is what the app shows in its current language; pushes and mails follow it.
      await rememberLocale(db, user.userId, locale);
      const rows = await listNotifications(db, user.userId, filters, NOTIFICATION_LIST_LIMIT);
      return rows.map((row) => toNotificationView(row, locale));
    },

    async mark(user: { userId: number }, id: number, state: 'viewed' | 'clicked') {
      const row = await markNotification(db, user.userId, id, state, clock.now());
      // Someone else's notification answers like a missing one: ids reveal nothing.
      if (!row) throw notFound();
      return row;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
