import { pgTable, integer, timestamp } from 'drizzle-orm/pg-core';
import { annonces } from './annonces';

/**
 * When the owner of an announcement was last told that its identifier was checked (notification
 * ANNONCE_IDENTIFIER_CHECKED). One row per announcement: a conditional upsert on it is the hourly cap,
 * so concurrent checks on several instances still tell the owner at most once an hour.
 */
export const annonceSightingNotices = pgTable('annonce_sighting_notices', {
  annonceId: integer('annonce_id')
    .primaryKey()
    .references(() => annonces.id, { onDelete: 'cascade' }),
  notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull(),
});
