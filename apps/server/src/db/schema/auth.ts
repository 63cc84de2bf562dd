import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Refresh tokens: opaque, stored only as a keyed digest, rotated at each use. Every rotation of one
 * login shares a family; presenting a token that was already rotated (a stolen copy, or the
 * legitimate one after the thief used it) revokes the whole family (docs/product/founders-decisions.md "login call").
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Chosen at login; decides the lifetime of every token of the family (1 day or 30 days). */
    rememberMe: boolean('remember_me').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when exchanged for the next token of the family; a second use is a reuse. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
    // The revocation feed (session-revocations.ts) asks every few seconds who was revoked lately.
    index('refresh_tokens_revoked_at_idx')
      .on(table.revokedAt)
      .where(sql`${table.revokedAt} is not null`),
  ],
);

/** What a one-time code proves: the mailbox (account validation) or the phone (login step). */
export const ONE_TIME_CODE_PURPOSES = ['ACCOUNT_VALIDATION', 'LOGIN_SMS'] as const;
export type OneTimeCodePurpose = (typeof ONE_TIME_CODE_PURPOSES)[number];

/**
 * The live 4-digit code of a user for one purpose: at most one, so sending a new code replaces the
 * old one. Stored as a keyed digest, never in clear.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ONE_TIME_CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** Wrong entries so far; at the limit the code is replaced by a new one. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('one_time_codes_user_purpose_key').on(table.userId, table.purpose)],
);

/** Password-reset links: single use, one hour, stored as a keyed digest. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('password_reset_tokens_token_hash_key').on(table.tokenHash),
    index('password_reset_tokens_user_idx').on(table.userId),
  ],
);

/**
 * Who acted as whom, and when. Usernames are copied so that the record still says who it was
 * after an account is deleted.
 */
export const impersonationAudit = pgTable(
  'impersonation_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminUserId: integer('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    adminUsername: text('admin_username').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetUsername: text('target_username').notNull(),
    /** Client address of the admin, for the audit. */
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('impersonation_audit_admin_idx').on(table.adminUserId),
    index('impersonation_audit_target_idx').on(table.targetUserId),
  ],
);
