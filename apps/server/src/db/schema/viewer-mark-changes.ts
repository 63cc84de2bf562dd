import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * The change log of the viewer's marks on discovery cards (migration 0028's triggers): one row per
 * favourite or view added or removed, naming its user, with the writing transaction's id. Each
 * server keeps its users' favourites and views in memory (modules/discovery/card-cache.ts) and the
 * search index's sync drops those of every user named here, exactly as discovery_changes does for
 * announcements (out-of-order commits included). Pruned with it after a day.
 */
export const viewerMarkChanges = pgTable(
  'viewer_mark_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** No foreign key: an erased user's change must stay readable. */
    userId: integer('user_id').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('viewer_mark_changes_transaction_idx').on(table.transactionId),
    index('viewer_mark_changes_changed_at_idx').on(table.changedAt),
  ],
);
