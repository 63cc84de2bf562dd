import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { savedSearches } from './saved-searches';
import { users } from './users';

/**
 * In-app notifications (docs/product/accounts.md §3). The row keeps the type and the parameters a producer gave
 * (announcement title, points, comment…); title and body are rendered in the reader's language when
 * read, so a change of language also changes past notifications.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /**
     * The user told. No foreign key: accounts are never deleted (an erasure keeps the row and
     * deletes its notifications itself, admin/account-erasure.ts), and the key's check locked every
     * recipient's users row, a row lock and its WAL for each of a Paris fan-out's 135,000 rows:
     * 35-40 % of each slice's insert and the fan-out's end 23-40 s instead of 22-24 s on a 2-core
     * machine (bench/results/notifications-end-to-end-2026-12-04-notes.md, session 41).
     */
    userId: integer('user_id').notNull(),
    type: text('type').notNull(),
    /** User, Annonce or Lampions. */
    objectType: text('object_type').notNull(),
    objectId: integer('object_id'),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /**
     * The user turned this type's group off: the row exists only so that a transactional mail
     * (announcement accepted…) still goes; it is never listed, pushed or sent live.
     */
    muted: boolean('muted').notNull().default(false),
    /**
     * At most one row per user and key (the alert fan-out uses `annonce-alert:<annonceId>`, so a user
     * both near an announcement and with a matching alert is told once).
     */
    dedupeKey: text('dedupe_key'),
    viewed: boolean('viewed').notNull().default(false),
    clicked: boolean('clicked').notNull().default(false),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Set when the dispatcher handed it to live, push and mail delivery (null = still to do). */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.id),
    // Key first: a fan-out's rows all share one key, so they fill a few neighbouring pages of this
    // index instead of touching nearly every page of it (user first did), each page's first change
    // after a checkpoint written whole to the WAL (migration 0036).
    uniqueIndex('notifications_dedupe_key_user')
      .on(table.dedupeKey, table.userId)
      .where(sql`${table.dedupeKey} is not null`),
    index('notifications_undispatched_idx')
      .on(table.id)
      .where(sql`${table.dispatchedAt} is null`),
  ],
);

/** A browser's Web Push subscription (one per endpoint; a browser re-subscribing replaces it). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
);

/**
 * Key pairs the server generates once and keeps (the Web Push VAPID pair, `name = 'vapid'`), so
 * every instance and every restart signs with the same key and subscriptions stay valid.
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * Who the alert fan-out may tell about a new announcement nearby: one narrow row per user with a
 * last known position (users.last_latitude/last_longitude), kept by a trigger on users (migration
 * 0013), with `reachable` = e-mail validated, no deletion asked, not a back-office account. Narrow
 * rows and their own GiST index make "everyone within 20 km" a scan of a small table, not of the
 * wide users rows (bench/results/notifications-*.md).
 */
export const userPositions = pgTable(
  'user_positions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    reachable: boolean('reachable').notNull(),
    /**
     * The user's "new announcements near me" group is on (notification_preferences, no row = on),
     * kept by triggers (migration 0031): the fan-out's index holds only those it may tell, so
     * finding them reads no preferences (a 25,000-row hash built for every fan-out, a fifth of
     * Aurillac's search, bench/results/notifications-2026-12-02-notes.md).
     */
    wantsNearAlerts: boolean('wants_near_alerts').notNull().default(true),
    /**
     * The position's square of 0.02° (about 2 × 1.5 km in France), as `positionCell` numbers it
     * (alert-fan-out.ts): the squares wholly inside a 20 km disc need no distance test, and the
     * (cell) index carries what the fan-out reads, so the disc is an index-only scan.
     */
    cell: integer('cell')
      .notNull()
      .generatedAlwaysAs(
        sql`(floor(latitude * 50)::integer + 4500) * 20000 + floor(longitude * 50)::integer + 9000`,
      ),
  },
  (table) => [
    index('user_positions_cell_idx')
      .on(table.cell)
      .where(sql`reachable and wants_near_alerts`),
  ],
);

/**
 * Where the alert fan-out looks first: each saved search under one key that every announcement it
 * matches must carry (`m:<model>` per model, else `b:<brand>` per brand, else `w:<word>` for a plain
 * word of its text, else `t:<type>` per vehicle type, else `any`); a search around a place has that
 * key once per 0.5° square its disc reaches (`b:64@97:4`), so an announcement in Paris reads no
 * search around Lyon. Kept by a trigger on saved_searches (migrations 0019, 0027); a new
 * announcement reads only the searches under its own keys.
 */
export const savedSearchKeys = pgTable(
  'saved_search_keys',
  {
    key: text('key').notNull(),
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    /** The search's research_words, so that the fan-out drops a search by its text from the index. */
    words: text('words').array().notNull().default([]),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.savedSearchId] }),
    index('saved_search_keys_search_idx').on(table.savedSearchId),
    // Migration 0027 adds INCLUDE (saved_search_id, words): the fan-out reads the index alone.
    index('saved_search_keys_lookup_idx').on(table.key),
  ],
);
