import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { storedFiles } from './files';
import { users } from './users';

/**
 * The documents a user keeps on their account: identity recto and verso, rib (docs/product/accounts.md §3).
 * One current file per kind; sending a new one replaces it (the old file is deleted).
 */
export const userDocuments = pgTable(
  'user_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** IDENTITY_RECTO, IDENTITY_VERSO or RIB. */
    kind: text('kind').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('user_documents_user_kind_key').on(table.userId, table.kind),
    index('user_documents_file_idx').on(table.fileId),
  ],
);
