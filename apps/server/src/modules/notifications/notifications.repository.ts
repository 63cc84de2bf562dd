import { and, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { notifications, users } from '../../db/schema/index';

export interface NotificationFilters {
  notifTypes?: readonly string[];
  notifTypesToExclude?: readonly string[];
  objectTypes?: readonly string[];
  objectTypesToExclude?: readonly string[];
}

export type NotificationRow = typeof notifications.$inferSelect;

/** The user's notifications, newest first; muted rows (a group turned off) are never listed. */
export async function listNotifications(
  db: Db,
  userId: number,
  filters: NotificationFilters,
  limit: number,
): Promise<NotificationRow[]> {
  const conditions: SQL[] = [eq(notifications.userId, userId), eq(notifications.muted, false)];
  if (filters.notifTypes?.length)
    conditions.push(inArray(notifications.type, [...filters.notifTypes]));
  if (filters.notifTypesToExclude?.length) {
    conditions.push(notInArray(notifications.type, [...filters.notifTypesToExclude]));
  }
  if (filters.objectTypes?.length) {
    conditions.push(inArray(notifications.objectType, [...filters.objectTypes]));
  }
  if (filters.objectTypesToExclude?.length) {
    conditions.push(notInArray(notifications.objectType, [...filters.objectTypesToExclude]));
  }
  return db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.id))
    .limit(limit);
}

/** Marks the notification viewed (and clicked), only when it is the user's own; null otherwise. */
export async function markNotification(
  db: Db,
  userId: number,
  id: number,
  state: 'viewed' | 'clicked',
  now: Date,
): Promise<{ id: number; viewed: boolean; clicked: boolean } | null> {
  const set =
    state === 'viewed'
      ? { viewed: true, viewedAt: sql`coalesce(${notifications.viewedAt}, ${now})` }
      : {
          viewed: true,
          clicked: true,
          viewedAt: sql`coalesce(${notifications.viewedAt}, ${now})`,
          clickedAt: sql`coalesce(${notifications.clickedAt}, ${now})`,
        };
  const [row] = await db
    .update(notifications)
    .set(set)
    .where(
      and(
        eq(notifications.id, id),
        eq(notifications.userId, userId),
        eq(notifications.muted, false),
      ),
    )
    .returning({
      id: notifications.id,
      viewed: notifications.viewed,
      clicked: notifications.clicked,
    });
  return row ?? null;
}

/** Keeps the language the user reads the app in, for the pushes and mails sent without a request. */
export async function rememberLocale(db: Db, userId: number, locale: string): Promise<void> {
  await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, userId), sql`${users.locale} is distinct from ${locale}`));
}
