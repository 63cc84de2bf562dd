import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's saved search, shown as an alert (docs/product/discovery.md §3). The criteria are stored as the search
 * reads them; `criteria_key` is their canonical form, so "is this search already saved?" is one
 * indexed lookup.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    researchText: text('research_text'),
    researchSorting: text('research_sorting'),
    address: text('address'),
    locationRadius: integer('location_radius'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    vehicleTypeIds: integer('vehicle_type_ids').array().notNull().default([]),
    brandIds: integer('brand_ids').array().notNull().default([]),
    modelIds: integer('model_ids').array().notNull().default([]),
    modelFinishIds: integer('model_finish_ids').array().notNull().default([]),
    colors: text('colors').array().notNull().default([]),
    energies: text('energies').array().notNull().default([]),
    minFiscalPower: integer('min_fiscal_power'),
    maxFiscalPower: integer('max_fiscal_power'),
    criteriaKey: text('criteria_key').notNull(),
    /**
     * The words of the text the alert fan-out can test in SQL (plain a–z/0–9 once lower-cased and
     * common French accents removed): each must be a word of a matching announcement. Set by a
     * trigger (migration 0027), never by the application.
     */
    researchWords: text('research_words').array().notNull().default([]),
    /**
     * Its owner may be told (e-mail validated, no deletion asked, not a back-office account) and
     * has the "my alerts" group on: kept by triggers on users, notification_preferences and this
     * table (migration 0032), so that the alert fan-out reads no users row per owner (a third of
     * Paris's recipients search, bench/results/notifications-2026-12-02-notes.md).
     */
    ownerWantsAlerts: boolean('owner_wants_alerts').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('saved_searches_user_idx').on(table.userId, table.id),
    index('saved_searches_user_criteria_idx').on(table.userId, table.criteriaKey),
  ],
);
