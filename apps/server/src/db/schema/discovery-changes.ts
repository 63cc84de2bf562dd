import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * The change log of what discovery searches read (migration 0020's trigger): one row per write to
 * a VALIDATED announcement's searchable columns, with the writing transaction's id, so that each
 * server's in-memory search index (modules/discovery/search-index-sync.ts) reloads exactly the
 * announcements that changed, including those of transactions that commit out of id order.
 * Rows older than a day are pruned; an index that has not synced for that long reloads whole.
 */
export const discoveryChanges = pgTable(
  'discovery_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** No foreign key: a deleted announcement's change must stay readable. */
    annonceId: integer('annonce_id').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('discovery_changes_transaction_idx').on(table.transactionId),
    index('discovery_changes_changed_at_idx').on(table.changedAt),
  ],
);
