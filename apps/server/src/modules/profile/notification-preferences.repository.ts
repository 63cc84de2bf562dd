import { eq } from 'drizzle-orm';
import type { NotificationPreferences } from '@app/domain';
import type { Db } from '../../db/database';
import { notificationPreferences } from '../../db/schema/index';

const columns = {
  myAnnoncesNotifications: notificationPreferences.myAnnoncesNotifications,
  myDiscoveriesNotifications: notificationPreferences.myDiscoveriesNotifications,
  myAlertsNotifications: notificationPreferences.myAlertsNotifications,
  newAnnoncesCloseNotifications: notificationPreferences.newAnnoncesCloseNotifications,
  lampionsNotifications: notificationPreferences.lampionsNotifications,
};

/** Every group on: a user who never changed anything gets every notification. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  myAnnoncesNotifications: true,
  myDiscoveriesNotifications: true,
  myAlertsNotifications: true,
  newAnnoncesCloseNotifications: true,
  lampionsNotifications: true,
};

export async function findNotificationPreferences(
  db: Db,
  userId: number,
): Promise<NotificationPreferences> {
  const [row] = await db
    .select(columns)
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return row ?? DEFAULT_NOTIFICATION_PREFERENCES;
}

export async function saveNotificationPreferences(
  db: Db,
  userId: number,
  values: NotificationPreferences,
  now: Date,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...values, updatedAt: now },
    });
}
