import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { annonces } from './annonces';
import { users } from './users';

/**
 * Every action of the back office (issue 6): who, what, on what, when, and the object before and
 * after. Append-only. Usernames and ids are copied, not referenced, so that a row still tells who
 * did what after an account was erased (the law asks to keep the trace of an admin's decisions).
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id').notNull(),
    adminUsername: text('admin_username').notNull(),
    /** ANNONCE_VALIDATED, ANNONCE_REFUSED, IDENTITY_ACCEPTED, USER_LOCKED… */
    action: text('action').notNull(),
    /** Annonce, User, Match, Brand, Model, ModelFinish… */
    objectType: text('object_type').notNull(),
    objectId: integer('object_id'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('admin_audit_log_created_idx').on(table.createdAt),
    index('admin_audit_log_object_idx').on(table.objectType, table.objectId),
    index('admin_audit_log_admin_idx').on(table.adminId),
  ],
);

/**
 * An admin's decision on a published announcement: validated, or refused with the five reasons of
 * docs/product/annonces.md §3 "Refusal reason". The owner sees the last refusal while the announcement is REFUSED.
 */
export const annonceReviews = pgTable(
  'annonce_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    annonceId: integer('annonce_id')
      .notNull()
      .references(() => annonces.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** VALIDATED or REFUSED. */
    decision: text('decision').notNull(),
    identityValidated: boolean('identity_validated').notNull().default(true),
    carteGriseValidated: boolean('carte_grise_validated').notNull().default(true),
    plainteValidated: boolean('plainte_validated').notNull().default(true),
    detailsValidated: boolean('details_validated').notNull().default(true),
    photosValidated: boolean('photos_validated').notNull().default(true),
    commentaire: text('commentaire'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('annonce_reviews_annonce_idx').on(table.annonceId, table.createdAt)],
);

/** An admin's decision on a user's identity documents (accepted, or refused with a comment). */
export const identityReviews = pgTable(
  'identity_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    accepted: boolean('accepted').notNull(),
    commentaire: text('commentaire'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('identity_reviews_user_idx').on(table.userId, table.createdAt)],
);

/**
 * Accounts an admin locked: no login, no token refresh, until unlocked. Kept apart from the
 * automatic lock after wrong passwords (users.locked_until), which ends by itself.
 */
export const userLocks = pgTable('user_locks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lockedById: integer('locked_by_id').references(() => users.id, { onDelete: 'set null' }),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
