import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every uploaded or generated file. Private documents (identity, rib, registration card, complaint,
 * insurance) are never served by key alone: only through a short-lived signed URL checked against
 * the owner (DESIGN.md, "file storage").
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** Key in the storage adapter (folder or bucket). */
    storageKey: text('storage_key').notNull(),
    originalFileName: text('original_file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** 'public' (vehicle photos) or 'private' (documents). */
    visibility: text('visibility').notNull(),
    /** Pixel size of an image as stored (null for documents, and for photos until first served). */
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('stored_files_storage_key_key').on(table.storageKey),
    index('stored_files_owner_idx').on(table.ownerId),
  ],
);
