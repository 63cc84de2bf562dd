import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { annonces } from './annonces';
import { users } from './users';

/** A user's favourite announcements (docs/product/annonces.md §4 "Favourite"). */
export const favourites = pgTable(
  'favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    annonceId: integer('annonce_id')
      .notNull()
      .references(() => annonces.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.annonceId] }),
    index('favourites_annonce_idx').on(table.annonceId),
  ],
);

/** Who has opened an announcement: views are counted once per user, never for the owner. */
export const annonceViews = pgTable(
  'annonce_views',
  {
    annonceId: integer('annonce_id')
      .notNull()
      .references(() => annonces.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.annonceId, table.userId] }),
    index('annonce_views_user_idx').on(table.userId),
  ],
);

/**
 * What the owner promised at publication (docs/product/founders-decisions.md): the price (300 EUR licensed, 150 EUR
 * otherwise) plus the additional reward, owed only when the vehicle is found. One row per
 * announcement, updated when it is published again after a refusal.
 */
export const paymentPromises = pgTable(
  'payment_promises',
  {
    annonceId: integer('annonce_id')
      .primaryKey()
      .references(() => annonces.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isLicensed: boolean('is_licensed').notNull(),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    additionalRewardAmount: numeric('additional_reward_amount', {
      precision: 10,
      scale: 2,
      mode: 'number',
    }).notNull(),
    total: numeric('total', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    /** PROMISED until the vehicle is found (then DUE) or the promise lapses (CANCELLED). */
    status: text('status').notNull().default('PROMISED'),
    promisedAt: timestamp('promised_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('payment_promises_user_idx').on(table.userId)],
);

/**
 * Things that happened to an announcement that someone should be told about (ANNONCE_TO_COMPLETE,
 * ANNONCE_COMPLETION_REMINDER, ANNONCE_DELAY_PASSED…). Written in the same transaction as the
 * change; the notifications side reads the rows it has not handled yet (handledAt null).
 */
export const annonceEvents = pgTable(
  'annonce_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    annonceId: integer('annonce_id')
      .notNull()
      .references(() => annonces.id, { onDelete: 'cascade' }),
    /** Who the event concerns (the owner for the completion events). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (table) => [
    index('annonce_events_unhandled_idx').on(table.handledAt, table.id),
    index('annonce_events_annonce_idx').on(table.annonceId),
  ],
);
