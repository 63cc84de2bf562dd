import { sql } from 'drizzle-orm';
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
    /**
     * Signed: a match refused as invalid costs lampions. Never 0 since migration 0033 (a check past
     * the daily cap writes no row); older checks past the cap left 0-point rows.
     */
    points: integer('points').notNull(),
    /** What the event is about (an annonce, a match), for the notification and the audit. */
    objectType: text('object_type'),
    objectId: integer('object_id'),
    /** Europe/Paris day ("YYYY-MM-DD") of the event, for the daily cap on identifier checks. */
    day: text('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // A user's count reads only the rows that count (EARNED_LAMPION_ROWS): until migration 0033 a
    // watcher's checks past the daily cap added a 0-point row each, tens of thousands in a year
    // of watching, and summing them all cost the identifier check milliseconds (issue 20). User
    // lookups and the cascade from users use the index below.
    index('lampion_events_earned_idx')
      .on(table.userId, table.points)
      .where(sql`${table.points} <> 0`),
    index('lampion_events_user_kind_day_idx').on(table.userId, table.kind, table.day),
  ],
);

/** The rows a user's count is made of: 0-point rows add nothing, and the earned index holds the rest. */
export const EARNED_LAMPION_ROWS = sql`${lampionEvents.points} <> 0`;
