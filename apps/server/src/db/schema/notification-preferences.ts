import { boolean, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Which notification groups a user wants (docs/product/accounts.md §3 "Notification preferences"). No row means
 * every group is on, the default of a new account.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  myAnnoncesNotifications: boolean('my_annonces_notifications').notNull().default(true),
  myDiscoveriesNotifications: boolean('my_discoveries_notifications').notNull().default(true),
  myAlertsNotifications: boolean('my_alerts_notifications').notNull().default(true),
  newAnnoncesCloseNotifications: boolean('new_annonces_close_notifications')
    .notNull()
    .default(true),
  lampionsNotifications: boolean('lampions_notifications').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
