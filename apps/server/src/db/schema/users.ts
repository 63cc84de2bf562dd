import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * One account is both owner and watcher (docs/product/accounts.md §1). The username is the e-mail, stored
 * lower-cased so that uniqueness does not depend on how it was typed.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    birthday: date('birthday'),
    /** E.164, e.g. +33612345678. */
    phoneNumber: text('phone_number'),
    countryCode: text('country_code').notNull().default('FR'),
    departmentCode: text('department_code'),
    profession: text('profession'),
    /** Roles as the spec names them (ROLE_INDIVIDUAL_UNCONFIRMED …). */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`ARRAY['ROLE_INDIVIDUAL_UNCONFIRMED']::text[]`),
    locale: text('locale').notNull().default('fr'),
    /** Set once the e-mail validation code was entered. */
    accountValidatedAt: timestamp('account_validated_at', { withTimezone: true }),
    isFirstConnexion: boolean('is_first_connexion').notNull().default(true),
    /** Sign-up reason (AnnonceCreate or Home): the screen the first connection ends on. */
    signupReason: text('signup_reason'),
    /** Wrong passwords since the last successful login: 3 ask the SMS code, 10 lock the account. */
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    /** Logins are refused with 423 until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The phone number at the last successful login: a different one now asks the SMS code. */
    lastLoginPhoneNumber: text('last_login_phone_number'),
    /** NOT_SUBMITTED, IN_PROGRESS, ACCEPTED or REFUSED. */
    identityStatus: text('identity_status').notNull().default('NOT_SUBMITTED'),
    askedToBeDeletedAt: timestamp('asked_to_be_deleted_at', { withTimezone: true }),
    lastLatitude: doublePrecision('last_latitude'),
    lastLongitude: doublePrecision('last_longitude'),
    paymentCustomerId: text('payment_customer_id'),
    /** Demo accounts are created by the demo seed only and never in production data. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_key').on(table.username),
    index('users_identity_status_idx').on(table.identityStatus),
  ],
);
