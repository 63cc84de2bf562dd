import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The lampion ledger: one row per event that earned or cost lampions (docs/product/founders-decisions.md "lampions").
 * A user's count is the sum of their rows; nothing is ever updated in place.
 */
export const lampionEvents = pgTable(
  'lampion_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A LampionEventKind of @app/domain (IDENTIFIER_CHECK, MATCH_REPORTED…). */
    kind: text('kind').notNull(),
    /** Signed: a match refused as invalid costs lampions. 0 for checks beyond the daily cap. */
    points: integer('points').notNull(),
    /** What the event is about (an annonce, a match), for the notification and the audit. */
    objectType: text('object_type'),
    objectId: integer('object_id'),
    /** Europe/Paris day ("YYYY-MM-DD") of the event, for the daily cap on identifier checks. */
    day: text('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('lampion_events_user_idx').on(table.userId),
    index('lampion_events_user_kind_day_idx').on(table.userId, table.kind, table.day),
  ],
);
